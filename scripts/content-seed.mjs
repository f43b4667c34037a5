// The legal documents from locales/content/<language>/<document>.json as KV entries
// (`content/<language>/<document>`). Shared by `npm run db:setup` (wrangler kv bulk put) and the
// worker tests, so both read the same documents.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

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
  return entries
}
