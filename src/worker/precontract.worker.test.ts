import { describe, expect, it } from 'vitest'
import { customerWithBuild } from '../../test/fixtures'
import { decode } from '../../test/visitor'
import { LEGAL_ENTITIES } from '../domain/content/legal-entities'
import { CATALOGS } from '../i18n/catalogs'

/** The text a reader sees, in document order. */
const visibleText = (html: string) =>
  decode(
    html
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<style[\s\S]*?<\/style>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' '),
  )

const formOf = async (prefix: string, query = '') => {
  const { person, configurationId } = await customerWithBuild(prefix, 'version=long-range')
  const res = await person.request(`${prefix}/configurator/info-submission/${configurationId}${query}`)
  expect(res.status).toBe(200)
  return decode(await res.text())
}

describe('the order button (Directive 2011/83/EU, Art. 8(2))', () => {
  it('reads "zahlungspflichtig bestellen" in German and says what the order commits to', async () => {
    const html = await formOf('/de')
    expect(html).toMatch(
      /<button class="button button--primary" type="submit"[^>]*>Zahlungspflichtig bestellen<\/button>/,
    )
    expect(visibleText(html)).toMatch(
      /Mit Ihrer Bestellung schließen Sie einen Kaufvertrag über dieses Auto zu [\d.]+,\d\d\s€\./,
    )
  })

  it('names the obligation to pay on a reservation, and that it does not bind to buy', async () => {
    const html = await formOf('/de', '?kind=reservation')
    expect(html).toContain('>Zahlungspflichtig reservieren</button>')
    expect(visibleText(html)).toContain('sie verpflichtet Sie nicht zum Kauf')
  })

  it('uses each language’s wording of the obligation to pay', async () => {
    for (const [prefix, label] of [
      ['/fr', 'Commander avec obligation de paiement'],
      ['/nl', 'Bestellen met betalingsverplichting'],
      ['/se', 'Beställ med betalningsskyldighet'],
      ['/dk', 'Bestil med betalingsforpligtelse'],
      ['/no', 'Bestill med betalingsplikt'],
    ] as const) {
      expect(await formOf(prefix), prefix).toContain(`>${label}</button>`)
    }
  }, 30_000)
})

describe('the pre-contractual information (Directive 2011/83/EU, Art. 6(1) and Annex I)', () => {
  it('gives the seller, the car, the total, delivery and the 14-day withdrawal with the model form, before the button', async () => {
    const html = await formOf('/at')
    const text = visibleText(html)
    const de = CATALOGS['de-AT']
    const seller = LEGAL_ENTITIES.AT
    const before = text.slice(0, text.indexOf('Zahlungspflichtig bestellen'))
    expect(before).toContain(`${seller.company}, ${seller.companyAddress}`)
    expect(before).toContain('P5, Große Reichweite')
    expect(before).toMatch(/Gesamtpreis €\s[\d.]+,\d\d inklusive Mehrwertsteuer und aller Gebühren/)
    expect(before).toMatch(/Voraussichtlich zwischen \d\d? \S+, 20\d\d und \d\d? \S+, 20\d\d/)
    expect(before).toContain('Sie können diesen Vertrag binnen 14 Tagen ohne Angabe von Gründen widerrufen')
    expect(before).toContain(de['legal.form.heading'])
    expect(before).toContain(`An: ${seller.company}, ${seller.companyAddress}, ${seller.contactEmail}`)
  })

  it('gives a Thai buyer the 7-day right to cancel in Thai, more prominent than the rest, with the OCPB registration', async () => {
    const html = await formOf('/th')
    expect(html).toContain(`<dd class="precontract__prominent">${CATALOGS['th-TH']['legal.th.cancel']}</dd>`)
    expect(html).toContain(String(LEGAL_ENTITIES.TH.directMarketingRegistration))
    expect(html).not.toContain(CATALOGS['th-TH']['legal.form.heading'])
  })
})
