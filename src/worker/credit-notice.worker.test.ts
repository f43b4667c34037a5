import { describe, expect, it } from 'vitest'
import { customerWithBuild } from '../../test/fixtures'
import { decode, visitor } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'

const configurator = async (prefix: string, query: string) =>
  decode(await (await visitor().request(`${prefix}/configurator/p5?version=long-range&${query}`)).text())

/** The finance result: the monthly figure, the representative example's heading and figures, and the warning. */
const resultOf = (html: string) =>
  /<div class="finance__result">([\s\S]*?)<\/div><\/section>|<div class="finance__result">([\s\S]*)/.exec(html)?.[0] ??
  ''
const labelsOf = (result: string) => [...result.matchAll(/<dt>([^<]+)<\/dt>/g)].map((m) => m[1])

describe('credit advertising (Directive (EU) 2023/2225, Art. 8)', () => {
  it('gives a French loan its representative example, every figure of Art. 8(2), and the French warning', async () => {
    const fr = CATALOGS['fr-FR']
    const result = resultOf(await configurator('/fr', 'finance=loan'))
    expect(result).toContain(`<h3 id="finance-example">${fr['finance.credit.example']}</h3>`)
    const labels = labelsOf(result)
    for (const key of [
      'finance.field.nominalRate',
      'finance.field.totalLoanAmount',
      'finance.field.apr',
      'finance.field.termMonths',
      'finance.field.cashSellingPrice',
      'finance.field.downPayment',
      'finance.field.totalToRepay',
      'finance.field.monthlyPayment',
      'finance.field.creditCost',
    ] as const) {
      expect(labels, key).toContain(fr[key])
    }
    expect(result).toContain(`<strong class="finance__warning">${fr['finance.credit.warning']}</strong>`)
    expect(fr['finance.credit.warning']).toBe(
      'Un crédit vous engage et doit être remboursé. Vérifiez vos capacités de remboursement avant de vous engager.',
    )
  })

  it('uses each country’s wording of the warning', async () => {
    for (const [prefix, locale, wording] of [
      ['/nl', 'nl-NL', 'Let op! Geld lenen kost geld.'],
      ['/be/nl-BE', 'nl-BE', 'Let op, geld lenen kost ook geld.'],
      ['/be/fr-BE', 'fr-BE', "Attention, emprunter de l'argent coûte aussi de l'argent."],
    ] as const) {
      expect(CATALOGS[locale]['finance.credit.warning']).toBe(wording)
      expect(await configurator(prefix, 'finance=loan'), prefix).toContain(wording)
    }
  })

  it('labels a private lease’s figures as its example but gives no credit warning (outside the directive)', async () => {
    const de = CATALOGS['de-DE']
    const result = resultOf(await configurator('/de', 'finance=privateLease'))
    expect(result).toContain(de['finance.credit.example'])
    expect(labelsOf(result)).toContain(de['finance.field.pricePerMonthAfterVat'])
    expect(result).not.toContain('finance__warning')
  })

  it('leads the price bar’s monthly figure to the example', async () => {
    const html = await configurator('/nl', 'finance=loan')
    expect(html).toMatch(/<span class="price-bar__monthly"> <a href="#finance-example">/)
  })
})

describe('where the customer applies for credit (Art. 18(8) and 26)', () => {
  it('states the 14-day credit withdrawal and the right to human intervention on a German order form', async () => {
    const { person, configurationId } = await customerWithBuild('/de', 'version=long-range')
    const html = decode(await (await person.request(`/de/configurator/info-submission/${configurationId}`)).text())
    expect(html).toContain(CATALOGS['de-DE']['legal.credit.rights'])
  })

  it('does not promise them where the directive does not apply (Thailand)', async () => {
    const { person, configurationId } = await customerWithBuild('/th', 'version=long-range')
    const html = decode(await (await person.request(`/th/configurator/info-submission/${configurationId}`)).text())
    expect(html).not.toContain(CATALOGS['th-TH']['legal.credit.rights'])
  })
})
