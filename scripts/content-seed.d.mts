/** The legal documents of locales/content as KV entries, `content/<language>/<document>`, and the catalogs. */
export function contentSeedEntries(root?: string): { key: string; value: string }[]
/** The message catalogs as KV entries, `i18n/<catalogVersion>/<locale>`. */
export function catalogSeedEntries(root?: string): { key: string; value: string }[]
/** A hash of every catalog file: the version the Worker is built with. */
export function catalogVersion(root?: string): string
