import { describe, expect, it, vi } from 'vitest'
import { findInSources, placesOf } from '../../test/source-files'
import { memo } from './memo'
import { isShared } from './shared'

describe('memo', () => {
  it('makes a value once per documents and key, and anew for another document or key', () => {
    const make = vi.fn(() => ({ made: true }))
    const values = memo<[object, object], { made: boolean }>()
    const [catalog, rules] = [{}, {}]
    const first = values([catalog, rules], 'NO', make)
    expect(values([catalog, rules], 'NO', make)).toBe(first)
    expect(values([catalog, rules], 'SE', make)).not.toBe(first)
    // A new document (a data release) is never answered with a value of the old one.
    expect(values([{}, rules], 'NO', make)).not.toBe(first)
    expect(values([catalog, {}], 'NO', make)).not.toBe(first)
    expect(make).toHaveBeenCalledTimes(4)
  })

  it('keeps at most its limit of values per documents, the one used longest ago going first', () => {
    const make = vi.fn((n: number) => `value ${n}`)
    const values = memo<[], string>(2)
    values([], 'a', () => make(1))
    values([], 'b', () => make(2))
    values([], 'a', () => make(3))
    values([], 'c', () => make(4))
    // 'b' was used longest ago: it went; 'a' was used since and stays.
    expect(values([], 'a', () => make(5))).toBe('value 1')
    expect(values([], 'b', () => make(6))).toBe('value 6')
    expect(make).toHaveBeenCalledTimes(4)
  })

  it('shares its values: marked, and frozen all the way down outside production, so a mutation fails here', () => {
    const view = memo<[], { lines: { amount: number }[] }>()([], 'x', () => ({ lines: [{ amount: 1 }] }))
    expect(isShared(view)).toBe(true)
    expect(() => {
      ;(view.lines[0] as { amount: number }).amount = 2
    }).toThrow(TypeError)
    expect(() => view.lines.push({ amount: 3 })).toThrow(TypeError)
  })

  it('leaves a platform object as it is with share: false (an Intl formatter keeps state of its own)', () => {
    const format = memo<[], Intl.NumberFormat>(4, { share: false })([], 'en-US', () => new Intl.NumberFormat('en-US'))
    expect(isShared(format)).toBe(false)
    expect(Object.isFrozen(format)).toBe(false)
  })
})

/**
 * The module-level maps that are not memos, with why: caches that expire or are dropped on a write, registries, and
 * what the browser is handed. Any other module-level Map or WeakMap is a memo, which goes through `memo`.
 */
const NOT_MEMOS: Record<string, string> = {
  'src/store/cache.ts': 'the data cache in front of KV and D1, with its expiry (cacheAside)',
  'src/store/stock.ts': 'a country’s stock list for 20 s, dropped by a sale',
  'src/app/test-drive.ts': 'a store’s bookings for 20 s, dropped by a booking',
  'src/i18n/catalog-store.ts': 'the catalogs read from KV, read again after a failed read',
  'src/i18n/locale-formats.ts': 'the Intl data shipped per language, and the texts a page was handed (browser)',
  'src/worker/app-shell.ts': 'a request’s app shell, read once per request (held weakly by the request, never shared)',
  'src/worker/payments/context.ts': 'a request’s payment provider, made once per request (held weakly by its context)',
  'src/domain/testdrive/time.ts':
    'an Intl formatter per time zone and its offsets at UTC midnights: the slots lay out hundreds of wall times a page, and the domain imports no memo',
}

/** A Map or WeakMap made at a module's top level: `const x = new Map(`, `let x: Y = new WeakMap<…>(`. */
const MODULE_MAP = /^(?:export )?(?:const|let) \w+\s*(?::[^=\n]+)?=\s*new (?:Weak)?Map\b/gm

function moduleMaps(file: string, text: string): string[] {
  if (file.replaceAll('\\', '/') in NOT_MEMOS || file.replaceAll('\\', '/').startsWith('src/lib/')) return []
  return placesOf(file, text, text.matchAll(MODULE_MAP))
}

describe('one memo helper', () => {
  it('no module keeps a map of its own outside src/lib but the caches that are not memos', () => {
    expect(findInSources(moduleMaps)).toEqual([])
  })

  it('the check sees a module-level map in each way one is written, and not one inside a function', () => {
    expect(moduleMaps('src/routes/a.ts', 'const views = new WeakMap<object, string>()')).toEqual(['src/routes/a.ts:1'])
    expect(moduleMaps('src/ui/b.ts', '\nexport let seen: Map<string, number> = new Map()')).toEqual(['src/ui/b.ts:2'])
    expect(moduleMaps('src/ui/c.ts', 'function f() {\n  const seen = new Map()\n}')).toEqual([])
    expect(moduleMaps('src/store/cache.ts', 'const memory = new Map()')).toEqual([])
  })
})
