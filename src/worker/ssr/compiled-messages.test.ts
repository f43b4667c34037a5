import { describe, expect, it } from 'vitest'
import { CATALOGS } from '../../i18n/catalogs'
import { intlFor, pickMessages } from '../../i18n/intl'
import { compileMessages } from './compiled-messages'

describe('messages parsed on the server for the browser', () => {
  it.each(['nb-NO', 'th-TH', 'is-IS', 'fr-BE'] as const)(
    'format in %s exactly as the messages they were parsed from',
    (locale) => {
      const messages = pickMessages(CATALOGS[locale], ['stock', 'header', 'error'])
      const raw = intlFor(locale, messages)
      const compiled = intlFor(locale, compileMessages(messages, locale))
      // Every argument any message names gets 2 (plural branches included).
      const names = Object.values(messages).flatMap((m) => [...String(m).matchAll(/\{\s*(\w+)/g)].map((x) => x[1]))
      const values = Object.fromEntries(names.map((name) => [name, 2]))
      for (const id of Object.keys(messages)) {
        expect(compiled.formatMessage({ id }, values), id).toBe(raw.formatMessage({ id }, values))
      }
      expect(compiled.formatMessage({ id: 'stock.results' }, { cars: 1, builds: 1 })).toBe(
        raw.formatMessage({ id: 'stock.results' }, { cars: 1, builds: 1 }),
      )
    },
  )

  it('parses a pick once and hands back the same object', () => {
    const messages = pickMessages(CATALOGS['sv-SE'], ['header'])
    expect(compileMessages(messages, 'sv-SE')).toBe(compileMessages(messages, 'sv-SE'))
  })
})
