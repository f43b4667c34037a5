import { describe, expect, it } from 'vitest'
import { findInSources, placesOf } from '../../test/source-files'

/** A statement prepared for D1: `db.prepare(`, `env.DB.prepare(`, `.prepare(` on its own line. */
const PREPARE = /\.prepare\s*\(/g

/** Every place outside src/store that prepares a statement, as 'file:line'. */
function queriesOutsideStore(file: string, text: string): string[] {
  if (file.replaceAll('\\', '/').startsWith('src/store/')) return []
  return placesOf(file, text, text.matchAll(PREPARE))
}

describe('SQL lives in src/store', () => {
  it('no code outside src/store prepares a D1 statement', () => {
    expect(findInSources(queriesOutsideStore)).toEqual([])
  })

  it('the check sees a statement outside the store in each way one is written, and none inside it', () => {
    expect(queriesOutsideStore('src/worker/a.ts', `await env.DB.prepare('SELECT 1')`)).toEqual(['src/worker/a.ts:1'])
    expect(queriesOutsideStore('src/routes/b.ts', `const x = 1\nawait db\n  .prepare('SELECT 1')`)).toEqual([
      'src/routes/b.ts:3',
    ])
    expect(queriesOutsideStore('src/store/orders.ts', `db.prepare('SELECT 1')`)).toEqual([])
  })
})
