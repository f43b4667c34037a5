import { env } from 'cloudflare:test'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { visitor } from '../../../test/visitor'
import { EXAMPLE_CONFIGURATION } from '../../domain/catalog/example'
import { Catalog } from '../../domain/catalog/schema'
import { onTheRoadPrice } from '../../domain/pricing/engine'
import { CountryPriceRules } from '../../domain/pricing/rules'
import { CATALOGS } from '../../i18n/catalogs'
import { formatDate } from '../../i18n/dates'
import { clearMemoryCache } from '../../store/cache'
import { app } from '../index'

const LONG_RANGE = EXAMPLE_CONFIGURATION

interface QuoteBody {
  currency: string
  lines: { code: string; label: string; amount: number; formatted: string }[]
  totals: { inclVat: { amount: number; formatted: string }; exclVat: { amount: number }; vat: { amount: number } }
  notes: string[]
  runningCosts: { label: string; formatted: string; period: string }[]
  validOn: { date: string; rulesValidFrom: string }
  delivery: { minWeeks: number; maxWeeks: number }
}
interface ErrorBody {
  error: { code: string; fields: { path: string; message: string }[] }
}

async function quote(body: unknown, language = 'en-US') {
  return visitor({ language }).api('/api/v1/price-quotes', body)
}

async function documents() {
  const catalog = Catalog.parse(
    JSON.parse(
      (await env.DB.prepare(`SELECT body FROM catalog_documents WHERE model_code = 'p5'`).first<{ body: string }>())
        ?.body ?? '',
    ),
  )
  const rules = async (country: string) =>
    CountryPriceRules.parse(
      JSON.parse(
        (
          await env.DB.prepare('SELECT body FROM price_rule_documents WHERE country_code = ?1')
            .bind(country)
            .first<{ body: string }>()
        )?.body ?? '',
      ),
    )
  return { catalog, rules }
}

beforeEach(() => {
  clearMemoryCache()
})

describe('GET /api/v1/catalog/{model}', () => {
  it('gives a site what is sold there, named in its language, priced in its currency', async () => {
    const res = await visitor().request('/api/v1/catalog/p5?site=/no')
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      locale: string
      currency: string
      versions: { code: string; name: string; price: number }[]
      paints: { code: string; name: string }[]
      defaults: Record<string, unknown>
    }
    const { catalog } = await documents()
    expect(body.locale).toBe('nb-NO')
    expect(body.currency).toBe('NOK')
    expect(body.versions.map((v) => v.code)).toEqual(['standard-range', 'long-range'])
    expect(body.versions[1]?.name).toBe(catalog.versions[1]?.names['nb-NO'])
    expect(body.versions[1]?.price).toBe(catalog.versions[1]?.prices.NO)
    expect(body.defaults).toMatchObject({ modelCode: 'p5', versionCode: expect.any(String) })
  })

  it('leaves out what a country does not sell', async () => {
    const th = (await (await visitor().request('/api/v1/catalog/p5?site=/th')).json()) as { paints: { code: string }[] }
    const no = (await (await visitor().request('/api/v1/catalog/p5?site=/no')).json()) as { paints: { code: string }[] }
    expect(no.paints.map((p) => p.code)).toContain('aurora-green-black')
    expect(th.paints.map((p) => p.code)).not.toContain('aurora-green-black')
  })

  it('answers 404 for an unknown model and 422 for an unknown site', async () => {
    expect((await visitor().request('/api/v1/catalog/x9?site=/no')).status).toBe(404)
    expect((await visitor().request('/api/v1/catalog/p5?site=/xx')).status).toBe(422)
  })
})

