import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import p5 from '../../../data/catalog/p5.json'
import {
  type Configuration,
  ConfigurationError,
  defaultConfiguration,
  reconcileConfiguration,
  selectedCodes,
  validateConfiguration,
} from './configuration'
import { COUNTRY_CODES } from './markets'
import { Catalog } from './schema'

const catalog = Catalog.parse(p5)

const standard: Configuration = defaultConfiguration(catalog, 'NL')
const long: Configuration = defaultConfiguration(catalog, 'NL', 'long-range')

describe('defaultConfiguration', () => {
  it('is the first version with its default choices and nothing optional', () => {
    expect(standard).toEqual({
      modelCode: 'p5',
      versionCode: 'standard-range',
      paintCode: 'arctic-white',
      wheelCode: 'aero-18',
      interiorCode: 'textile-charcoal',
      packCodes: [],
      accessoryCodes: [],
    })
    expect(long.versionCode).toBe('long-range')
  })

  it('is valid for every version in every country', () => {
    for (const country of COUNTRY_CODES) {
      for (const version of catalog.versions) {
        expect(validateConfiguration(catalog, country, defaultConfiguration(catalog, country, version.code))).toEqual(
          [],
        )
      }
    }
  })

  it('refuses an unknown version and a country the model is not sold in', () => {
    expect(() => defaultConfiguration(catalog, 'NL', 'plaid')).toThrow(ConfigurationError)
    const { NO: _dropped, ...markets } = catalog.markets
    const withoutNorway: Catalog = { ...catalog, markets }
    expect(() => defaultConfiguration(withoutNorway, 'NO')).toThrow(
      expect.objectContaining({ code: 'notSoldInCountry' }),
    )
  })
})

describe('validateConfiguration', () => {
  const problems = (configuration: Partial<Configuration>, country: 'NL' | 'TH' = 'NL', base = standard) =>
    validateConfiguration(catalog, country, { ...base, ...configuration }).map((p) => [
      p.path,
      p.code,
      p.optionCode,
      p.relatedCode,
    ])

  it('reports unknown codes, also a real code in the wrong field', () => {
    expect(problems({ paintCode: 'hot-pink', wheelCode: 'fjord-blue' })).toEqual([
      ['paintCode', 'unknownCode', 'hot-pink', undefined],
      ['wheelCode', 'unknownCode', 'fjord-blue', undefined],
    ])
  })

  it('reports an option not sold in the country', () => {
    expect(problems({ paintCode: 'aurora-green-black', packCodes: ['tow-pack'] }, 'TH', long)).toEqual([
      ['paintCode', 'notAvailableInCountry', 'aurora-green-black', undefined],
      ['packCodes.0', 'notAvailableInCountry', 'tow-pack', undefined],
    ])
  })

  it('reports paint and wheels the version does not allow', () => {
    expect(problems({ paintCode: 'aurora-green-black', wheelCode: 'sport-19' })).toEqual([
      ['paintCode', 'notAllowedForVersion', 'aurora-green-black', 'standard-range'],
      ['wheelCode', 'notAllowedForVersion', 'sport-19', 'standard-range'],
    ])
  })

  it('reports a standard pack listed again and duplicates', () => {
    expect(problems({ packCodes: ['comfort-pack', 'tech-pack', 'tech-pack'] }, 'NL', long)).toEqual([
      ['packCodes.0', 'includedAsStandard', 'comfort-pack', 'long-range'],
      ['packCodes.2', 'duplicate', 'tech-pack', undefined],
    ])
  })

  it('reports missing requirements; standard equipment counts', () => {
    expect(problems({ packCodes: ['premium-sound'], accessoryCodes: ['bike-carrier'] })).toEqual([
      ['packCodes.0', 'requires', 'premium-sound', 'tech-pack'],
      ['accessoryCodes.0', 'requires', 'bike-carrier', 'tow-pack'],
    ])
    expect(problems({ interiorCode: 'vegan-leather-sand' })).toEqual([
      ['interiorCode', 'requires', 'vegan-leather-sand', 'comfort-pack'],
    ])
    expect(problems({ interiorCode: 'vegan-leather-sand' }, 'NL', long)).toEqual([])
  })

  it('reports exclusions on the later option', () => {
    expect(problems({ wheelCode: 'sport-19', packCodes: ['tow-pack'] }, 'NL', long)).toEqual([
      ['packCodes.0', 'excludedBy', 'tow-pack', 'sport-19'],
    ])
    expect(problems({ wheelCode: 'sport-19', accessoryCodes: ['winter-wheels-18'] }, 'NL', long)).toEqual([
      ['accessoryCodes.0', 'requires', 'winter-wheels-18', 'aero-18'],
    ])
  })

  it('reports another model alone, with a message key per problem', () => {
    const [problem, ...rest] = validateConfiguration(catalog, 'NL', { ...standard, modelCode: 'p9' })
    expect(rest).toEqual([])
    expect(problem).toEqual({
      field: 'modelCode',
      path: 'modelCode',
      code: 'unknownModel',
      optionCode: 'p9',
      messageKey: 'configuration.problem.unknownModel',
    })
  })
})

