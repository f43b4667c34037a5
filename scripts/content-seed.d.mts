/** The legal documents of locales/content as KV entries, `content/<language>/<document>`. */
export function contentSeedEntries(root?: string): { key: string; value: string }[]
