import { afterEach, describe, expect, it, vi } from 'vitest'
import { CATALOGS } from './catalogs'
import { createRequestIntl, type MessageKey } from './intl'

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
