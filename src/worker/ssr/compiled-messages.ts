import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser'
import type { CompiledMessages, Messages } from '../../i18n/intl'

const compiled = new WeakMap<Partial<Messages>, CompiledMessages>()

/**
 * Messages parsed on the server, once per isolate and pick (pickMessages returns the same object for
 * the same catalog and namespaces): the browser formats them without the ICU parser, which its bundle
 * leaves out (vite.config.ts, `noIcuParserInBrowser`). Parsed as @formatjs/intl would parse them.
 */
export function compileMessages(messages: Partial<Messages>, locale: string): CompiledMessages {
  let result = compiled.get(messages)
  if (!result) {
    const entries: [string, MessageFormatElement[]][] = []
    for (const [id, message] of Object.entries(messages)) {
      if (typeof message === 'string') entries.push([id, parse(message, { locale: new Intl.Locale(locale) })])
    }
    result = Object.fromEntries(entries)
    compiled.set(messages, result)
  }
  return result
}
