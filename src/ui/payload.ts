import type { CompiledMessages } from '../i18n/intl'
import type { PageContext } from './page-context'

/** What a hydrating page hands its client entry, in `<script id="__ctx">`. */
export interface HydrationPayload<Data = unknown> {
  page: PageContext
  /** The site's prefix; the client looks the site up in the same table. */
  prefix: string
  rest: string
  query: string
  /** Only the namespaces the page renders, parsed on the server (no ICU parser in the browser). */
  messages: CompiledMessages
  data: Data
  /**
   * The text of every figure and date the server formatted for the page, by `formatted` key: the browser hydrates
   * with them instead of building Intl formatters (src/domain/locale-formats.ts).
   */
  formats?: Record<string, string>
}

export const PAYLOAD_ELEMENT_ID = '__ctx'
export const APP_ELEMENT_ID = 'app'
