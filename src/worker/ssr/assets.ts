import type { ClientEntry } from '../../routes/route'

// Entry and stylesheet names are fixed by the client build (vite.config.ts); the build id in the
// query string changes with every build, so browsers and the edge may cache them for a year.
const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'dev'

/** The stylesheet every page links. */
export function stylesheetHref(): string {
  return import.meta.env.PROD ? `/assets/app.css?v=${BUILD_ID}` : '/src/ui/styles.css'
}

/** The module that hydrates a page of the given client entry. */
export function clientEntrySrc(entry: ClientEntry): string {
  return import.meta.env.PROD ? `/assets/${entry}.js?v=${BUILD_ID}` : `/src/client/entries/${entry}.tsx`
}
