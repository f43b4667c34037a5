import { describe, expect, it } from 'vitest'
import catalog from '../../../data/catalog/p5.json'
import { CATALOGS } from '../../i18n/catalogs'

type Named = { code: string; names: Record<string, string> }

/** Every item of the catalog with names, wherever it sits. */
function namedItems(node: unknown, out: Named[] = []): Named[] {
  if (Array.isArray(node)) for (const child of node) namedItems(child, out)
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>
    if (typeof record.code === 'string' && record.names && typeof record.names === 'object') out.push(record as Named)
    for (const child of Object.values(record)) namedItems(child, out)
  }
  return out
}

describe("the car picture's accessible name", () => {
  it('names each part once in every language ("Aero-velgen", not "Aero-velgen-velgen")', () => {
    const items = namedItems(catalog)
    const wheels = items.filter((item) => /^(aero|sport|winter)-|\d{2}$/.test(item.code) && item.code.includes('-'))
    expect(wheels.length).toBeGreaterThan(0)
    for (const [locale, messages] of Object.entries(CATALOGS)) {
      for (const wheel of wheels) {
        const name = wheel.names[locale] ?? ''
        const label = messages['configurator.picture.alt']
          .replace('{model}', 'P5')
          .replace('{version}', '')
          .replace('{paint}', '')
          .replace('{interior}', '')
          .replace('{wheels}', name)
        const words = label
          .toLocaleLowerCase(locale)
          .split(/[\s\-–,:]+/)
          .filter((word) => word.length >= 4)
        expect(new Set(words).size, `${locale}: ${label}`).toBe(words.length)
        // Nor the same word again inside a compound ("Felgen … 18-Zoll-Aero-Felgen", "ล้อ … ล้อแอโร").
        for (const word of words)
          expect(words.filter((other) => other.includes(word)).length, `${locale}: ${label}`).toBe(1)
      }
    }
  })
})
