import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SITES } from '../../i18n/sites'
import {
  CONTENT_LANGUAGES,
  ContentDocument,
  contentLanguageOf,
  DOCUMENT_IDS,
  type DocumentId,
  fillDocument,
  PLACEHOLDERS,
  placeholdersIn,
  textsOf,
} from './document'
import { placeholderValues } from './values'

const path = (language: string, id: DocumentId) =>
  new URL(`../../../locales/content/${language}/${id}.json`, import.meta.url)

function load(language: string, id: DocumentId): ContentDocument {
  return ContentDocument.parse(JSON.parse(readFileSync(path(language, id), 'utf8')))
}

const cases = CONTENT_LANGUAGES.flatMap((language) => DOCUMENT_IDS.map((id) => [language, id] as const))

// The values of a site with its own partner and store, and of one with neither (the global site).
const valuesFor = (site: (typeof SITES)[number]) =>
  placeholderValues({
    countryCode: site.countryCode,
    locale: site.locale,
    currency: site.currency,
    siteUrl: `https://nordvolt.example${site.prefix}`,
    partner: site.countryCode === 'GLOBAL' ? null : `Partner ${site.countryCode}`,
    store:
      site.countryCode === 'GLOBAL'
        ? null
        : { name: 'Nordvolt Store', street: 'Street 1', postalCode: '1000', city: 'City' },
  })

describe('legal documents', () => {
  it.each(cases)('%s/%s exists and has the shape the pages read', (language, id) => {
    expect(existsSync(path(language, id)), `locales/content/${language}/${id}.json`).toBe(true)
    expect(() => load(language, id)).not.toThrow()
  })

  it.each(cases)(
    '%s/%s has the English sections, in the same order, with list items where English has them',
    (language, id) => {
      const english = load('en', id)
      const doc = load(language, id)
      expect(doc.sections.map((s) => s.id)).toEqual(english.sections.map((s) => s.id))
      expect(doc.sections.map((s) => s.list !== undefined)).toEqual(english.sections.map((s) => s.list !== undefined))
      expect(doc.version).toBe(english.version)
    },
  )

  it.each(cases)('%s/%s uses only known placeholders, and every one the English text uses', (language, id) => {
    const used = new Set(textsOf(load(language, id)).flatMap(placeholdersIn))
    for (const name of used) expect(PLACEHOLDERS).toContain(name)
    const english = new Set(textsOf(load('en', id)).flatMap(placeholdersIn))
    expect([...english].filter((name) => !used.has(name))).toEqual([])
  })

  it.each(SITES.map((site) => [site.prefix || '/', site] as const))(
    'every document resolves all its placeholders for the site %s',
    (_, site) => {
      for (const id of DOCUMENT_IDS) {
        const filled = fillDocument(load(contentLanguageOf(site.locale), id), valuesFor(site))
        for (const text of textsOf(filled)) {
          expect(text).not.toMatch(/[{}]/)
          // "Nordvolt Nederland B.V.." where the company name ends a sentence.
          expect(text, id).not.toMatch(/[^.]\.\.(?!\.)/)
        }
      }
    },
  )

  it('fails on a placeholder nobody fills', () => {
    const doc = load('en', 'policy')
    const broken = { ...doc, intro: 'Contact {dpoName}.' }
    expect(() => fillDocument(broken, valuesFor(SITES[0] as (typeof SITES)[number]))).toThrow('{dpoName}')
  })
})

describe('placeholderValues', () => {
  it('fills the Swedish site with its company, authority, country name and partner', () => {
    const site = SITES.find((s) => s.countryCode === 'SE')
    if (!site) throw new Error('no Swedish site')
    const values = valuesFor(site)
    expect(values).toMatchObject({
      company: 'Nordvolt Sverige AB',
      country: 'Sverige',
      currency: 'SEK',
      withdrawalDays: '14',
      authority: 'Integritetsskyddsmyndigheten (IMY)',
      authorityUrl: 'https://www.imy.se',
      partner: 'Partner SE',
      storeContact: 'Nordvolt Store, Street 1, 1000 City',
    })
  })

  it('runs the global site from the Netherlands and names the partner group where a country has none', () => {
    const site = SITES.find((s) => s.countryCode === 'GLOBAL')
    if (!site) throw new Error('no global site')
    const values = valuesFor(site)
    expect(values.country).toBe('the Netherlands')
    expect(values.dataLaw).toBe('General Data Protection Regulation (GDPR)')
    expect(values.partner).toBe('ALD Automotive')
    expect(values.storeContact).toBe(values.companyAddress)
  })

  it('gives Thailand its own law, authority and seven-day cancellation period', () => {
    const site = SITES.find((s) => s.countryCode === 'TH')
    if (!site) throw new Error('no Thai site')
    expect(valuesFor(site)).toMatchObject({
      dataLaw: 'พระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562 (PDPA)',
      withdrawalDays: '7',
      country: 'ไทย',
    })
  })
})
