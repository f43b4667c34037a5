import { describe, expect, it } from 'vitest'
import { SWEDISH_ORDER_FORM } from '../../test/fixtures'
import { decode, uniqueEmail, visitor } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'
import { formatMoney } from '../i18n/formats'
import { TRADE_IN_COOKIE } from './tradein-cookie'

const sv = CATALOGS['sv-SE']
const TWO_YEARS_AGO = String(new Date().getUTCFullYear() - 2)
// 45 990 € × 73 % × 98 % × 11.2 = 368 493.95 kr, rounded down to 368 000 kr (the valuation model's own test)
const ESTIMATE = 36_800_000
const CAR = 'Nordvolt P5 Standard Range'

let serial = 0
const newVin = () => `XNVP5AAB0R${String(Date.now() % 1e6).padStart(6, '0')}${serial++ % 10}`

function valuationForm(extra: Record<string, string> = {}) {
  return {
    vin: newVin(),
    mileage: '40000',
    plate: 'ABC 123',
    owner: 'Anna Berg',
    car: 'nordvolt/p5/p5-standard',
    year: TWO_YEARS_AGO,
    ...extra,
  }
}

/** The summary's total in minor units: formatMoney shows every minor digit, so its digits are the amount. */
function summaryTotal(html: string): number {
  const total = /<p class="price-summary__total">([^<]+)<\/p>/.exec(html)?.[1] ?? ''
  return Number(total.replace(/\D/g, ''))
}

function tradeInRows(html: string): string[] {
  const section = /<section class="price-summary__trade-in"[\s\S]*?<\/section>/.exec(html)?.[0] ?? ''
  return [...section.matchAll(/<th scope="row">([^<]+)<\/th><td>([^<]+)<\/td>/g)].map((m) => `${m[1]}: ${m[2]}`)
}

async function valuedVisitor(extra: Record<string, string> = {}) {
  const person = visitor()
  const valued = await person.postForm('/se/trade-in', valuationForm(extra))
  const location = valued.headers.get('location') ?? ''
  const id = /result\/([\w-]{12})/.exec(location)?.[1] ?? ''
  return { person, valued, location, id }
}

