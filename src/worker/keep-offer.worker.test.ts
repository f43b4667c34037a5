import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { decode, visitor } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'
import { formatDate } from '../i18n/dates'

const de = CATALOGS['de-DE']
const text = (html: string) => decode(html).replace(/<!-- -->/g, '')
/** The page's keep-offer form: the address it keeps (the car and the finance choice). */
const keepField = (html: string) => {
  const button = /<button[^>]*name="keep"[^>]*>/.exec(html)?.[0] ?? ''
  return decode(/value="([^"]+)"/.exec(button)?.[1] ?? '')
}
const offers = async () =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM finance_offers').first<{ n: number }>())?.n ?? 0

describe('keeping a finance offer without JavaScript', () => {
  it('keeps the figures the page shows for the chosen term, and the page then says until when', async () => {
    const person = visitor()
    const page = await (await person.request('/de/configurator/p5?finance=loan&term=48')).text()
    const keep = keepField(page)
    expect(keep).toMatch(/^\/de\/configurator\/p5\?.*finance=loan.*term=48.*#finance$/)

    const res = await person.postForm('/de/configurator/p5', { keep })
    expect(res.status).toBe(303)
    const location = new URL(res.headers.get('location') ?? '', 'http://x')
    expect(location.pathname).toBe('/de/configurator/p5')
    expect(location.hash).toBe('#finance')
    expect(location.searchParams.get('term')).toBe('48')
    const id = location.searchParams.get('offer') ?? ''
    const row = await env.DB.prepare(
      'SELECT kind, request, quote, created_at, expires_at FROM finance_offers WHERE id = ?1',
    )
      .bind(id)
      .first<{ kind: string; request: string; quote: string; created_at: string; expires_at: string }>()
    expect(row?.kind).toBe('loan')
    expect(JSON.parse(row?.request ?? '{}')).toMatchObject({ usage: 'personal', choice: { termMonths: 48 } })
    expect(JSON.parse(row?.quote ?? '{}')).toMatchObject({ applied: { termMonths: 48 } })
    // The German loan's lender holds an offer for 30 days (data/finance/de.json).
    expect(Date.parse(row?.expires_at ?? '') - Date.parse(row?.created_at ?? '')).toBe(30 * 86_400_000)

    const kept = text(await (await person.request(`${location.pathname}${location.search}`)).text())
    const until = formatDate((row?.expires_at ?? '').slice(0, 10), 'de-DE')
    expect(kept).toContain(de['finance.kept'].replace('{date}', until))
    expect(kept).not.toContain(`>${de['finance.keep']}<`)
  })

  it('keeps nothing for a choice the lender does not offer, and shows the page with its problem', async () => {
    const person = visitor()
    const before = await offers()
    const res = await person.postForm('/de/configurator/p5', {
      keep: '/de/configurator/p5?finance=loan&down=99999999#finance',
    })
    expect(res.status).toBe(303)
    const location = new URL(res.headers.get('location') ?? '', 'http://x')
    expect(location.searchParams.has('offer')).toBe(false)
    expect(await offers()).toBe(before)
    const page = text(await (await person.request(`${location.pathname}${location.search}`)).text())
    expect(page).toContain(de['finance.problem.downPaymentOutOfRange'].split('{')[0])
  })

  it('refuses a kept address longer than any page writes, keeping nothing', async () => {
    const person = visitor()
    const before = await offers()
    const res = await person.postForm('/de/configurator/p5', {
      keep: `/de/configurator/p5?finance=loan&x=${'a'.repeat(2_100)}`,
    })
    expect(res.status).toBe(400)
    expect(await offers()).toBe(before)
  })
})
