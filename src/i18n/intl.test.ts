import { createIntl } from '@formatjs/intl'
import { describe, expect, it } from 'vitest'
import { CATALOGS } from './catalogs'
import { createRequestIntl, type MessageKey } from './intl'
import type { Locale } from './sites'

describe('createRequestIntl', () => {
  it('formats every message of a catalog as formatjs does, with and without values', () => {
    for (const locale of ['nb-NO', 'th-TH', 'en-US'] as Locale[]) {
      const messages = CATALOGS[locale]
      const plain = createIntl({ locale, messages, defaultLocale: 'en-US', onError: () => {} })
      const intl = createRequestIntl(locale, messages)
      for (const id of Object.keys(messages) as MessageKey[]) {
        // Twice: the second answer comes from what the first one kept.
        expect(intl.formatMessage({ id }), id).toBe(plain.formatMessage({ id }))
        expect(createRequestIntl(locale, messages).formatMessage({ id }), id).toBe(plain.formatMessage({ id }))
      }
      const values = { count: 2, amount: '100 kr', model: 'P5', label: 'x', option: 'y', related: 'z' }
      expect(intl.formatMessage({ id: 'testDrive.slot.available' }, values)).toBe(
        plain.formatMessage({ id: 'testDrive.slot.available' }, values),
      )
    }
  })

  it('formats a message without values once per catalog and locale, and one it lacks every time', () => {
    let reads = 0
    const messages = {}
    Object.defineProperty(messages, 'common.hello', {
      enumerable: true,
      get: () => {
        reads++
        return 'Hei'
      },
    })
    const first = createRequestIntl('nb-NO', messages)
    expect(first.formatMessage({ id: 'common.hello' })).toBe('Hei')
    expect(first.formatMessage({ id: 'common.hello' })).toBe('Hei')
    expect(createRequestIntl('nb-NO', messages).formatMessage({ id: 'common.hello' })).toBe('Hei')
    expect(reads).toBe(1)
    expect(createRequestIntl('sv-SE', messages).formatMessage({ id: 'common.hello' })).toBe('Hei')
    expect(reads).toBe(2)
    // An id the catalog lacks is answered with the id, as formatjs does, and not kept.
    expect(first.formatMessage({ id: 'common.unknown' })).toBe('common.unknown')
    expect(first.formatMessage({ id: 'common.unknown' })).toBe('common.unknown')
  })
})