describe('a trade-in estimate in the price summary', () => {
  it('is carried by a necessary cookie that holds only the valuation id and the browser’s key', async () => {
    const { valued, id } = await valuedVisitor()
    const cookie = valued.headers.getSetCookie().find((c) => c.startsWith(`${TRADE_IN_COOKIE}=`)) ?? ''
    expect(cookie).toMatch(new RegExp(`^${TRADE_IN_COOKIE}=${id}\\.[\\w-]{43};`))
    expect(cookie).toMatch(/Max-Age=2592000/)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/Secure/)
    expect(cookie).toMatch(/SameSite=Lax/)
  })

  it('is set against the configurator’s total as an estimate, and the page is never cached', async () => {
    const { person, id } = await valuedVisitor()
    const res = await person.request('/se/configurator/p5')
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const html = decode(await res.text())
    const total = summaryTotal(html)
    expect(total).toBeGreaterThan(ESTIMATE)
    expect(tradeInRows(html)).toEqual([
      `${sv['price.tradeIn.estimate'].replace('{car}', CAR)}: ${formatMoney({ amount: -ESTIMATE, currency: 'SEK' }, 'sv-SE')}`,
      `${sv['price.tradeIn.balance']}: ${formatMoney({ amount: total - ESTIMATE, currency: 'SEK' }, 'sv-SE')}`,
    ])
    expect(html).toContain(sv['price.tradeIn.note'])
    expect(html).toContain(`href="/se/trade-in/result/${id}"`)
    // The browser's copy of the client state carries it too, so the hydrated summary keeps the line.
    expect(html).toContain(`"tradeInCarInfo":{"id":"${id}"`)
  })

  it('follows the car to its overview after saving, against the saved car’s total', async () => {
    const { person } = await valuedVisitor()
    const saved = await person.postForm('/se/configurator/p5', { configuration: 'version=long-range' })
    const overview = decode(await (await person.request(saved.headers.get('location') ?? '')).text())
    const total = summaryTotal(overview)
    expect(tradeInRows(overview)[1]).toBe(
      `${sv['price.tradeIn.balance']}: ${formatMoney({ amount: total - ESTIMATE, currency: 'SEK' }, 'sv-SE')}`,
    )
  })

  it('stays on its own country’s site: the Norwegian configurator offers a valuation instead', async () => {
    const { person } = await valuedVisitor()
    const res = await person.request('/no/configurator/p5')
    const html = decode(await res.text())
    expect(tradeInRows(html)).toEqual([])
    expect(html).toContain(`href="/no/trade-in"`)
    expect(html).toContain(CATALOGS['nb-NO']['price.tradeIn.value'])
  })

  it('offers a valuation that comes back to the saved car, without JavaScript', async () => {
    const person = visitor()
    const saved = await person.postForm('/se/configurator/p5', { configuration: '' })
    const configurationId = /overview\/([\w-]+)/.exec(saved.headers.get('location') ?? '')?.[1] ?? ''
    const overview = decode(await (await person.request(`/se/configurator/overview/${configurationId}`)).text())
    expect(tradeInRows(overview)).toEqual([])
    const valueLink = /href="(\/se\/trade-in\?configuration=[^"]+)"/.exec(overview)?.[1] ?? ''
    expect(valueLink).toBe(`/se/trade-in?configuration=${configurationId}`)
    const valued = await person.postForm(valueLink, valuationForm({ configuration: configurationId }))
    const result = decode(await (await person.request(valued.headers.get('location') ?? '')).text())
    expect(result).toContain(`href="/se/configurator/overview/${configurationId}"`)
    expect(result).toContain(sv['tradeIn.result.backToCar'])
    const back = decode(await (await person.request(`/se/configurator/overview/${configurationId}`)).text())
    expect(tradeInRows(back)).toHaveLength(2)
  })

  it('can be removed on its result page, after which the summaries offer a valuation again', async () => {
    const { person, location } = await valuedVisitor()
    const result = decode(await (await person.request(location)).text())
    expect(result).toContain(sv['tradeIn.result.carried'])
    const removed = await person.postForm(location, { intent: 'forget' })
    expect(removed.status).toBe(303)
    expect(removed.headers.get('location')).toBe('/se/trade-in')
    expect(person.jar.has(TRADE_IN_COOKIE)).toBe(false)
    const html = decode(await (await person.request('/se/configurator/p5')).text())
    expect(tradeInRows(html)).toEqual([])
    expect(html).toContain(sv['price.tradeIn.value'])
    // Someone else's valuation, opened by its address, is not theirs to remove.
    expect(decode(await (await visitor().request(location)).text())).not.toContain(sv['tradeIn.result.forget'])
  })

  it('ignores a cookie naming no valuation', async () => {
    const person = visitor()
    person.jar.set(TRADE_IN_COOKIE, 'nosuchvalue1')
    const res = await person.request('/se/configurator/p5')
    expect(res.status).toBe(200)
    const html = decode(await res.text())
    expect(tradeInRows(html)).toEqual([])
    expect(html).toContain('"tradeInCarInfo":null')
  })

  it('goes with the next order and then leaves the price summaries', async () => {
    const { person } = await valuedVisitor()
    await person.signUp('/se', { name: 'Anna Berg', email: uniqueEmail('anna'), password: 'correct horse battery' })
    const saved = await person.postForm('/se/configurator/p5', { configuration: '' })
    const configurationId = /overview\/([\w-]+)/.exec(saved.headers.get('location') ?? '')?.[1] ?? ''
    const formPath = `/se/configurator/info-submission/${configurationId}`
    const estimate = formatMoney({ amount: ESTIMATE, currency: 'SEK' }, 'sv-SE')
    expect(decode(await (await person.request(formPath)).text())).toContain(estimate)
    const placed = await person.postForm(formPath, SWEDISH_ORDER_FORM)
    const orderId = /result-confirmation\/([\w-]+)/.exec(placed.headers.get('location') ?? '')?.[1] ?? ''
    expect(orderId).not.toBe('')
    expect(person.jar.has(TRADE_IN_COOKIE)).toBe(false)
    expect(decode(await (await person.request(`/se/order/${orderId}`)).text())).toContain(estimate)
    expect(tradeInRows(decode(await (await person.request('/se/configurator/p5')).text()))).toEqual([])
  })
})
