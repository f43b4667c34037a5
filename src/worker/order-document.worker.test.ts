import { env } from 'cloudflare:test'
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { placedOrderId, savedBuild, signedUp } from '../../test/fixtures'
import { pdfText } from '../../test/pdf-text'
import { decode, visitor } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'
import { formatMoney } from '../i18n/formats'
import { renderNotification } from './notification-mail'
import { printable } from './pdf/render'

type Person = Awaited<ReturnType<typeof signedUp>>['someone']

const PERSON = { kind: 'order', usage: 'personal', terms: 'yes', orderAgreement: 'yes' }
const FORMS = {
  '/de': {
    firstName: 'Lena',
    lastName: 'Schmidt',
    zip: '10115',
    city: 'Berlin',
    street: 'Invalidenstraße 1',
    phone: '030 1234567',
  },
  '/no': {
    firstName: 'Kari',
    lastName: 'Nordmann',
    zip: '0150',
    city: 'Oslo',
    street: 'Storgata 1',
    phone: '412 34 567',
  },
  '/th': {
    firstName: 'สมชาย',
    lastName: 'ใจดี',
    zip: '10110',
    city: 'กรุงเทพมหานคร',
    street: '99 ถนนสุขุมวิท',
    phone: '081 234 5678',
  },
} as const

/** Places an order on a site from a saved build, with the finance the form offers for it; its id, number, total. */
async function placedOrder(prefix: keyof typeof FORMS, build: string, email: string) {
  const { someone: person } = await signedUp(prefix, 'Test Person')
  const id = await savedBuild(person, prefix, build)
  const path = `${prefix}/configurator/info-submission/${id}`
  const form = await (await person.request(path)).text()
  const res = await person.postForm(path, {
    ...PERSON,
    ...FORMS[prefix],
    email,
    financePreference: /name="financePreference" value="([^"]+)"/.exec(form)?.[1] ?? 'cash',
    financeFingerprint: /name="financeFingerprint" value="([^"]+)"/.exec(form)?.[1] ?? '',
    idempotencyKey: `key-${crypto.randomUUID()}`,
  })
  expect(res.status).toBe(303)
  const orderId = placedOrderId(res)
  const row = await env.DB.prepare('SELECT number, document FROM orders WHERE id = ?1')
    .bind(orderId)
    .first<{ number: string; document: string }>()
  const document = JSON.parse(row?.document ?? '{}') as {
    amounts: { totalInclVat: { amount: number; currency: 'EUR' | 'NOK' | 'THB' } }
    finance?: { summary: { monthlyPayment: number | null } }
  }
  return { person, orderId, number: row?.number ?? '', document }
}

/** The order-placed e-mail to `email`, as rendered for sending. */
async function orderPlacedMail(email: string) {
  const row = await env.DB.prepare(
    "SELECT * FROM notifications WHERE recipient = ?1 AND kind = 'orderPlaced' ORDER BY rowid DESC LIMIT 1",
  )
    .bind(email)
    .first<Parameters<typeof renderNotification>[1]>()
  return row ? renderNotification(env, row) : null
}

/** The images a PDF draws: on which page, at how many pixels. */
async function pdfImages(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes)
  return pdf.getPages().flatMap((page, index) => {
    const objects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict)
    return (objects?.entries() ?? []).flatMap(([, ref]) => {
      const image = pdf.context.lookup(ref)
      if (!(image instanceof PDFRawStream) || image.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) return []
      const size = (key: string) => image.dict.lookup(PDFName.of(key), PDFNumber).asNumber()
      return [{ page: index, width: size('Width'), height: size('Height') }]
    })
  })
}

async function confirmation(person: Person, prefix: string, orderId: string) {
  const res = await person.request(`${prefix}/order/${orderId}/confirmation.pdf`)
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) }
}

