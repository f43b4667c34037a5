import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { LEGAL_ENTITIES } from '../domain/content/legal-entities'
import { CATALOGS } from '../i18n/catalogs'
import { SITES } from '../i18n/sites'

const get = (path: string) => exports.default.fetch(new Request(`http://local.test${path}`))
const text = async (res: Response) =>
  (await res.text())
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')

describe('accessibility statement (Directive (EU) 2019/882, Annex V)', () => {
  it('is linked from the footer of every site, in its language', async () => {
    for (const site of SITES) {
      const html = await text(await get(`${site.prefix}/marketing`))
      expect(html, site.prefix).toContain(
        `href="${site.prefix}/accessibility">${CATALOGS[site.locale]['footer.accessibility']}</a>`,
      )
    }
  })

  it("names Austria's enforcement body and law, with the target, limitations and feedback, in German", async () => {
    const res = await get('/at/accessibility')
    expect(res.status).toBe(200)
    const html = await text(res)
    expect(html).toContain('<html lang="de-AT">')
    expect(html).toContain(CATALOGS['de-AT']['legal.a11y.title'])
    expect(html).toContain('Sozialministeriumservice')
    expect(html).toContain('Barrierefreiheitsgesetz (BaFG)')
    expect(html).toContain('WCAG 2.2 AA')
    expect(html).toContain('EN 301 549')
    expect(html).toContain(CATALOGS['de-AT']['legal.a11y.limitations.documents'])
    expect(html).toContain(LEGAL_ENTITIES.AT.contactEmail)
    expect(html).toContain('https://www.sozialministeriumservice.at')
  })

  it('says so where no enforcement body is known (Thailand), in Thai', async () => {
    const html = await text(await get('/th/accessibility'))
    expect(html).toContain(CATALOGS['th-TH']['legal.a11y.enforcement.none'])
    expect(html).not.toContain('undefined')
  })

  it('gives each Belgian language its own statement', async () => {
    const nl = await text(await get('/be/nl-BE/accessibility'))
    const fr = await text(await get('/be/fr-BE/accessibility'))
    expect(nl).toContain(CATALOGS['nl-BE']['legal.a11y.feedback.heading'])
    expect(fr).toContain(CATALOGS['fr-BE']['legal.a11y.feedback.heading'])
  })
})
