import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { sourceFiles } from '../../test/source-files'
import { COOKIES_AND_THE_CACHE } from './edge-cache'

/** The cookies the app sets: every `export const …_COOKIE = '…'` in src. */
function cookiesOfTheApp(): string[] {
  return sourceFiles('src').flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/export const \w+_COOKIE = '([^']+)'/g)].map((m) => m[1] ?? ''),
  )
}

describe('what each cookie means for the edge cache', () => {
  it('says it for every cookie the app sets, so a new cookie cannot quietly share a visitor’s page', () => {
    const found = cookiesOfTheApp()
    expect(found.length).toBeGreaterThanOrEqual(8)
    expect(found.filter((name) => !(name in COOKIES_AND_THE_CACHE))).toEqual([])
  })

  it('treats the session, gray access, a trade-in, an order link and a recent write as personal', () => {
    const personal = Object.entries(COOKIES_AND_THE_CACHE)
      .filter(([, meaning]) => meaning === 'personal')
      .map(([name]) => name)
    expect(personal.sort()).toEqual(
      [
        '__Host-d1-bookmark',
        '__Host-nv_access',
        '__Host-nv_gray',
        '__Host-nv_order',
        '__Host-nv_refresh',
        '__Host-nv_tradein',
      ].sort(),
    )
  })
})
