// The legal documents from locales/content/<language>/<document>.json as KV entries
// (`content/<language>/<document>`), and the message catalogs locales/<locale>.json
// (`i18n/<catalogVersion>/<locale>`). Shared by `npm run db:setup` (wrangler kv bulk put) and the
// worker tests, so both read the same documents.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The catalog files, sorted by locale. */
function catalogFiles(root) {
  const base = join(root, 'locales')
  return readdirSync(base)
    .filter((f) => /^[a-z]{2}-[A-Z]{2}\.json$/.test(f))
    .sort()
    .map((f) => ({ locale: f.slice(0, -'.json'.length), path: join(base, f) }))
}

/**
 * The version of the message catalogs: a hash of every catalog file. The Worker is built with it
 * (vite.config.ts), so it reads exactly the catalogs it was built with from KV.
 *
 * @param {string} root the project folder
 * @returns {string}
 */
export function catalogVersion(root = '.') {
  const hash = createHash('sha256')
  for (const { locale, path } of catalogFiles(root)) hash.update(locale).update(readFileSync(path))
  return hash.digest('hex').slice(0, 12)
}

/**
 * The message catalogs as KV entries, keyed by their version.
 *
 * @param {string} root the project folder
 * @returns {{ key: string, value: string }[]}
 */
export function catalogSeedEntries(root = '.') {
  const version = catalogVersion(root)
  return catalogFiles(root).map(({ locale, path }) => ({
    key: `i18n/${version}/${locale}`,
    value: JSON.stringify(JSON.parse(readFileSync(path, 'utf8'))),
  }))
}

/**
 * @param {string} root the project folder
 * @returns {{ key: string, value: string }[]}
 */
export function contentSeedEntries(root = '.') {
  const base = join(root, 'locales/content')
  if (!existsSync(base)) return []
  const entries = []
  for (const language of readdirSync(base).sort()) {
    for (const file of readdirSync(join(base, language))
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const body = JSON.parse(readFileSync(join(base, language, file), 'utf8'))
      entries.push({ key: `content/${language}/${file.slice(0, -'.json'.length)}`, value: JSON.stringify(body) })
    }
  }
  return [...entries, ...catalogSeedEntries(root)]
}