describe('POST /api/v1/price-quotes', () => {
  it('prices a Dutch car with the 1198.00 delivery fee in its three parts, in Dutch and euros', async () => {
    const res = await quote({ site: '/nl', usage: 'personal', configuration: LONG_RANGE, date: '2026-11-21' }, 'nl-NL')
    expect(res.status).toBe(200)
    const body = (await res.json()) as QuoteBody
    expect(body.currency).toBe('EUR')
    const parts = ['vehicle-preparation', 'recycling-fee', 'registration'].map(
      (code) => body.lines.find((l) => l.code === code)?.amount,
    )
    // 1070.11 + 77.67 + 50.22 = 1198.00
    expect(parts).toEqual([107011, 7767, 5022])
    expect(parts.reduce((a = 0, b = 0) => a + b, 0)).toBe(119800)
    expect(body.lines.find((l) => l.code === 'vehicle-preparation')?.label).toBe(
      CATALOGS['nl-NL']['price.line.vehicleServicePrep'],
    )
    expect(body.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(body.totals.inclVat.amount)
    expect(body.totals.inclVat.formatted).toMatch(/^€\s/)
  })

  it('computes the same figures as the price engine, from data in D1', async () => {
    const { catalog, rules } = await documents()
    for (const [site, country, usage] of [
      ['/no', 'NO', 'personal'],
      ['/se', 'SE', 'business'],
      ['/dk', 'DK', 'personal'],
      ['/is', 'IS', 'personal'],
      ['/th', 'TH', 'business'],
    ] as const) {
      const body = (await (
        await quote({ site, usage, configuration: LONG_RANGE, date: '2026-11-21' })
      ).json()) as QuoteBody
      const expected = onTheRoadPrice({
        catalog,
        rules: await rules(country),
        country,
        usage,
        configuration: LONG_RANGE,
        date: '2026-11-21',
      })
      expect(body.totals.inclVat.amount, site).toBe(expected.totalInclVat)
      expect(body.totals.vat.amount, site).toBe(expected.vat)
      expect(
        body.lines.map((l) => l.amount),
        site,
      ).toEqual(expected.lines.map((l) => l.amount))
    }
  })

  it('ignores a price sent by the client', async () => {
    const honest = (await (
      await quote({ site: '/de', usage: 'personal', configuration: LONG_RANGE, date: '2026-11-21' })
    ).json()) as QuoteBody
    const cheeky = (await (
      await quote({
        site: '/de',
        usage: 'personal',
        configuration: LONG_RANGE,
        date: '2026-11-21',
        price: 1,
        totals: { inclVat: 1 },
      })
    ).json()) as QuoteBody
    expect(cheeky.totals).toEqual(honest.totals)
    expect(honest.totals.inclVat.amount).toBeGreaterThan(1_000_000)
  })

  it('shows Denmark’s half-yearly green owner tax as a running cost, outside the total', async () => {
    const body = (await (
      await quote({ site: '/dk', usage: 'personal', configuration: LONG_RANGE }, 'da')
    ).json()) as QuoteBody
    expect(body.runningCosts).toEqual([
      {
        label: CATALOGS['da-DK']['price.line.greenOwnerTax'],
        formatted: '420,00\u00a0kr.',
        period: CATALOGS['da-DK']['price.period.halfYear'],
      },
    ])
    expect(body.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(body.totals.inclVat.amount)
  })

  it('prices on the rules valid on the given date', async () => {
    const before = (await (
      await quote({ site: '/no', usage: 'personal', configuration: LONG_RANGE, date: '2022-06-01' })
    ).json()) as QuoteBody
    const after = (await (
      await quote({ site: '/no', usage: 'personal', configuration: LONG_RANGE, date: '2026-11-21' })
    ).json()) as QuoteBody
    const in2025 = (await (
      await quote({ site: '/no', usage: 'personal', configuration: LONG_RANGE, date: '2025-06-01' })
    ).json()) as QuoteBody
    expect(before.validOn.rulesValidFrom).toBe('2022-01-01')
    expect(in2025.validOn.rulesValidFrom).toBe('2023-01-01')
    expect(after.validOn.rulesValidFrom).toBe('2026-01-01')
  })

  it('answers a date before the first rule set with 422 on the date field, in the caller’s language', async () => {
    const dutch = await quote(
      { site: '/nl', usage: 'personal', configuration: LONG_RANGE, date: '2024-06-01' },
      'nl-NL',
    )
    expect(dutch.status).toBe(422)
    const noRules = (locale: 'nl-NL' | 'nb-NO', date: string, from: string) =>
      CATALOGS[locale]['price.problem.noRulesOnDate']
        .replace('{date}', formatDate(date, locale))
        .replace('{from}', formatDate(from, locale))
    expect(noRules('nl-NL', '2024-06-01', '2025-01-01')).toMatch(/^Voor 01 jun\.?, 2024 hebben we geen prijzen/)
    expect(((await dutch.json()) as ErrorBody).error.fields).toEqual([
      { path: 'date', message: noRules('nl-NL', '2024-06-01', '2025-01-01') },
    ])
    const norwegian = await quote(
      { site: '/no', usage: 'personal', configuration: LONG_RANGE, date: '2021-03-01' },
      'nb-NO',
    )
    expect(norwegian.status).toBe(422)
    expect(((await norwegian.json()) as ErrorBody).error.fields).toEqual([
      { path: 'date', message: noRules('nb-NO', '2021-03-01', '2022-01-01') },
    ])
  })

  it('answers a model that is not sold with 422 on the model field', async () => {
    const res = await quote(
      { site: '/se', usage: 'personal', configuration: { ...LONG_RANGE, modelCode: 'p9' } },
      'sv-SE',
    )
    expect(res.status).toBe(422)
    expect(((await res.json()) as ErrorBody).error.fields).toEqual([
      { path: 'configuration.modelCode', message: CATALOGS['sv-SE']['configuration.problem.unknownModel'] },
    ])
  })

  it('refuses unknown codes with a message per field in the site’s language, and writes nothing', async () => {
    const res = await quote(
      { site: '/nl', usage: 'personal', configuration: { ...LONG_RANGE, paintCode: 'hot-pink' } },
      'nl-NL',
    )
    expect(res.status).toBe(422)
    const body = (await res.json()) as ErrorBody
    expect(body.error.fields).toEqual([
      { path: 'configuration.paintCode', message: CATALOGS['nl-NL']['configuration.problem.unknownCode'] },
    ])
  })

  it('refuses an impossible combination and an option the country does not sell', async () => {
    const combination = await quote({
      site: '/se',
      usage: 'personal',
      configuration: { ...LONG_RANGE, wheelCode: 'sport-19', packCodes: ['tow-pack'] },
    })
    expect(combination.status).toBe(422)
    expect(((await combination.json()) as ErrorBody).error.fields.map((f) => f.path)).toContain(
      'configuration.packCodes.0',
    )
    const thailand = await quote(
      { site: '/th', usage: 'personal', configuration: { ...LONG_RANGE, paintCode: 'aurora-green-black' } },
      'th-TH',
    )
    expect(thailand.status).toBe(422)
    expect(((await thailand.json()) as ErrorBody).error.fields[0]?.message).toContain(
      CATALOGS['th-TH']['configuration.problem.notAvailableInCountry'].split('{option}')[1]?.trim() ?? '',
    )
  })

  it('refuses a site that does not exist', async () => {
    const res = await quote({ site: '/uk', usage: 'personal', configuration: LONG_RANGE })
    expect(res.status).toBe(422)
    expect(((await res.json()) as ErrorBody).error.fields[0]?.path).toBe('site')
  })

  it('answers the same when KV is down, from D1', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const down = {
      get: async () => {
        throw new Error('KV down')
      },
      put: async () => {
        throw new Error('KV down')
      },
    }
    const call = async (bindings: typeof env) => {
      const csrf = await app.request('/api/csrf', {}, bindings)
      const cookie = (csrf.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
      const { token } = (await csrf.json()) as { token: string }
      const res = await app.request(
        '/api/v1/price-quotes',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': token },
          body: JSON.stringify({ site: '/at', usage: 'business', configuration: LONG_RANGE, date: '2026-11-21' }),
        },
        bindings,
      )
      return { status: res.status, body: await res.json() }
    }
    const normal = await call(env)
    clearMemoryCache()
    const degraded = await call({ ...env, KV: down as unknown as KVNamespace })
    expect(degraded).toEqual(normal)
    expect(normal.status).toBe(200)
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/KV read failed.*"error":\{/))
  })
})
