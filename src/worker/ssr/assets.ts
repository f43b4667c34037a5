import type { ClientEntry } from '../../routes/route'
import styles from '../../ui/styles.css?inline'

// Entry names are fixed by the client build (vite.config.ts); the build id in the query string
// changes with every build, so browsers and the edge may cache them for a year.
const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'dev'

/**
 * The whole stylesheet, inlined into every page under the CSP nonce: it is small (within the CSS budget),
 * and inlining saves a render-blocking round trip on a slow phone.
 */
export const INLINE_STYLES: string = styles

/**
 * Scripts that hydrate nothing: analytics (after consent), the error reporter (with a DSN) and, only in the app's
 * webview, the bridge to the app (app-webview.md).
 */
export type ExtraScript = 'analytics' | 'monitoring' | 'app-bridge'
const EXTRA_SCRIPTS: readonly string[] = ['analytics', 'monitoring', 'app-bridge'] satisfies ExtraScript[]

/** The module that hydrates a page of the given client entry, or one of the extra scripts. */
export function clientEntrySrc(entry: ClientEntry | ExtraScript): string {
  if (import.meta.env.PROD) return `/assets/${entry}.js?v=${BUILD_ID}`
  return `/src/client/entries/${entry}.${EXTRA_SCRIPTS.includes(entry) ? 'ts' : 'tsx'}`
}

/**
 * The inline script that starts a page's JavaScript once the browser has painted the server's HTML: it waits for the
 * first contentful paint's timing entry, which the browser reports once that paint is on the screen (where paint
 * timing is not supported, for the task after the next frame). So the module and what it imports are requested after
 * the first paint, never racing it: the first screen is drawn from the HTML alone, and hydration (the largest script)
 * cannot hold it up. Should no paint be reported (a tab
 * opened in the background paints only when shown), the script starts after `LOADER_PATIENCE_MS` all the same; until
 * it runs, and without JavaScript, every control is a link or a form.
 */
export function startAfterFirstPaint(src: string): string {
  return [
    '(function(){',
    `var started=0,start=function(){if(!started){started=1;import(${JSON.stringify(src)})}};`,
    `setTimeout(start,${LOADER_PATIENCE_MS});`,
    "if(!self.PerformanceObserver||(PerformanceObserver.supportedEntryTypes||[]).indexOf('paint')<0)",
    'return requestAnimationFrame(function(){setTimeout(start)});',
    'new PerformanceObserver(function(list,observer){',
    "if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();start()}",
    "}).observe({type:'paint',buffered:true})",
    '})()',
  ].join('')
}

/** How long the page's script waits for the first paint to be reported before it starts anyway. */
export const LOADER_PATIENCE_MS = 4000
