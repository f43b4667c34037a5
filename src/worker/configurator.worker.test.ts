import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { decode, uniqueEmail, visitor } from '../../test/visitor'
import { EXAMPLE_CONFIGURATION } from '../domain/catalog/example'
import { CATALOGS } from '../i18n/catalogs'
import { createStore } from '../store'

const nl = CATALOGS['nl-NL']

async function page(path: string, person = visitor()) {
  const res = await person.request(path)
  return { res, html: decode(await res.text()) }
}

/** The on-the-road total the API quotes for the same car, formatted as the page shows it. */
async function apiTotal(site: string, configuration: Record<string, unknown>) {
  const res = await visitor().api('/api/v1/price-quotes', { site, usage: 'personal', configuration })
  return ((await res.json()) as { totals: { inclVat: { formatted: string } } }).totals.inclVat.formatted
}

const DEFAULT_LONG_RANGE = EXAMPLE_CONFIGURATION

describe('the configurator', () => {
  it('opens a model with its steps, picture, price and delivery, in the site’s language', async () => {
    const { res, html } = await page('/nl/configurator/p5')
    expect(res.status).toBe(200)
    for (const step of ['version', 'paint', 'wheels', 'interior', 'options', 'accessories'] as const) {
      expect(html).toContain(nl[`configurator.step.${step}`])
    }
    expect(html).toContain(nl['configurator.section.exterior'])
    expect(html).toContain(nl['configurator.section.options'])
    expect(html).toContain('<svg class="car-render"')
    expect(html).toContain(nl['configurator.price.total'])
    expect(html).toContain(nl['compare.heading'])
    // Its script is started by an inline loader once the page has painted (startAfterFirstPaint).
    expect(html).toMatch(/<script nonce="[^"]+" id="[^"]+">\(function\(\)\{[^<]*?import\("[^"]*configurator[^"]*"\)/)
  })

  it('shows the same total as the price API for the same car', async () => {
    const { html } = await page('/nl/configurator/p5?version=long-range')
    const total = await apiTotal('/nl', DEFAULT_LONG_RANGE)
    expect(html).toContain(total)
  })

  it('applies a choice from a link, marks it selected and prices it', async () => {
    const { html } = await page('/nl/configurator/p5?version=long-range&paint=fjord-blue&chose=paintCode:fjord-blue')
    expect(html).toMatch(/<a class="choice" href="[^"]*paint=fjord-blue[^"]*" aria-current="true"/)
    expect(html).toContain(await apiTotal('/nl', { ...DEFAULT_LONG_RANGE, paintCode: 'fjord-blue' }))
    expect(html).toContain('Fjord') // named in the picture's text alternative
  })

  it('resets the other choices to the new version’s defaults, with a note', async () => {
    const { html } = await page(
      '/nl/configurator/p5?version=standard-range&paint=fjord-blue&chose=versionCode:standard-range',
    )
    expect(html).toContain(`<h2 id="changes-title">${nl['configurator.notes.heading']}</h2>`)
    expect(html).toMatch(/<a class="choice" href="[^"]*paint=arctic-white[^"]*" aria-current="true"/)
  })

  it('reverts a choice that a new one makes impossible, and says what changed', async () => {
    // The tow pack cannot be combined with 19-inch wheels: choosing it reverts the wheels.
    const { html } = await page(
      '/se/configurator/p5?version=long-range&wheels=sport-19&packs=tow-pack&chose=packCodes:tow-pack',
    )
    expect(html).toContain(`<h2 id="changes-title">${CATALOGS['sv-SE']['configurator.notes.heading']}</h2>`)
    expect(html).toMatch(/<a class="choice" href="[^"]*wheels=aero-18[^"]*" aria-current="true"/)
  })

  it('keeps a shared link exactly as it is when it can be built', async () => {
    const { html } = await page('/nl/configurator/p5?version=long-range&paint=aurora-green-black&wheels=sport-19')
    expect(html).not.toContain('id="changes-title"')
    expect(html).toMatch(/paint=aurora-green-black[^"]*" aria-current="true"/)
  })

  it('offers the global site’s visitors their country instead of ordering', async () => {
    const { html } = await page('/configurator/p5')
    expect(html).toContain(CATALOGS['en-US']['configurator.global.heading'])
    // Each country site's link takes the car along, for its real price there.
    expect(html).toMatch(/href="\/no\/configurator\/p5\?version=standard-range[^"]*"/)
  })
})

describe('an option that needs another', () => {
  it('says on its tile what it needs and costs, and its link takes both, without JavaScript', async () => {
    const { html } = await page('/de/configurator/p5?version=standard-range')
    const tile = /<a class="choice choice--tile" href="([^"]*interior=vegan-leather-sand[^"]*)"[^>]*>(.*?)<\/a>/.exec(
      html,
    )
    expect(tile?.[2]?.replace(/\s/g, ' ')).toContain('Erfordert Komfort-Paket (+ 1.590,00 €), wird mit hinzugefügt')
    const href = tile?.[1] ?? ''
    expect(new URL(href, 'http://x').searchParams.get('packs')).toBe('comfort-pack')
    // What the page shows: its scripts (the hydration data carries every message) left out.
    const chosen = (await page(href)).html.replace(/<script[^>]*>[\s\S]*?<\/script>/g, '')
    expect(chosen).toMatch(/interior=vegan-leather-sand[^"]*" aria-current="true"/)
    expect(chosen).toMatch(/packs=comfort-pack[^"]*" aria-current="true"/)
    expect(chosen).not.toContain('wurde zurückgesetzt')
    // Once chosen, or where the pack is standard (Long Range), the tile says nothing of it.
    const leather = (html: string) =>
      [...html.matchAll(/<a class="choice choice--tile"[^>]*>(.*?)<\/a>/g)].find((m) =>
        m[1]?.includes('Veganes Leder'),
      )?.[1]
    expect(leather(chosen)).toContain('Veganes Leder')
    expect(leather(chosen)).not.toContain('choice__needs')
    expect(leather((await page('/de/configurator/p5?version=long-range')).html)).not.toContain('choice__needs')
  })
})

describe('what a crawler follows', () => {
  /** Every link of a page: its address and whether it says `nofollow`. */
  const links = (html: string) =>
    [...html.matchAll(/<a\b([^>]*)>/g)].map((m) => ({
      href: /\shref="([^"]*)"/.exec(m[1] ?? '')?.[1] ?? '',
      nofollow: /\srel="[^"]*\bnofollow\b/.test(m[1] ?? ''),
    }))

  it('follows no link to another car: every choice, view, usage and finance link is nofollow', async () => {
    for (const path of [
      '/de/configurator/p5',
      '/at/configurator/p5?version=long-range&paint=fjord-blue',
      '/configurator/p5',
    ]) {
      const { html } = await page(path)
      const toCars = links(html).filter((link) => /\/configurator\/p5\?/.test(link.href))
      expect(toCars.length, path).toBeGreaterThan(20)
      expect(
        toCars.filter((link) => !link.nofollow).map((link) => link.href),
        path,
      ).toEqual([])
    }
  })

  it('keeps the build in the header’s links and the other sites’ links, which say nofollow too', async () => {
    const { html } = await page('/be/fr-BE/configurator/p5?version=long-range&paint=fjord-blue')
    const build = 'version=long-range&paint=fjord-blue&wheels=aero-18&interior=textile-charcoal&packs=&accessories='
    const all = links(html)
    expect(all).toContainEqual({ href: `/be/fr-BE/configurator/p5?${build}`, nofollow: true })
    expect(all).toContainEqual({ href: `/be/fr-BE/test-drive/p5?${build}`, nofollow: true })
    expect(all).toContainEqual({ href: `/be/nl-BE/configurator/p5?${build}`, nofollow: true })
    expect(all).toContainEqual({ href: `/de/configurator/p5?${build}`, nofollow: true })
  })

  it('shows the build on the test-drive page the header links, and keeps it in that page’s links', async () => {
    const build = 'version=long-range&paint=fjord-blue&wheels=aero-18&interior=textile-charcoal&packs=&accessories='
    const { res, html } = await page(`/de/test-drive/p5?${build}`)
    expect(res.status).toBe(200)
    // What the page shows: its body, scripts left out (the page's share preview stays the model's own).
    const shown = html.slice(html.indexOf('<body')).replace(/<script[^>]*>[\s\S]*?<\/script>/g, '')
    expect(shown).toContain('Fjordblau')
    expect(shown).toContain('Große Reichweite')
    expect(shown).not.toContain('Arktisweiß')
    expect(links(html)).toContainEqual({ href: `/de/configurator/p5?${build}`, nofollow: true })
    // A saved build's overview links the build itself; without a build in the address, the model as it comes.
    const saved = await visitor().postForm('/de/configurator/p5', { configuration: build })
    const id = /overview\/([\w-]+)/.exec(saved.headers.get('location') ?? '')?.[1]
    const overview = links((await page(`/de/configurator/overview/${id}`)).html)
    expect(overview).toContainEqual({ href: `/de/configurator/test-drive-submission/${id}`, nofollow: false })
    expect(overview).toContainEqual({ href: `/de/configurator/${id}`, nofollow: false })
    expect((await page('/de/test-drive/p5')).html).not.toContain('Fjordblau')
  })
})

describe('figures in sentences', () => {
  it('writes the versions’ consumption with the page’s decimal mark, in the comparison and on a saved build', async () => {
    // What the page shows: its scripts (the hydration data quotes the catalog's sources) left out.
    const shown = (html: string) => html.replace(/<script[^>]*>[\s\S]*?<\/script>/g, '')
    const html = shown((await page('/de/configurator/p5')).html)
    expect(html).toMatch(/<td>17,7–17,9\s+kWh\/100\s+km<\/td>/)
    expect(html).not.toMatch(/17\.\d–17\.\d\s+kWh/)
    const saved = await visitor().postForm('/nl/configurator/p5', { configuration: 'version=long-range' })
    const overview = shown((await page(saved.headers.get('location') ?? '')).html)
    expect(overview).toMatch(/17,5–17,7\s+kWh\/100\s+km/)
    expect(overview).not.toMatch(/17\.\d–17\.\d\s+kWh/)
    // English keeps its full stop.
    expect((await page('/configurator/p5')).html).toMatch(/17\.7–17\.9\s+kWh\/100\s+km/)
  })
})

describe('saving and sharing', () => {
  it('saves under a short unguessable id with the price, opens the overview and reopens the car', async () => {
    const person = visitor()
    const query =
      'version=long-range&paint=fjord-blue&wheels=sport-19&interior=textile-charcoal&packs=tech-pack&accessories='
    const saved = await person.postForm('/nl/configurator/p5', { configuration: query })
    expect(saved.status).toBe(303)
    const location = saved.headers.get('location') ?? ''
    const id = /\/nl\/configurator\/overview\/([\w-]+)\?saved=1$/.exec(location)?.[1] ?? ''
    expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/)

    const overview = decode(await (await person.request(location)).text())
    const total = await apiTotal('/nl', {
      ...DEFAULT_LONG_RANGE,
      paintCode: 'fjord-blue',
      wheelCode: 'sport-19',
      packCodes: ['tech-pack'],
    })
    expect(overview).toContain(total)
    expect(overview).toContain(nl['overview.saved'])
    expect(overview).toContain(`href="/nl/pre-order/${id}/p5"`)
    expect(overview).toContain(`href="/nl/configurator/test-drive-submission/${id}"`)
    expect(overview).toContain(`value="http://local.test/nl/configurator/${id}"`)

    const reopened = decode(await (await person.request(`/nl/configurator/${id}`)).text())
    expect(reopened).toMatch(/paint=fjord-blue[^"]*" aria-current="true"/)
    expect(reopened).toMatch(/packs=[^"]*" aria-current="true"/)
  })

  it('lists a signed-in visitor’s saved configuration on their account page', async () => {
    const person = visitor()
    await person.signUp('/no', { name: 'Ada', email: uniqueEmail(), password: 'correct horse battery' })
    const saved = await person.postForm('/no/configurator/p5', { configuration: 'version=standard-range' })
    const id = /overview\/([\w-]+)/.exec(saved.headers.get('location') ?? '')?.[1]
    expect(await (await person.request('/no/user-center/profile')).text()).toContain(`/no/configurator/overview/${id}`)
  })

  it('shows a change of price since saving as a difference', async () => {
    const person = visitor()
    const saved = await person.postForm('/de/configurator/p5', { configuration: 'version=long-range' })
    const id = /overview\/([\w-]+)/.exec(saved.headers.get('location') ?? '')?.[1] ?? ''
    await env.DB.prepare(
      `UPDATE configurations SET saved_price = json_set(saved_price, '$.totalInclVat', 100) WHERE id = ?1`,
    )
      .bind(id)
      .run()
    const html = decode(await (await person.request(`/de/configurator/overview/${id}`)).text())
    expect(html).toContain(CATALOGS['de-DE']['overview.priceChanged'].split('{saved}')[0] ?? '')
  })

  it('asks before restoring a saved configuration that can no longer be built', async () => {
    const id = `old-${crypto.randomUUID().slice(0, 8)}`
    await env.DB.prepare(
      `INSERT INTO configurations (id, model_code, country_code, created_at, choices, usage) VALUES (?1, 'p5', 'NL', '2025-01-01T00:00:00Z', ?2, 'personal')`,
    )
      .bind(id, JSON.stringify({ ...DEFAULT_LONG_RANGE, paintCode: 'discontinued-red' }))
      .run()
    const html = decode(await (await visitor().request(`/nl/configurator/${id}`)).text())
    expect(html).toContain(nl['configurator.restore.message'])
    expect(html).toContain(nl['configurator.restore.confirm'])
  })

  it('refuses the same car submitted twice by the same customer', async () => {
    const store = createStore(env)
    const ownerEmail = uniqueEmail()
    const person = visitor()
    await person.signUp('/no', { name: 'Ada', email: ownerEmail, password: 'correct horse battery' })
    const owner = await env.DB.prepare('SELECT id FROM users WHERE email = ?1').bind(ownerEmail).first<{ id: string }>()
    const first = await store.saveConfiguration({
      configuration: { ...DEFAULT_LONG_RANGE, packCodes: ['tech-pack', 'premium-sound'] },
      usage: 'personal',
      countryCode: 'NO',
      ownerId: owner?.id ?? null,
      savedPrice: { totalInclVat: 1, currency: 'NOK', validOn: '2026-11-21' },
      now: new Date(),
    })
    const again = { ...DEFAULT_LONG_RANGE, packCodes: ['premium-sound', 'tech-pack'] }
    expect(await store.hasSubmittedSame(owner?.id ?? '', again)).toBe(false)
    await store.markSubmitted(first, new Date())
    expect(await store.hasSubmittedSame(owner?.id ?? '', again)).toBe(true)
    expect(await store.hasSubmittedSame(owner?.id ?? '', { ...again, paintCode: 'fjord-blue' })).toBe(false)
  })

  it('answers an unknown configuration with the 404 page', async () => {
    const { res, html } = await page('/nl/configurator/overview/doesnotexist')
    expect(res.status).toBe(404)
    expect(html).toContain(nl['error.configuratorNotFound.message'])
  })
})

describe('the finance panel', () => {
  const financeOf = async (query: string) => {
    const html = decode(await (await visitor().request(`/nl/configurator/p5?version=long-range&${query}`)).text())
    return { html, monthly: /<p class="finance__monthly"[^>]*>([^<]+)<\/p>/.exec(html)?.[1] ?? '' }
  }

  it('shows the site’s products and a loan’s monthly payment with APR, cost of credit and total to repay', async () => {
    const { html, monthly } = await financeOf('finance=loan')
    for (const kind of ['cash', 'loan', 'privateLease'] as const) expect(html).toContain(nl[`finance.product.${kind}`])
    expect(monthly).toMatch(/€/)
    for (const key of ['finance.field.apr', 'finance.field.creditCost', 'finance.field.totalToRepay'] as const) {
      expect(html).toContain(nl[key])
    }
    expect(html).toContain(nl['finance.compare.heading'])
  })

  it('follows the form without JavaScript: a shorter term costs more a month, matching the API', async () => {
    const long = await financeOf('finance=loan&term=72')
    const short = await financeOf('finance=loan&term=24')
    expect(short.monthly).not.toBe(long.monthly)
    const api = (await (
      await visitor({ language: 'nl-NL' }).api('/api/v1/finance-quotes', {
        site: '/nl',
        usage: 'personal',
        configuration: DEFAULT_LONG_RANGE,
        product: 'loan',
        choice: { termMonths: 24 },
      })
    ).json()) as { described: { monthly: string } }
    expect(short.monthly).toBe(api.described.monthly)
  })

  it('explains an out-of-range down payment with the allowed range, next to the field', async () => {
    const { html } = await financeOf('finance=loan&down=99999999')
    expect(html).toContain('id="finance-downPayment-error"')
    expect(html).toContain(nl['finance.problem.downPaymentOutOfRange'].split('{')[0] ?? '')
    expect(html).toMatch(/id="finance-down"[^>]*aria-invalid="true"/)
  })

  it('offers no finance on the global site', async () => {
    const html = await (await visitor().request('/configurator/p5')).text()
    expect(html).not.toContain('id="finance-title"')
  })
})

describe('a kept finance offer', () => {
  it('shows "Finance Option Has Expired" with fresh figures to try once it has expired', async () => {
    const person = visitor({ language: 'nl-NL' })
    const kept = (await (
      await person.api('/api/v1/finance-quotes', {
        site: '/nl',
        usage: 'personal',
        configuration: DEFAULT_LONG_RANGE,
        product: 'loan',
        keep: true,
      })
    ).json()) as { offer: { id: string } }
    const path = `/nl/configurator/p5?version=long-range&finance=loan&offer=${kept.offer.id}`
    const valid = decode(await (await person.request(path)).text())
    expect(valid).not.toContain(`<h3>${nl['finance.offerExpired.title']}</h3>`)
    expect(valid).toContain(nl['finance.kept'].split('{')[0] ?? '')
    await env.DB.prepare(`UPDATE finance_offers SET expires_at = '2000-01-01T00:00:00.000Z' WHERE id = ?1`)
      .bind(kept.offer.id)
      .run()
    const expired = decode(await (await person.request(path)).text())
    expect(expired).toContain(`<h3>${nl['finance.offerExpired.title']}</h3>`)
    expect(expired).toContain(nl['finance.offerExpired.retry'])
    // Fresh figures are still shown below.
    expect(expired).toMatch(/<p class="finance__monthly"/)
    // The same car and finance without the offer: the panel computed for the requests above is shared, not theirs.
    const plain = decode(await (await person.request(path.replace(/&offer=.*$/, ''))).text())
    expect(plain).not.toContain(`<h3>${nl['finance.offerExpired.title']}</h3>`)
    expect(plain).toMatch(/<p class="finance__monthly"/)
    const payload = /<script id="__ctx"[^>]*>(.*?)<\/script>/s.exec(plain)?.[1] ?? '{}'
    const { finance } = (JSON.parse(payload) as { data: { finance: Record<string, unknown> } }).data
    expect(finance).toMatchObject({ selected: 'loan' })
    expect(finance).not.toHaveProperty('offerExpired')
    expect(finance).not.toHaveProperty('keptUntil')
  })
})

describe('the figures handed to the browser', () => {
  /** The payload the page hydrates with, parsed. */
  const payloadOf = (html: string) =>
    JSON.parse(/<script id="__ctx"[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as {
      formats?: Record<string, string>
    }

  it('carries every price and date the page shows, as the page shows it, so the browser builds no formatter', async () => {
    const { html } = await page('/nl/configurator/p5?version=long-range')
    const formats = Object.entries(payloadOf(html).formats ?? {})
    // The on-the-road total, the loan's rates and the delivery window are among them.
    const total = await apiTotal('/nl', DEFAULT_LONG_RANGE)
    expect(formats.map(([, text]) => text)).toContain(total)
    expect(formats.some(([key]) => key.startsWith('datetime|nl-NL|'))).toBe(true)
    expect(formats.some(([key]) => key.startsWith('rate|nl-NL|'))).toBe(true)
    for (const [key, text] of formats) {
      expect(key).toMatch(/^(money|deduction|rate|quantity|datetime)\|nl-NL\|/)
      // A date is shown without its time of day (formatDate): the day, month and year are on the page.
      const shown = key.startsWith('datetime|') ? text.slice(0, -6) : text
      expect(html, key).toContain(shown)
    }
  })

  it('is the page’s own: a German page carries German figures only', async () => {
    const { html } = await page('/de/configurator/p5')
    const keys = Object.keys(payloadOf(html).formats ?? {})
    expect(keys.length).toBeGreaterThan(10)
    expect(keys.every((key) => key.split('|')[1] === 'de-DE')).toBe(true)
  })
})

describe('the down payment field', () => {
  const downField = (html: string) => html.match(/<input[^>]*name="down"[^>]*>/)?.[0] ?? ''
  const monthly = (html: string) => decode(html).match(/Maandbedrag[^0-9€]*(€\s?[\d.,]+)/)?.[1]

  it('opens on a whole krone: 35 % of 519 475 kr (181 816.25) rounded up to 181 817', async () => {
    const { html } = await page('/no/configurator/p5?finance=loan')
    expect(downField(html)).toMatch(/value="181\u00a0817"/)
    expect(downField(html)).toMatch(/type="text"[^>]*inputmode="decimal"/i)
  })

  it('writes the amount as the locale writes numbers and reads it however it is typed', async () => {
    const { html } = await page('/nl/configurator/p5?finance=loan&down=4699,05')
    expect(downField(html)).toContain('value="4.699,05"')
    for (const typed of ['4.699,05', '4699.05', '4 699,05']) {
      const again = await page(`/nl/configurator/p5?finance=loan&down=${encodeURIComponent(typed)}`)
      expect(downField(again.html), typed).toContain('value="4.699,05"')
      expect(monthly(again.html), typed).toBe(monthly(html))
    }
    expect(monthly(html)).toMatch(/€/)
  })
})
