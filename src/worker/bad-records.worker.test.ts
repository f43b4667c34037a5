import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { DUTCH_ORDER_FORM, placedOrderId, savedBuild, signedUp } from '../../test/fixtures'
import { decode, visitor } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'
import { forgetStockLists } from '../store/stock'

const nl = CATALOGS['nl-NL']
const se = CATALOGS['sv-SE']

/** A Dutch customer with two placed orders (two builds), and the orders' ids and numbers. */
async function customerWithTwoOrders() {
  const { someone: customer, email } = await signedUp('/nl', 'Anne Jansen')
  const orders: { id: string; number: string }[] = []
  for (const build of ['version=standard-range&paint=graphite-grey', 'version=long-range&paint=fjord-blue']) {
    const configurationId = await savedBuild(customer, '/nl', build)
    const placed = await customer.postForm(`/nl/configurator/info-submission/${configurationId}`, DUTCH_ORDER_FORM)
    const id = placedOrderId(placed)
    const row = await env.DB.prepare('SELECT number FROM orders WHERE id = ?1').bind(id).first<{ number: string }>()
    orders.push({ id, number: row?.number ?? '' })
  }
  return { customer, email, orders }
}

/** The log lines the worker wrote through console.error while `act` ran. */
async function errorLog(act: () => Promise<void>): Promise<string> {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  await act()
  const text = error.mock.calls.map((call) => call.map(String).join(' ')).join('\n')
  error.mockRestore()
  return text
}

describe('a stored row that fails its schema', () => {
  it('leaves one order out of the staff console and the owner’s account, says so, and reports it by id', async () => {
    const { customer, orders } = await customerWithTwoOrders()
    const [broken, intact] = orders as [{ id: string; number: string }, { id: string; number: string }]
    await env.DB.prepare(`UPDATE orders SET document = '{"status": "lost"' WHERE id = ?1`).bind(broken.id).run()
    const { someone: staff } = await signedUp('/nl', 'Sam Staff', 'NL')
    const notice = nl['records.unreadable'].split('{count')[0] ?? ''

    const log = await errorLog(async () => {
      const console = await staff.request('/nl/staff')
      expect(console.status).toBe(200)
      const html = decode(await console.text())
      expect(html).toContain(intact.number)
      expect(html).not.toContain(broken.number)
      expect(html).toContain(notice)

      const profile = await customer.request('/nl/user-center/profile')
      expect(profile.status).toBe(200)
      const account = decode(await profile.text())
      expect(account).toContain(intact.number)
      expect(account).toContain(notice)

      // The broken order's own page says it cannot be shown, rather than that it does not exist.
      const page = await customer.request(`/nl/order/${broken.id}`)
      expect(page.status).toBe(500)
      expect(decode(await page.text())).toContain(nl['error.unreadableRecord.title'])
    })
    const lines = log.split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(lines.some((line) => line.msg === 'record fails its schema' && line.id === broken.id)).toBe(true)
    // Its content never goes to the log.
    expect(log).not.toContain('lost')
  })

  it('still exports the owner’s data, the unreadable part as it is, and names what it could not read', async () => {
    const { customer, orders } = await customerWithTwoOrders()
    const [broken, intact] = orders as [{ id: string; number: string }, { id: string; number: string }]
    await env.DB.prepare(`UPDATE orders SET document = 'not json', personal = '{"email":' WHERE id = ?1`)
      .bind(broken.id)
      .run()
    const res = await customer.request('/nl/user-center/privacy/export')
    expect(res.status).toBe(200)
    const data = (await res.json()) as {
      orders: { id: string; personal: unknown }[]
      notReadable: { table: string; id: string; column: string }[]
    }
    expect(data.orders.map((o) => o.id).sort()).toEqual([broken.id, intact.id].sort())
    expect(data.orders.find((o) => o.id === broken.id)?.personal).toBe('{"email":')
    expect(data.notReadable).toContainEqual({ table: 'orders', id: broken.id, column: 'personal' })
  })

  it('leaves a stock car out of the quick-delivery list, which still lists the others', async () => {
    const before = decode(await (await visitor().request('/se/quick-delivery?view=before')).text())
    const { results } = await env.DB.prepare(
      `SELECT id, configuration FROM stock_cars WHERE country_code = 'SE' AND remaining > 0 ORDER BY sort, id`,
    ).all<{ id: string; configuration: string }>()
    const [victim] = results
    if (!victim) throw new Error('no Swedish stock')
    await env.DB.prepare(`UPDATE stock_cars SET configuration = '{"paintCode":' WHERE id = ?1`).bind(victim.id).run()
    // The list this isolate kept (20 s) is dropped, as after a sale.
    forgetStockLists()
    try {
      const log = await errorLog(async () => {
        const res = await visitor().request('/se/quick-delivery?view=after')
        expect(res.status).toBe(200)
        const after = decode(await res.text())
        // The other cars are still there: as many "order this car" links as before, less the one left out.
        const orderLinks = (html: string) => html.split(se['stock.orderCar']).length - 1
        expect(orderLinks(after)).toBe(orderLinks(before) - 1)
      })
      expect(log).toContain(victim.id)
    } finally {
      await env.DB.prepare('UPDATE stock_cars SET configuration = ?2 WHERE id = ?1')
        .bind(victim.id, victim.configuration)
        .run()
      forgetStockLists()
    }
  })

  it.each([
    ['types', `'[1,'`],
    ['roles', `'{"staff":true}'`],
  ])('reads bad users.%s as none: every page still opens for that person', async (column, value) => {
    const { someone: person, email } = await signedUp('/nl', 'Piet Bakker')
    await env.DB.prepare(`UPDATE users SET ${column} = ${value} WHERE email = ?1`).bind(email).run()
    const log = await errorLog(async () => {
      for (const path of ['/nl', '/nl/user-center/profile', '/nl/configurator/p5']) {
        expect((await person.request(path)).status, path).toBe(200)
      }
      expect((await person.request('/nl/staff')).status).toBe(404)
    })
    expect(log).toContain(`users.${column}`)
  })
})