describe('reconcileConfiguration', () => {
  const reconcile = (configuration: Configuration, previous?: Configuration, country: 'NL' | 'TH' = 'NL') =>
    reconcileConfiguration(catalog, country, configuration, previous)
  const noteSummary = (notes: { field: string; code: string; from: string; to: string | null }[]) =>
    notes.map((n) => [n.field, n.code, n.from, n.to])

  it('keeps a valid configuration and puts lists in catalog order', () => {
    const configuration = { ...standard, packCodes: ['premium-sound', 'tech-pack'] }
    expect(reconcile(configuration)).toEqual({
      configuration: { ...configuration, packCodes: ['tech-pack', 'premium-sound'] },
      notes: [],
    })
  })

  it('resets every other choice to the new version’s defaults when the version changes', () => {
    const previous = {
      ...standard,
      paintCode: 'fjord-blue',
      interiorCode: 'vegan-leather-sand',
      packCodes: ['comfort-pack', 'tech-pack'],
      accessoryCodes: ['floor-mats'],
    }
    const result = reconcile({ ...previous, versionCode: 'long-range' }, previous)
    expect(result.configuration).toEqual(long)
    expect(noteSummary(result.notes)).toEqual([
      ['paintCode', 'resetByVersionChange', 'fjord-blue', 'arctic-white'],
      ['interiorCode', 'resetByVersionChange', 'vegan-leather-sand', 'textile-charcoal'],
      ['packCodes', 'resetByVersionChange', 'comfort-pack', null],
      ['packCodes', 'resetByVersionChange', 'tech-pack', null],
      ['accessoryCodes', 'resetByVersionChange', 'floor-mats', null],
    ])
    expect(result.notes[0]?.messageKey).toBe('configuration.note.resetByVersionChange')
  })

  it('reverts unknown, unsold and disallowed choices to the default and drops such extras', () => {
    const result = reconcile(
      { ...long, paintCode: 'aurora-green-black', wheelCode: 'magic', packCodes: ['tow-pack', 'comfort-pack'] },
      undefined,
      'TH',
    )
    expect(result.configuration).toEqual(defaultConfiguration(catalog, 'TH', 'long-range'))
    expect(noteSummary(result.notes)).toEqual([
      ['paintCode', 'notAvailableInCountry', 'aurora-green-black', 'arctic-white'],
      ['wheelCode', 'unknownCode', 'magic', 'aero-18'],
      ['packCodes', 'notAvailableInCountry', 'tow-pack', null],
      ['packCodes', 'includedAsStandard', 'comfort-pack', null],
    ])
  })

  it('reverts a choice that a removed pack made invalid', () => {
    const previous = { ...standard, interiorCode: 'vegan-leather-sand', packCodes: ['comfort-pack'] }
    const result = reconcile({ ...previous, packCodes: [] }, previous)
    expect(result.configuration.interiorCode).toBe('textile-charcoal')
    expect(result.notes).toEqual([
      {
        field: 'interiorCode',
        code: 'requires',
        from: 'vegan-leather-sand',
        to: 'textile-charcoal',
        relatedCode: 'comfort-pack',
        messageKey: 'configuration.note.requires',
      },
    ])
  })

  it('keeps the choice just made and reverts the older one it excludes', () => {
    const withSport = { ...long, wheelCode: 'sport-19' }
    const addTowBar = reconcile({ ...withSport, packCodes: ['tow-pack'] }, withSport)
    expect(addTowBar.configuration).toEqual({ ...long, packCodes: ['tow-pack'] })
    expect(noteSummary(addTowBar.notes)).toEqual([['wheelCode', 'excludedBy', 'sport-19', 'aero-18']])

    const withTowBar = { ...long, packCodes: ['tow-pack'], accessoryCodes: ['bike-carrier', 'winter-wheels-18'] }
    const pickSport = reconcile({ ...withTowBar, wheelCode: 'sport-19' }, withTowBar)
    expect(pickSport.configuration).toEqual({ ...long, wheelCode: 'sport-19' })
    expect(noteSummary(pickSport.notes)).toEqual([
      ['packCodes', 'excludedBy', 'tow-pack', null],
      ['accessoryCodes', 'requires', 'bike-carrier', null],
      ['accessoryCodes', 'requires', 'winter-wheels-18', null],
    ])
  })

  it('without history, the later of two conflicting options gives way', () => {
    const result = reconcile({ ...long, wheelCode: 'sport-19', packCodes: ['tow-pack'] })
    expect(result.configuration).toEqual({ ...long, wheelCode: 'sport-19' })
  })

  it('restores the earlier version when the one sent is unknown', () => {
    const result = reconcile({ ...long, versionCode: 'plaid', paintCode: 'aurora-green-black' }, long)
    expect(result.configuration).toEqual({ ...long, paintCode: 'aurora-green-black' })
    expect(noteSummary(result.notes)).toEqual([['versionCode', 'unknownCode', 'plaid', 'long-range']])
  })

  it('replaces another model or an unknown version', () => {
    expect(reconcile({ ...standard, modelCode: 'p9' }).configuration).toEqual(standard)
    const result = reconcile({ ...standard, versionCode: 'plaid', paintCode: 'fjord-blue' })
    expect(result.configuration).toEqual({ ...standard, paintCode: 'fjord-blue' })
    expect(noteSummary(result.notes)).toEqual([['versionCode', 'unknownCode', 'plaid', 'standard-range']])
  })

  const anyCode = fc.constantFrom(
    ...[
      ...catalog.versions,
      ...catalog.paints,
      ...catalog.wheels,
      ...catalog.interiors,
      ...catalog.packs,
      ...catalog.accessories,
    ].map((item) => item.code),
    'unknown',
  )
  const raw = fc.record({
    modelCode: fc.constantFrom('p5', 'p5', 'x1'),
    versionCode: anyCode,
    paintCode: anyCode,
    wheelCode: anyCode,
    interiorCode: anyCode,
    packCodes: fc.array(anyCode, { maxLength: 6 }),
    accessoryCodes: fc.array(anyCode, { maxLength: 6 }),
  })

  it('always returns a valid configuration, and reconciling it again changes nothing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COUNTRY_CODES),
        raw,
        fc.option(raw, { nil: undefined }),
        (country, input, prev) => {
          const previous = prev && reconcileConfiguration(catalog, country, prev).configuration
          const { configuration, notes } = reconcileConfiguration(catalog, country, input, previous)
          expect(validateConfiguration(catalog, country, configuration)).toEqual([])
          expect(reconcileConfiguration(catalog, country, configuration)).toEqual({ configuration, notes: [] })
          expect(reconcileConfiguration(catalog, country, configuration, configuration).notes).toEqual([])
          if (previous && input.modelCode === 'p5' && !catalog.versions.some((v) => v.code === input.versionCode)) {
            // An unknown version falls back to the one the visitor had.
            expect(configuration.versionCode).toBe(previous.versionCode)
          }
          for (const n of notes) expect(n.from).not.toBe(n.to)
        },
      ),
      { numRuns: 500 },
    )
  })
})

describe('selectedCodes', () => {
  it('includes the version and its standard packs', () => {
    expect([...selectedCodes(catalog, long)]).toEqual([
      'long-range',
      'arctic-white',
      'aero-18',
      'textile-charcoal',
      'comfort-pack',
    ])
  })
})
