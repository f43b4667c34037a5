import { describe, expect, it } from 'vitest'
import { customerWithBuild } from '../../test/fixtures'
import { decode, visitor } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'

const page = async (path: string) => decode(await (await visitor().request(path)).text())
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A row of the version comparison or the overview's list: its label, then its cells' text. */
const rowOf = (html: string, label: string) =>
  new RegExp(`<th scope="row">${literally(label)}</th>((?:<td>[^<]*</td>)+)`)
    .exec(html)?.[1]
    ?.match(/<td>([^<]*)<\/td>/g)
    ?.map((c) => c.slice(4, -5))

describe('energy and emissions information', () => {
  it('gives the German configurator the Pkw-Label content for each version', async () => {
    const de = CATALOGS['de-DE']
    const html = await page('/de/configurator/p5')
    expect(rowOf(html, de['compare.energy.co2Class'])).toEqual(['A', 'A'])
    expect(rowOf(html, de['compare.energy.co2'])).toEqual(['0 g/km', '0 g/km'])
    // 40 ct/kWh × 17.9 and 17.7 kWh/100 km × 150.
    expect(rowOf(html, de['compare.energy.cost'])).toEqual(['1.074\u00a0€', '1.062\u00a0€'])
    expect(rowOf(html, de['compare.energy.co2Costs'])).toEqual(['0\u00a0€', '0\u00a0€'])
    expect(rowOf(html, de['compare.energy.tax'])).toEqual(['0\u00a0€', '0\u00a0€'])
    expect(rowOf(html, de['compare.consumption'])?.map((cell) => cell.slice(0, 9))).toEqual(['17,7–17,9', '17,5–17,7'])
  })

  it('gives the configured German car its own figures on its overview', async () => {
    const de = CATALOGS['de-DE']
    const { configurationId } = await customerWithBuild('/de', 'version=long-range')
    const html = await page(`/de/configurator/overview/${configurationId}`)
    expect(html).toContain(`<dt>${de['compare.energy.cost']}</dt><dd>1.062\u00a0€</dd>`)
    expect(html).toContain(`<dt>${de['compare.energy.co2Class']}</dt><dd>A</dd>`)
  })

  it('gives France its CO₂ class and a prescribed mobility message with #SeDéplacerMoinsPolluer', async () => {
    const fr = CATALOGS['fr-FR']
    const html = await page('/fr/configurator/p5')
    expect(rowOf(html, fr['compare.energy.co2Class'])).toEqual(['A', 'A'])
    const message = /<p class="mobility">([^<]+)<\/p>/.exec(html)?.[1]
    expect([
      fr['configurator.mobility.walkOrCycle'],
      fr['configurator.mobility.carpool'],
      fr['configurator.mobility.publicTransport'],
    ]).toContain(message)
    expect(message).toMatch(/ #SeDéplacerMoinsPolluer$/)
  })

  it('gives the other countries the CO₂ emissions, and no German label rows', async () => {
    const nl = CATALOGS['nl-NL']
    const html = await page('/nl/configurator/p5')
    expect(rowOf(html, nl['compare.energy.co2'])).toEqual(['0 g/km', '0 g/km'])
    expect(rowOf(html, nl['compare.energy.cost'])).toBeUndefined()
    expect(rowOf(html, nl['compare.energy.co2Class'])).toBeUndefined()
    expect(html).not.toContain('class="mobility"')
  })
})
