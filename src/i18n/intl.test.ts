import { parse } from '@formatjs/icu-messageformat-parser'
import { createIntl } from '@formatjs/intl'
import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { argumentsOf } from '../../test/message-arguments'
import { CATALOGS } from './catalogs'
import { intlFor, type MessageKey, type Messages, plainValuesKey } from './intl'
import { LOCALES, type Locale } from './sites'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the server intl', () => {
  it('reports a message it cannot format, so the test that caused it fails (test/no-console-error.ts)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const intl = intlFor('de-DE', CATALOGS['de-DE'])
    // A placeholder without its value, and a key no catalog has (as a wrong key from data would be).
    intl.formatMessage({ id: 'site.titleTemplate' })
    intl.formatMessage({ id: 'no.such.key' as MessageKey })
    expect(error).toHaveBeenCalledTimes(2)
    expect(error.mock.calls.map(([message]) => String(message))).toEqual([
      expect.stringContaining('intl:'),
      expect.stringContaining('no.such.key'),
    ])
  })

  it('formats every message of a catalog it is given without a complaint, Icelandic included', () => {
    const error = vi.spyOn(console, 'error')
    intlFor('is-IS', CATALOGS['is-IS']).formatMessage({ id: 'common.nextSteps' })
    expect(error).not.toHaveBeenCalled()
  })
})

