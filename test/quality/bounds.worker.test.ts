/**
 * Input has bounds, and faults stay small, for every form and list automatically: an oversized body on every page
 * form and API endpoint, every field of every form at once too long, and a corrupt JSON column in every table the
 * pages list. A new form, endpoint or table is covered without a new test.
 */
import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { CATALOGS } from '../../src/i18n/catalogs'
import { ROUTES } from '../../src/routes'
import { forgetStockLists } from '../../src/store/stock'
import { MAX_BODY_BYTES } from '../../src/worker/middleware/body-limit'
import { DUTCH_ORDER_FORM, placedOrderId, savedBuild, signedUp } from '../fixtures'
import { visitor } from '../visitor'
import { countRows, type OpenApiDocument, operationsOf } from './suites'

const BASE = 'http://local.test'
const call = (path: string, init?: RequestInit) => exports.default.fetch(new Request(`${BASE}${path}`, init))
const sameOrigin = { origin: BASE, 'sec-fetch-site': 'same-origin' }

/** The Dutch site's address of every page route that takes a form post, with the records it points at. */
async function formAddresses(): Promise<{ path: string; who: ReturnType<typeof visitor> }[]> {
  const { someone: customer } = await signedUp('/nl', 'Anne Jansen', 'NL')
  const configurationId = await savedBuild(customer, '/nl')
  const placed = await customer.postForm(`/nl/configurator/info-submission/${configurationId}`, DUTCH_ORDER_FORM)
  const orderId = placedOrderId(placed)
  return ROUTES.filter((route) => route.action).map((route) => ({
    who: customer,
    path: `/nl${route.path === '/' ? '' : route.path}`
      .replace(
        ':id',
        route.path.startsWith('/order') ? orderId : route.path === '/configurator/:id' ? 'p5' : configurationId,
      )
      .replace(':carId', 'p5')
      .replace(':carCode?', 'p5'),
  }))
}

/** Every POST form of a page: where it posts (its action, else the page) and the names of its fields. */
function postForms(html: string, page: string): { action: string; fields: string[] }[] {
  return [...html.matchAll(/<form\b([^>]*method="post"[^>]*)>([\s\S]*?)<\/form>/g)].map((m) => ({
    action: /\baction="([^"]+)"/.exec(m[1] ?? '')?.[1]?.replace(/&amp;/g, '&') ?? page,
    fields: [
      ...new Set(
        [...(m[2] ?? '').matchAll(/<(?:input|select|textarea)\b[^>]*\bname="([^"]+)"/g)].map((f) => f[1] ?? ''),
      ),
    ],
  }))
}

let document: OpenApiDocument
beforeAll(async () => {
  document = (await (await call('/api/openapi.json')).json()) as OpenApiDocument
})

describe('bodies over the limit', () => {
  it('every page form answers 413 in its site’s language before reading the body, and writes nothing', async () => {
    const findings: string[] = []
    const forms = await formAddresses()
    const before = await countRows(env.DB)
    const body = `name=${'x'.repeat(MAX_BODY_BYTES)}`
    for (const { path, who } of forms) {
      const res = await who.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...sameOrigin },
        body,
      })
      const html = await res.text()
      if (res.status !== 413) findings.push(`${path}: ${res.status}`)
      else if (!html.includes(CATALOGS['nl-NL']['error.tooLarge.title'])) findings.push(`${path}: not in Dutch`)
    }
    expect(findings).toEqual([])
    expect(await countRows(env.DB)).toEqual(before)
  }, 60_000)

  it('every API endpoint that takes a body answers 413 as its JSON error, in the caller’s language', async () => {
    const findings: string[] = []
    for (const { method, path } of operationsOf(document).filter((o) => o.method !== 'GET')) {
      const res = await call(path.replace(/\{\w+\}/g, 'p5'), {
        method,
        headers: { 'content-type': 'application/json', language: 'is-IS' },
        body: JSON.stringify({ padding: 'x'.repeat(MAX_BODY_BYTES) }),
      })
      const answer = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null
      if (res.status !== 413 || answer?.error?.code !== 'payload_too_large')
        findings.push(`${method} ${path}: ${res.status} ${answer?.error?.code}`)
      else if (answer.error.message !== CATALOGS['is-IS']['api.error.tooLarge'])
        findings.push(`${method} ${path}: not in Icelandic`)
    }
    expect(findings).toEqual([])
  }, 60_000)
})

