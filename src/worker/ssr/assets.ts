import type { ClientEntry } from '../../routes/route'
import styles from '../../ui/styles.css?inline'

// Entry names are fixed by the client build (vite.config.ts); the build id in the query string
// changes with every build, so browsers and the edge may cache them for a year.
const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'dev'

/**
 * The whole stylesheet, inlined into every page under the CSP nonce: it is small (~1.5 kB gzip),
 * and inlining saves a render-blocking round trip on a slow phone.
 */
export const INLINE_STYLES: string = styles

/** Scripts that hydrate nothing: analytics (after consent) and the error reporter (with a DSN). */
export type ExtraScript = 'analytics' | 'monitoring'

/** The module that hydrates a page of the given client entry, or one of the extra scripts. */
export function clientEntrySrc(entry: ClientEntry | ExtraScript): string {
  if (import.meta.env.PROD) return `/assets/${entry}.js?v=${BUILD_ID}`
  return `/src/client/entries/${entry}.${entry === 'analytics' || entry === 'monitoring' ? 'ts' : 'tsx'}`
}
