import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import type { CompiledMessages, PageIntl } from './intl'

type Values = Record<string, string | number | Date>

// The parser's element types (TYPE in @formatjs/icu-messageformat-parser), without its runtime.
const LITERAL = 0
const ARGUMENT = 1
const NUMBER = 2
const SELECT = 5
const PLURAL = 6
const POUND = 7

/** The message uses something this formatter does not do (date, time, tags): a bug in the catalog. */
export class UnsupportedMessageError extends Error {}

function format(
  elements: MessageFormatElement[],
  locale: string,
  values: Values,
  numbers: (options?: Intl.NumberFormatOptions) => Intl.NumberFormat,
  plural?: number,
): string {
  let out = ''
  for (const el of elements) {
    if (el.type === LITERAL) out += el.value
    else if (el.type === POUND) out += plural === undefined ? '' : count(plural, numbers)
    else {
      const value = values[el.value]
      if (value === undefined) throw new UnsupportedMessageError(`missing value {${el.value}}`)
      if (el.type === ARGUMENT) out += typeof value === 'string' || typeof value === 'number' ? String(value) : ''
      else if (el.type === NUMBER) {
        const options = el.style && typeof el.style !== 'string' ? el.style.parsedOptions : undefined
        out += numbers(options).format(Number(value))
      } else if (el.type === SELECT) {
        const option = el.options[String(value)] ?? el.options.other
        if (option) out += format(option.value, locale, values, numbers, plural)
      } else if (el.type === PLURAL) {
        const n = Number(value) - el.offset
        const option =
          el.options[`=${value}`] ??
          el.options[new Intl.PluralRules(locale, { type: el.pluralType }).select(n)] ??
          el.options.other
        if (option) out += format(option.value, locale, values, numbers, n)
      } else throw new UnsupportedMessageError(`unsupported element in {${el.value}}`)
    }
  }
  return out
}

/**
 * A plural's `#` ("36 Monate", "3 Fahrzeuge verfügbar"). Below 1,000, every language of the storefront writes a
 * whole number in plain digits without grouping, so no number format is built for it: the first one a page builds
 * is costly (src/domain/locale-formats.ts), and a page hydrating with months or vehicle counts needs none.
 */
function count(n: number, numbers: (options?: Intl.NumberFormatOptions) => Intl.NumberFormat): string {
  return Number.isInteger(n) && n >= 0 && n < 1000 ? String(n) : numbers().format(n)
}

/**
 * The browser's intl: formats messages the server parsed (src/worker/ssr/compiled-messages.ts) as
 * intl-messageformat would (literals, arguments, numbers, plurals, selects), without shipping the
 * parser or @formatjs/intl. A message it cannot format shows its key, as @formatjs/intl would.
 *
 * @example
 * createCompiledIntl('nb-NO', compiled).formatMessage({ id: 'configurator.range' }, { km: 465 })
 */
export function createCompiledIntl(locale: string, messages: CompiledMessages): PageIntl {
  const numberFormats = new Map<string, Intl.NumberFormat>()
  const numbers = (options?: Intl.NumberFormatOptions) => {
    const key = JSON.stringify(options ?? {})
    let nf = numberFormats.get(key)
    if (!nf) {
      nf = new Intl.NumberFormat(locale, options)
      numberFormats.set(key, nf)
    }
    return nf
  }
  return {
    locale,
    formatMessage({ id }, values = {}) {
      const elements = messages[id]
      if (!elements) return id
      try {
        return format(elements, locale, values, numbers)
      } catch {
        return id
      }
    },
    formatNumber: (value, options) => numbers(options).format(value),
  }
}