describe('fields over their length', () => {
  it('every field of every page form at once too long: refused, never a 5xx, nothing written', async () => {
    const findings: string[] = []
    const forms = await formAddresses()
    const before = await countRows(env.DB)
    for (const { path, who } of forms) {
      const page = await who.request(path)
      for (const { action, fields } of postForms(await page.text(), path)) {
        // Long enough for any field's maximum, short enough for the body limit together.
        const length = Math.min(4_000, Math.floor((MAX_BODY_BYTES - 1_000) / Math.max(1, fields.length)))
        const body = new URLSearchParams(fields.map((name) => [name, 'x'.repeat(length)])).toString()
        const res = await who.request(action, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...sameOrigin },
          body,
        })
        await res.body?.cancel()
        if (res.status >= 500 || res.status === 413) findings.push(`${action} [${fields.join(', ')}]: ${res.status}`)
      }
    }
    expect(findings).toEqual([])
    expect(await countRows(env.DB)).toEqual(before)
  }, 120_000)
})

/** The TEXT columns of a table that hold JSON in its rows. */
async function jsonColumns(table: string): Promise<string[]> {
  const { results: columns } = await env.DB.prepare(`SELECT name, type FROM pragma_table_info(?1)`)
    .bind(table)
    .all<{ name: string; type: string }>()
  const found: string[] = []
  for (const { name, type } of columns) {
    if (type !== 'TEXT' && type !== '') continue
    const row = await env.DB.prepare(
      `SELECT 1 AS yes FROM "${table}" WHERE json_valid("${name}") AND substr("${name}", 1, 1) IN ('{', '[') LIMIT 1`,
    ).first<{ yes: number }>()
    if (row) found.push(name)
  }
  return found
}

describe('a corrupt row', () => {
  it('in any JSON column of any table: every page that lists it still answers, and says what it left out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { someone: staff } = await signedUp('/nl', 'Sam Staff', 'NL')
    const { someone: customer } = await signedUp('/nl', 'Anne Jansen')
    const configurationId = await savedBuild(customer, '/nl')
    await customer.postForm(`/nl/configurator/info-submission/${configurationId}`, DUTCH_ORDER_FORM)
    await customer.postForm('/nl/configurator/test-drive-submission/quote/' + configurationId, {
      name: 'Anne Jansen',
      email: 'anne@example.com',
      phone: '06 12345678',
      privacyAccepted: 'yes',
    })
    const lists = [
      { who: staff, path: '/nl/staff' },
      { who: customer, path: '/nl/user-center/profile' },
      { who: customer, path: '/nl/user-center/privacy/export' },
      { who: visitor(), path: '/se/quick-delivery' },
      { who: customer, path: '/nl' },
    ]
    const { results: tables } = await env.DB.prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'
         AND name NOT IN ('d1_migrations', 'catalog_documents', 'price_rule_documents', 'finance_product_documents',
           'store_documents', 'marketing_documents', 'program_documents')`,
    ).all<{ name: string }>()
    const findings: string[] = []
    for (const { name: table } of tables) {
      for (const column of await jsonColumns(table)) {
        const saved = await env.DB.prepare(`SELECT rowid AS id, "${column}" AS value FROM "${table}"`).all<{
          id: number
          value: string | null
        }>()
        await env.DB.prepare(`UPDATE "${table}" SET "${column}" = '{"broken":' WHERE json_valid("${column}")`).run()
        forgetStockLists()
        try {
          for (const { who, path } of lists) {
            const res = await who.request(`${path}${path.includes('?') ? '&' : '?'}sweep=${table}.${column}`)
            await res.body?.cancel()
            if (res.status >= 500) findings.push(`${table}.${column} broke ${path}: ${res.status}`)
          }
        } finally {
          await env.DB.batch(
            saved.results.map((row) =>
              env.DB.prepare(`UPDATE "${table}" SET "${column}" = ?2 WHERE rowid = ?1`).bind(row.id, row.value),
            ),
          )
          forgetStockLists()
        }
      }
    }
    expect(findings).toEqual([])
  }, 180_000)
})
