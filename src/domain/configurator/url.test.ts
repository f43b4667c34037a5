import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { EXAMPLE_CONFIGURATION } from '../catalog/example'
import {
  type ConfiguratorState,
  configurationKey,
  queryEntries,
  queryOf,
  queryText,
  stateFromQuery,
  withChoice,
} from './url'

const base = EXAMPLE_CONFIGURATION

describe('configurator address', () => {
  it('reads choices on top of a base and keeps the rest', () => {
    const state = stateFromQuery(
      new URLSearchParams('paint=fjord-blue&packs=tech-pack,premium-sound&usage=business'),
      base,
    )
    expect(state).toEqual({
      configuration: { ...base, paintCode: 'fjord-blue', packCodes: ['tech-pack', 'premium-sound'] },
      usage: 'business',
    })
  })

  it('ignores malformed codes instead of passing them on', () => {
    const state = stateFromQuery(new URLSearchParams('paint=<script>&packs=ok-pack,DROP TABLE'), base)
    expect(state.configuration.paintCode).toBe('arctic-white')
    expect(state.configuration.packCodes).toEqual(['ok-pack'])
  })

  it('round-trips any configuration through its address', () => {
    const code = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,10}$/)
    fc.assert(
      fc.property(code, code, fc.uniqueArray(code, { maxLength: 4 }), fc.boolean(), (paint, wheel, packs, business) => {
        const state = {
          configuration: { ...base, paintCode: paint, wheelCode: wheel, packCodes: packs },
          usage: business ? 'business' : 'personal',
        } as const
        const back = stateFromQuery(queryOf(state), base)
        expect(back.usage).toBe(state.usage)
        expect(configurationKey(back.configuration)).toBe(configurationKey(state.configuration))
      }),
    )
  })

  it("writes a link's query as text, the car first and its sorted lists encoded, then the parameters after it", () => {
    const state: ConfiguratorState = {
      configuration: { ...base, packCodes: ['tech-pack', 'comfort-pack'], accessoryCodes: ['tow-bar'] },
      usage: 'business',
    }
    expect(
      queryText(state, [
        ['finance', 'loan'],
        ['down', '50000.5'],
        ['chose', 'packCodes:tech-pack'],
      ]),
    ).toBe(
      'version=long-range&paint=arctic-white&wheels=aero-18&interior=textile-charcoal' +
        '&packs=comfort-pack%2Ctech-pack&accessories=tow-bar&usage=business' +
        '&finance=loan&down=50000.5&chose=packCodes%3Atech-pack',
    )
    expect(Object.fromEntries(queryEntries(state))).toEqual(Object.fromEntries(queryOf(state)))
  })

  it('writes the same query as URLSearchParams for any car, finance choice and choice link', () => {
    const code = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,10}$/)
    const more = fc.uniqueArray(
      fc.tuple(
        fc.constantFrom('finance', 'down', 'term', 'km', 'balloon', 'chose', 'view'),
        fc.oneof(
          code,
          fc.double({ min: 0, max: 1e7, noNaN: true }).map(String),
          code.map((c) => `paintCode:${c}`),
        ),
      ),
      { selector: ([name]) => name },
    )
    fc.assert(
      fc.property(code, fc.uniqueArray(code, { maxLength: 4 }), fc.boolean(), more, (paint, packs, business, extra) => {
        const state = {
          configuration: { ...base, paintCode: paint, packCodes: packs },
          usage: business ? 'business' : 'personal',
        } as const
        const query = queryOf(state)
        for (const [name, value] of extra) query.set(name, value)
        expect(queryText(state, extra)).toBe(query.toString())
      }),
    )
  })

  it('toggles extras and replaces single choices', () => {
    const withPack = withChoice(base, 'packCodes', 'tech-pack')
    expect(withPack.packCodes).toEqual(['tech-pack'])
    expect(withChoice(withPack, 'packCodes', 'tech-pack').packCodes).toEqual([])
    expect(withChoice(base, 'paintCode', 'fjord-blue').paintCode).toBe('fjord-blue')
  })

  it('gives the same key to the same car, whatever the order of its extras', () => {
    const a = { ...base, packCodes: ['tech-pack', 'comfort-pack'] }
    const b = { ...base, packCodes: ['comfort-pack', 'tech-pack'] }
    expect(configurationKey(a)).toBe(configurationKey(b))
    expect(configurationKey(a)).not.toBe(configurationKey({ ...a, paintCode: 'fjord-blue' }))
  })
})

describe('choice links', () => {
  it('name the choice just made and undo it for reconcile', async () => {
    const { choiceParam, impliedPrevious, parseChoice } = await import('./url')
    const choice = parseChoice(choiceParam({ field: 'packCodes', code: 'tech-pack' }))
    expect(choice).toEqual({ field: 'packCodes', code: 'tech-pack' })
    const candidate = { ...base, packCodes: ['tech-pack'] }
    expect(impliedPrevious(candidate, { field: 'packCodes', code: 'tech-pack' }).packCodes).toEqual([])
    expect(impliedPrevious(base, { field: 'versionCode', code: 'long-range' }).versionCode).toBe('')
    expect(parseChoice('nonsense')).toBeNull()
    expect(parseChoice('paintCode:<x>')).toBeNull()
  })
})
