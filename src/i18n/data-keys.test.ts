import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOCALES } from './sites'

const root = new URL('../../', import.meta.url).pathname
const read = (path: string): unknown => JSON.parse(readFileSync(join(root, path), 'utf8'))

function jsonFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(join(root, path)).isDirectory()) return jsonFiles(path)
    return name.endsWith('.json') ? [path] : []
  })
}

/** The message keys data names (`labelKey`, a note's `key`), wherever they sit in a data file. */
function keysIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysIn(item, found)
  else if (value && typeof value === 'object')
    for (const [name, inner] of Object.entries(value)) {
      if ((name === 'labelKey' || name === 'key') && typeof inner === 'string' && /^[a-z]+\.[\w.]+$/.test(inner))
        found.add(inner)
      else keysIn(inner, found)
    }
  return found
}

// Keys the compiler cannot check (src/i18n/keys.ts, `dataMessageKey`): from data, and the finance figures' labels.
const DATA_KEYS = new Set(jsonFiles('data').flatMap((file) => [...keysIn(read(file))]))
const FIGURE_KEYS = new Set(
  [...readFileSync(join(root, 'src/domain/finance/summary.ts'), 'utf8').matchAll(/key: '(finance\.field\.\w+)'/g)].map(
    (m) => m[1] as string,
  ),
)

describe('message keys named by data', () => {
  it('are found: price lines, notes and finance figures', () => {
    expect(DATA_KEYS.size).toBeGreaterThan(10)
    expect(DATA_KEYS).toContain('price.note.shippingOutsideOslo')
    expect(FIGURE_KEYS).toContain('finance.field.apr')
  })

  it.each(LOCALES)('each is in the %s catalog', (locale) => {
    const catalog = read(`locales/${locale}.json`) as Record<string, string>
    const missing = [...DATA_KEYS, ...FIGURE_KEYS].filter((key) => !(key in catalog))
    expect(missing).toEqual([])
  })
})