describe('intlFor', () => {
  it('formats every message of a catalog as formatjs does, with and without values', () => {
    // Messages with placeholders are asked for without their values here, which the intl reports.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const locale of ['nb-NO', 'th-TH', 'en-US'] as Locale[]) {
      const messages = CATALOGS[locale]
      const plain = createIntl({ locale, messages, defaultLocale: 'en-US', onError: () => {} })
      const intl = intlFor(locale, messages)
      for (const id of Object.keys(messages) as MessageKey[]) {
        // Twice: the second answer comes from what the first one kept.
        expect(intl.formatMessage({ id }), id).toBe(plain.formatMessage({ id }))
        expect(intlFor(locale, messages).formatMessage({ id }), id).toBe(plain.formatMessage({ id }))
      }
      const values = { count: 2, amount: '100 kr', model: 'P5', label: 'x', option: 'y', related: 'z' }
      expect(intl.formatMessage({ id: 'testDrive.slot.available' }, values)).toBe(
        plain.formatMessage({ id: 'testDrive.slot.available' }, values),
      )
    }
  })

  it('formats a message without values once per catalog and locale, and one it lacks every time', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    let reads = 0
    const messages = {}
    Object.defineProperty(messages, 'common.hello', {
      enumerable: true,
      get: () => {
        reads++
        return 'Hei'
      },
    })
    const first = intlFor('nb-NO', messages)
    expect(first.formatMessage({ id: 'common.hello' })).toBe('Hei')
    expect(first.formatMessage({ id: 'common.hello' })).toBe('Hei')
    expect(intlFor('nb-NO', messages).formatMessage({ id: 'common.hello' })).toBe('Hei')
    expect(reads).toBe(1)
    expect(intlFor('sv-SE', messages).formatMessage({ id: 'common.hello' })).toBe('Hei')
    expect(reads).toBe(2)
    // An id the catalog lacks is answered with the id, as formatjs does, and not kept.
    expect(first.formatMessage({ id: 'common.unknown' })).toBe('common.unknown')
    expect(first.formatMessage({ id: 'common.unknown' })).toBe('common.unknown')
    // Reported both times: a missing message is never kept as if it were a text.
    expect(error).toHaveBeenCalledTimes(2)
  })

  it('is made once per catalog and locale: a new catalog, or another locale, gets its own', () => {
    const messages: Partial<Messages> = { 'site.titleTemplate': '{title} hos oss' }
    expect(intlFor('nb-NO', messages)).toBe(intlFor('nb-NO', messages))
    expect(intlFor('sv-SE', messages)).not.toBe(intlFor('nb-NO', messages))
    const updated: Partial<Messages> = { 'site.titleTemplate': '{title} hjå oss' }
    const title = (catalog: Partial<Messages>) =>
      intlFor('nb-NO', catalog).formatMessage({ id: 'site.titleTemplate' }, { title: 'P5' })
    expect([title(messages), title(updated), title(messages)]).toEqual(['P5 hos oss', 'P5 hjå oss', 'P5 hos oss'])
  })

  // Icelandic numbers come from data the Worker ships (intl-data.ts), which these tests do not load.
  it.each(LOCALES.filter((l) => l !== 'is-IS'))(
    '%s: formats every message with its values as formatjs does',
    (locale) => {
      const messages = CATALOGS[locale]
      const plain = createIntl({ locale, messages, defaultLocale: 'en-US', onError: () => {} })
      const intl = intlFor(locale, messages)
      for (const count of [0, 1, 2, 21, 12345.5]) {
        for (const [id, message] of Object.entries(messages) as [MessageKey, string][]) {
          const values = argumentsOf(parse(message), count)
          // Twice: the second call formats with the message parsed by the first.
          for (const call of ['first', 'second'])
            expect(intl.formatMessage({ id }, values), `${id} with ${count}, ${call}`).toBe(
              plain.formatMessage({ id }, values),
            )
        }
      }
    },
  )

  it('keeps a text formatted with plain values under a key no other values share', () => {
    expect(plainValuesKey('a', { price: '9 kr' })).toBe('a\0price\0s4:9 kr')
    // A string made to look like two values, a number and its string, 0 and -0: each its own key.
    const keys = [
      plainValuesKey('a', { x: 'b\0y\0s1:c' }),
      plainValuesKey('a', { x: 'b', y: 'c' }),
      plainValuesKey('a', { n: 1 }),
      plainValuesKey('a', { n: '1' }),
      plainValuesKey('a', { n: 0 }),
      plainValuesKey('a', { n: -0 }),
    ]
    expect(new Set(keys).size).toBe(keys.length)
    // A date, an element, a long text: formatted every time, never kept.
    expect(plainValuesKey('a', { when: new Date(0) })).toBeNull()
    expect(plainValuesKey('a', { link: () => 'x' })).toBeNull()
    expect(plainValuesKey('a', { text: 'x'.repeat(201) })).toBeNull()
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.oneof(fc.string({ maxLength: 20 }), fc.double())),
        fc.dictionary(fc.string(), fc.oneof(fc.string({ maxLength: 20 }), fc.double())),
        (a, b) => {
          const same =
            JSON.stringify(Object.entries(a).map(([k, v]) => [k, typeof v, Object.is(v, -0) ? '-0' : String(v)])) ===
            JSON.stringify(Object.entries(b).map(([k, v]) => [k, typeof v, Object.is(v, -0) ? '-0' : String(v)]))
          expect(plainValuesKey('m', a) === plainValuesKey('m', b)).toBe(same)
        },
      ),
    )
  })

  it('gives the text of the values it is called with, whichever values came before', () => {
    const messages: Partial<Messages> = {
      'site.titleTemplate': '{title} ({n, number}) {n, plural, one {bil} other {biler}}',
    }
    const intl = intlFor('nb-NO', messages)
    const title = (values: Record<string, string | number | Date>) =>
      intl.formatMessage({ id: 'site.titleTemplate' }, values)
    for (let round = 0; round < 2; round++) {
      expect(title({ title: 'P5', n: 1 })).toBe('P5 (1) bil')
      expect(title({ title: 'P5', n: 0 })).toBe('P5 (0) biler')
      expect(title({ title: 'P5', n: -0 })).toBe('P5 (\u22120) biler')
      expect(title({ title: 'P5', n: 12345.5 })).toBe('P5 (12\u00a0345,5) biler')
      expect(title({ title: 'P6', n: 1 })).toBe('P6 (1) bil')
    }
  })

  it('reads a message with values from its catalog once, and reports a value it lacks every time', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    let reads = 0
    const messages = {}
    Object.defineProperty(messages, 'common.price', {
      enumerable: true,
      get: () => {
        reads++
        return 'Fra {price}'
      },
    })
    const intl = intlFor('nb-NO', messages)
    const t = (values: Record<string, string>) => intl.formatMessage({ id: 'common.price' }, values)
    expect([t({ price: '1 kr' }), t({ price: '2 kr' })]).toEqual(['Fra 1 kr', 'Fra 2 kr'])
    expect(reads).toBe(1)
    // Without its value: formatjs's answer (the message as written) and its complaint, on each call.
    expect([t({}), t({})]).toEqual(['Fra {price}', 'Fra {price}'])
    expect(error).toHaveBeenCalledTimes(2)
    expect(String(error.mock.calls[0]?.[0])).toContain('common.price')
  })
})
