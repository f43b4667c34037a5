import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { argumentsOf } from '../../test/message-arguments'
import { compileMessages } from '../worker/ssr/compiled-messages'
import { createCompiledIntl } from './compiled-intl'
import { intlFor, type MessageKey, type Messages } from './intl'
import { LOCALES } from './sites'

const read = (locale: string): Messages =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8'))

describe('the browser formatter of compiled messages', () => {
  // Locales whose runtime data is complete in Node; Icelandic numbers come from shipped data on both sides.
  it.each(LOCALES.filter((l) => l !== 'is-IS'))('%s: every message reads as @formatjs/intl formats it', (locale) => {
    const messages = read(locale)
    const compiled = compileMessages(messages, locale)
    const browser = createCompiledIntl(locale, compiled)
    const server = intlFor(locale, messages)
    for (const count of [0, 1, 2, 5, 21, 12345]) {
      for (const id of Object.keys(messages) as MessageKey[]) {
        const values = argumentsOf(compiled[id] ?? [], count)
        expect(browser.formatMessage({ id }, values), `${id} with ${count}`).toBe(server.formatMessage({ id }, values))
      }
    }
  })

  it('shows the key of a message it does not have, and formats numbers in the locale', () => {
    const intl = createCompiledIntl('de-DE', {})
    expect(intl.formatMessage({ id: 'error.notFound.title' })).toBe('error.notFound.title')
    expect(intl.formatNumber(12345.5)).toBe('12.345,5')
  })

  it('fills plurals with the number in the locale (#) and exact matches first', () => {
    const compiled = compileMessages(
      { 'x.y': '{n, plural, =0 {none} one {# car} other {# cars}}' } as unknown as Messages,
      'sv-SE',
    )
    const intl = createCompiledIntl('sv-SE', compiled)
    const t = (n: number) => intl.formatMessage({ id: 'x.y' as MessageKey }, { n })
    expect([t(0), t(1), t(12000)]).toEqual(['none', '1 car', '12\u00a0000 cars'])
  })
})

describe('a plural’s number in the browser', () => {
  // The browser writes a count below 1,000 as plain digits, building no number format (compiled-intl.ts): true in
  // every language of the storefront, as Intl itself writes them.
  it.each(LOCALES)('%s: writes 0 to 999 as Intl does, and 1,000 and more through Intl', (locale) => {
    const compiled = compileMessages(
      { m: '{n, plural, one {# Stück} other {# Stücke}}' } as unknown as Messages,
      locale,
    )
    const browser = createCompiledIntl(locale, compiled)
    const format = new Intl.NumberFormat(locale)
    for (let n = 0; n < 1000; n++)
      expect(browser.formatMessage({ id: 'm' as MessageKey }, { n })).toMatch(new RegExp(`^${format.format(n)} `))
    expect(browser.formatMessage({ id: 'm' as MessageKey }, { n: 12345 })).toMatch(
      new RegExp(`^${format.format(12345)} `),
    )
  })
})
