import { createIntl } from '@formatjs/intl'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CATALOGS } from './catalogs'
import { createRequestIntl, type MessageKey } from './intl'
import type { Locale } from './sites'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the server intl', () => {
  it('reports a message it cannot format, so the test that caused it fails (test/no-console-error.ts)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const intl = createRequestIntl('de-DE', CATALOGS['de-DE'])
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
    createRequestIntl('is-IS', CATALOGS['is-IS']).formatMessage({ id: 'common.nextSteps' })
    expect(error).not.toHaveBeenCalled()
  })
})

describe('createRequestIntl', () => {
  it('formats every message of a catalog as formatjs does, with and without values', () => {
    // Messages with placeholders are asked for without their values here, which the intl reports.
    vi.spyOn(console, 'error').mockImplementation(() => {})
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
    // Reported both times: a missing message is never kept as if it were a text.
    expect(error).toHaveBeenCalledTimes(2)
  })
})
