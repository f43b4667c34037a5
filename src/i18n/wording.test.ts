import { describe, expect, it } from 'vitest'
import { CATALOGS } from './catalogs'
import type { Locale } from './sites'

/** The messages of a locale that match a pattern, by key. */
function matching(locale: Locale, pattern: RegExp): string[] {
  return Object.entries(CATALOGS[locale])
    .filter(([, text]) => pattern.test(text))
    .map(([key]) => key)
}

describe('one voice per language', () => {
  it('addresses a Dutch reader in one register: "je" in the Netherlands, "u" in Belgium', () => {
    expect(matching('nl-NL', /\b(u|uw|U|Uw)\b/)).toEqual([])
    expect(matching('nl-BE', /\b(je|jij|jouw|Je|Jij|Jouw)\b/)).toEqual([])
  })

  it('uses one word for a store in each language, with its article right', () => {
    for (const locale of ['de-DE', 'de-AT'] as const) expect(matching(locale, /\bStores?\b/)).toEqual([])
    for (const locale of ['fr-FR', 'fr-BE', 'fr-LU'] as const) expect(matching(locale, /showroom/i)).toEqual([])
    expect(matching('nl-NL', /\b(winkel|showroom)/i)).toEqual([])
    expect(matching('nl-BE', /\b(winkel|vestiging)|\b(het|ander) showroom/i)).toEqual([])
  })
})

describe('words that mean what they say', () => {
  it('says "no down payment" in Norwegian, not "no insurance excess" (egenandel)', () => {
    expect(matching('nb-NO', /egenandel/i)).toEqual([])
    expect(CATALOGS['nb-NO']['subscription.lead']).toMatch(/forskuddsbetaling/)
  })
})
