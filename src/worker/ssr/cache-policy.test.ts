import { describe, expect, it } from 'vitest'
import { findInSources, placesOf } from '../../../test/source-files'
import { CachePolicy } from './cache-policy'

/** A `cache-control` header given a literal value: `'cache-control': 'no-store'`, `c.header('Cache-Control', "…")`. */
const HAND_WRITTEN = /cache-control['"`]\s*[:,]\s*['"`]/gi

/** Every place in a source text that writes a cache-control value by hand, as 'file:line'. */
function handWritten(file: string, text: string): string[] {
  return placesOf(file, text, text.matchAll(HAND_WRITTEN))
}

describe('cache policies have names', () => {
  it('no handler writes a cache-control value by hand: every one is a CachePolicy', () => {
    expect(findInSources(handWritten)).toEqual([])
  })

  it('the check sees a hand-written header in each way one is written', () => {
    expect(handWritten('a.ts', `c.header('Cache-Control', 'no-store')`)).toEqual(['a.ts:1'])
    expect(handWritten('b.ts', `\nreturn c.json(x, 200, { "cache-control": "private" })`)).toEqual(['b.ts:2'])
    expect(handWritten('c.ts', `c.json(x, 200, { 'cache-control': CachePolicy.none })`)).toEqual([])
  })

  it('nothing personal is ever shareable: only the anonymous page and public files say public', () => {
    const shared = Object.entries(CachePolicy).filter(([, value]) => value.startsWith('public'))
    expect(shared.map(([name]) => name).sort()).toEqual(['anonymousPage', 'publicDay', 'publicHour', 'publicMonth'])
    expect(CachePolicy.none).toBe('private, no-store')
  })
})