describe('the order confirmation PDF', () => {
  it.each([
    ['/de', 'de-DE', 'version=long-range&paint=fjord-blue', 'legal.withdraw.heading'],
    ['/no', 'nb-NO', 'version=long-range&paint=fjord-blue&finance=loan&term=60&down=300000', 'legal.withdraw.heading'],
    ['/th', 'th-TH', 'version=long-range', 'legal.pre.withdrawal'],
  ] as const)(
    'is the order page’s order in %s, in %s, with the withdrawal set apart',
    async (prefix, locale, build, heading) => {
      const catalog = CATALOGS[locale]
      const { person, orderId, number, document } = await placedOrder(prefix, build, `pdf-${locale}@example.com`)
      const page = decode(await (await person.request(`${prefix}/order/${orderId}`)).text())
      expect(page).toContain(`href="${prefix}/order/${orderId}/confirmation.pdf"`)
      expect(page).toContain(catalog['orderPdf.download'])
      const { res, bytes } = await confirmation(person, prefix, orderId)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/pdf')
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="order-confirmation-${number}.pdf"`)
      expect(res.headers.get('cache-control')).toBe('private, no-store')
      const { pages, text } = await pdfText(bytes)
      // The car as ordered is drawn at the top of the first page.
      expect(await pdfImages(bytes)).toEqual([{ page: 0, width: 720, height: 360 }])
      expect(pages).toBeGreaterThanOrEqual(1)
      expect(pages).toBeLessThanOrEqual(3)
      expect(text).toContain(number)
      const total = formatMoney(document.amounts.totalInclVat, locale)
      expect(page).toContain(total)
      expect(text).toContain(printable(total))
      expect(text).toContain(catalog[heading])
      expect(text).toContain(catalog['orderPdf.title'])
      if (prefix === '/th') {
        expect(text).toContain(printable(catalog['legal.th.cancel']).slice(0, 20))
        expect(text).not.toContain(catalog['legal.form.heading'])
      } else expect(text).toContain(catalog['legal.form.heading'])
      // The order e-mail carries the same confirmation, in the customer's language.
      const mail = await orderPlacedMail(`pdf-${locale}@example.com`)
      expect(mail?.attachments.map((file) => [file.filename, file.contentType])).toEqual([
        [`order-confirmation-${number}.pdf`, 'application/pdf'],
      ])
      const attached = await pdfText(mail?.attachments[0]?.content ?? new Uint8Array())
      expect(attached.text).toContain(number)
      expect(attached.text).toContain(printable(total))
      expect(attached.text).toContain(catalog['orderPdf.title'])
      if (prefix === '/no') {
        const monthly = formatMoney({ amount: document.finance?.summary.monthlyPayment ?? 0, currency: 'NOK' }, locale)
        expect(document.finance).toBeDefined()
        expect(text).toContain(printable(catalog['finance.unit.perMonth'].replace('{amount}', monthly)))
      }
    },
    60_000,
  )

  it('opens for nobody the order page turns away: another customer, no session, a spent order link', async () => {
    const { orderId } = await placedOrder('/de', 'version=long-range', 'pdf-owner@example.com')
    const { someone: other } = await signedUp('/de', 'Other Person')
    for (const someone of [other, visitor()]) {
      // The order page sends a stranger to sign in or answers 404; the document is simply not there.
      expect((await someone.request(`/de/order/${orderId}`)).status).not.toBe(200)
      const { res, bytes } = await confirmation(someone, '/de', orderId)
      expect(res.status).toBe(404)
      expect(new TextDecoder().decode(bytes)).not.toContain('%PDF')
    }
    // A browser an order link let in gets the PDF; the link, once spent, lets in no other browser.
    const mail = await orderPlacedMail('pdf-owner@example.com')
    const path = new URL(/https?:\/\/\S+\/de\/order\/link\/[\w-]{43}/.exec(mail?.body ?? '')?.[0] ?? 'http://x/')
      .pathname
    const token = path.split('/').at(-1) ?? ''
    const holder = visitor()
    expect((await holder.postForm(path, { token })).status).toBe(303)
    expect((await confirmation(holder, '/de', orderId)).res.status).toBe(200)
    const late = visitor()
    expect((await late.postForm(path, { token })).status).toBe(410)
    expect((await late.request(`/de/order/${orderId}`)).status).not.toBe(200)
    expect((await confirmation(late, '/de', orderId)).res.status).toBe(404)
  }, 60_000)
})
