import { readdirSync, readFileSync } from 'node:fs'
import { parse } from '@formatjs/icu-messageformat-parser'
import { createIntl } from '@formatjs/intl'
import { describe, expect, it } from 'vitest'
import { argumentsOf } from '../../test/message-arguments'
import { LOCALES } from './sites'

const read = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8'))

const source = read('en-US')
const translated = LOCALES.filter((l) => l !== 'en-US')

/** Values that are formatting, not language, and may read the same in every locale. */
const LANGUAGE_NEUTRAL = new Set([
  'site.titleTemplate',
  'facts.batteryValue',
  'facts.cargoValue',
  // Units and punctuation around placeholders only.
  'compare.consumptionValue',
  'marketing.consumptionValue',
  'configurator.priceAdd',
  'configurator.price.runningCost',
  // A figure the server formatted, as the overview's list shows it.
  'compare.energy.value',
])

/** The arguments a message takes, as the ICU parser reads it (a select's branches are text, not arguments). */
const placeholders = (message: string) => new Set(Object.keys(argumentsOf(parse(message), 5)))
/** Words of a message once its ICU placeholders are removed. */
const words = (message: string) => message.replace(/\{[^{}]*\}/g, ' ').match(/\p{L}+/gu) ?? []

describe('message catalogs', () => {
  it('exist for exactly the 13 locales', () => {
    const files = readdirSync(new URL('../../locales/', import.meta.url)).filter((f) => f.endsWith('.json'))
    expect(files.map((f) => f.replace('.json', '')).sort()).toEqual([...LOCALES].sort())
  })

  it.each(translated)('%s has every key of en-US and nothing else', (locale) => {
    expect(Object.keys(read(locale)).sort()).toEqual(Object.keys(source).sort())
  })

  it.each(translated)('%s keeps every placeholder of en-US', (locale) => {
    const catalog = read(locale)
    for (const [key, english] of Object.entries(source)) {
      expect(placeholders(catalog[key] ?? ''), `${locale} ${key}`).toEqual(placeholders(english))
    }
  })

  it.each(translated)('%s is translated, not an English copy', (locale) => {
    const catalog = read(locale)
    const copies = Object.entries(source).filter(
      ([key, english]) => !LANGUAGE_NEUTRAL.has(key) && words(english).length >= 2 && catalog[key] === english,
    )
    expect(copies.map(([key]) => key)).toEqual([])
  })

  it.each(LOCALES)('%s: every message is valid ICU and formats', (locale) => {
    const errors: unknown[] = []
    const catalog = read(locale)
    const intl = createIntl({ locale, messages: catalog, onError: (e) => errors.push(e) })
    for (const [key, message] of Object.entries(catalog)) {
      // A number fits every argument: plurals need one, and plain ones print it.
      const values = Object.fromEntries([...placeholders(message)].map((name) => [name, 5]))
      intl.formatMessage({ id: key }, values)
    }
    expect(errors).toEqual([])
  })
})
