import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser'
import type { CompiledMessages, Messages } from '../../i18n/intl'
import { memo } from '../../lib/memo'

const compiled = memo<[Partial<Messages>], CompiledMessages>(1)

/**
 * Messages parsed on the server, once per isolate and pick (pickMessages returns the same object for
 * the same catalog and namespaces): the browser formats them without the ICU parser, which its bundle
 * leaves out (vite.config.ts, `noIcuParserInBrowser`). Parsed as @formatjs/intl would parse them.
 */
export function compileMessages(messages: Partial<Messages>, locale: string): CompiledMessages {
  return compiled([messages], locale, () => {
    const entries: [string, MessageFormatElement[]][] = []
    for (const [id, message] of Object.entries(messages)) {
      if (typeof message === 'string') entries.push([id, parse(message, { locale: new Intl.Locale(locale) })])
    }
    return Object.fromEntries(entries)
  })
}
