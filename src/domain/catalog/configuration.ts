// No zod here: the browser's configurator imports this module (schema: configuration-schema.ts).

import type { Configuration } from './configuration-schema'
import { type CatalogItem, type CatalogItemKind, catalogItem } from './items'
import type { CountryCode } from './markets'
import type { Catalog, Version } from './schema'

export type { Configuration } from './configuration-schema'

export type ConfigurationField = keyof Configuration
type ChoiceField = 'paintCode' | 'wheelCode' | 'interiorCode'

/**
 * Every problem validateConfiguration can report; each has the message key `configuration.problem.<code>`.
 *
 * @example
 * CONFIGURATION_PROBLEM_CODES.includes('requires') // true
 */
export const CONFIGURATION_PROBLEM_CODES = [
  'unknownModel',
  'unknownCode',
  'notAvailableInCountry',
  'notAllowedForVersion',
  'includedAsStandard',
  'duplicate',
  'excludedBy',
  'requires',
] as const
export type ConfigurationProblemCode = (typeof CONFIGURATION_PROBLEM_CODES)[number]

/** One thing wrong with one field of a configuration; `messageKey` is the text to show next to it. */
export interface ConfigurationProblem {
  field: ConfigurationField
  /** Field path for form errors: 'paintCode', or 'packCodes.1' for the second pack. */
  path: string
  code: ConfigurationProblemCode
  optionCode: string
  /** The other option of an excludes/requires rule. */
  relatedCode?: string
  messageKey: `configuration.problem.${ConfigurationProblemCode}`
}

/**
 * Raised when a function needs a valid configuration or a country the catalog does not sell in.
 *
 * @example
 * if (error instanceof ConfigurationError && error.code === 'invalidConfiguration') showProblems(error.problems)
 */
export class ConfigurationError extends Error {
  constructor(
    readonly code: 'notSoldInCountry' | 'invalidConfiguration' | 'unknownVersion',
    message: string,
    readonly problems: readonly ConfigurationProblem[] = [],
  ) {
    super(message)
    this.name = 'ConfigurationError'
  }
}

const CHOICES: readonly { field: ChoiceField; kind: CatalogItemKind; allowed: keyof Version['allowed'] }[] = [
  { field: 'paintCode', kind: 'paint', allowed: 'paintCodes' },
  { field: 'wheelCode', kind: 'wheel', allowed: 'wheelCodes' },
  { field: 'interiorCode', kind: 'interior', allowed: 'interiorCodes' },
]

function marketOf(catalog: Catalog, country: CountryCode) {
  const market = catalog.markets[country]
  if (!market) throw new ConfigurationError('notSoldInCountry', `${catalog.model.code} is not sold in ${country}`)
  return market
}

function versionsIn(catalog: Catalog, country: CountryCode): Version[] {
  return [...catalog.versions].filter((v) => v.prices[country] !== undefined).sort((a, b) => a.sort - b.sort)
}

/**
 * The car a visitor first sees: the cheapest-sorted version sold in the country (or the one asked for)
 * with its default paint, wheels and interior and nothing optional.
 *
 * @example
 * defaultConfiguration(catalog, 'NO', 'long-range').paintCode // 'arctic-white'
 */
export function defaultConfiguration(catalog: Catalog, country: CountryCode, versionCode?: string): Configuration {
  marketOf(catalog, country)
  const available = versionsIn(catalog, country)
  const version = versionCode === undefined ? available[0] : available.find((v) => v.code === versionCode)
  if (!version) {
    throw new ConfigurationError(
      'unknownVersion',
      `no version ${versionCode ?? ''} of ${catalog.model.code} in ${country}`,
    )
  }
  return {
    modelCode: catalog.model.code,
    versionCode: version.code,
    ...version.defaults,
    packCodes: [],
    accessoryCodes: [],
  }
}

interface Entry {
  field: ConfigurationField
  path: string
  code: string
  /** Position in the tie-break order: earlier fields and earlier list items win a conflict. */
  rank: number
}

function entriesOf(configuration: Configuration): Entry[] {
  const entries: Entry[] = (['versionCode', 'paintCode', 'wheelCode', 'interiorCode'] as const).map((field, rank) => ({
    field,
    path: field,
    code: configuration[field],
    rank,
  }))
  configuration.packCodes.forEach((code, i) => {
    entries.push({ field: 'packCodes', path: `packCodes.${i}`, code, rank: 100 + i })
  })
  configuration.accessoryCodes.forEach((code, i) => {
    entries.push({ field: 'accessoryCodes', path: `accessoryCodes.${i}`, code, rank: 1000 + i })
  })
  return entries
}

const EXPECTED_KIND: Record<ConfigurationField, CatalogItemKind | null> = {
  modelCode: null,
  versionCode: 'version',
  paintCode: 'paint',
  wheelCode: 'wheel',
  interiorCode: 'interior',
  packCodes: 'pack',
  accessoryCodes: 'accessory',
}

function problem(
  entry: Pick<Entry, 'field' | 'path' | 'code'>,
  code: ConfigurationProblemCode,
  relatedCode?: string,
): ConfigurationProblem {
  return {
    field: entry.field,
    path: entry.path,
    code,
    optionCode: entry.code,
    ...(relatedCode === undefined ? {} : { relatedCode }),
    messageKey: `configuration.problem.${code}`,
  }
}

/** Problems of one entry taken alone: does the code exist, is it sold here, may this version have it. */
function standaloneProblem(
  catalog: Catalog,
  country: CountryCode,
  version: Version | undefined,
  entry: Entry,
  seen: Set<string>,
): ConfigurationProblem | null {
  const item = catalogItem(catalog, entry.code)
  if (!item || item.kind !== EXPECTED_KIND[entry.field]) return problem(entry, 'unknownCode')
  if (item.prices[country] === undefined) return problem(entry, 'notAvailableInCountry')
  if (seen.has(entry.code)) return problem(entry, 'duplicate')
  if (!version || entry.field === 'versionCode' || entry.field === 'accessoryCodes') return null
  if (entry.field === 'packCodes') {
    if (version.standardPackCodes.includes(entry.code)) return problem(entry, 'includedAsStandard', version.code)
    return version.allowed.packCodes.includes(entry.code) ? null : problem(entry, 'notAllowedForVersion', version.code)
  }
  const choice = CHOICES.find((c) => c.field === entry.field)
  if (choice && !version.allowed[choice.allowed].includes(entry.code)) {
    return problem(entry, 'notAllowedForVersion', version.code)
  }
  return null
}

/**
 * Everything wrong with a configuration for a country, field by field. Of two options that exclude
 * each other, the later one (version, paint, wheels, interior, packs, accessories) carries the problem.
 *
 * @example
 * validateConfiguration(catalog, 'TH', { ...config, packCodes: ['tow-pack'] })
 * // [{ field: 'packCodes', path: 'packCodes.0', code: 'notAvailableInCountry', optionCode: 'tow-pack', ... }]
 */
export function validateConfiguration(
  catalog: Catalog,
  country: CountryCode,
  configuration: Configuration,
): ConfigurationProblem[] {
  marketOf(catalog, country)
  if (configuration.modelCode !== catalog.model.code) {
    return [problem({ field: 'modelCode', path: 'modelCode', code: configuration.modelCode }, 'unknownModel')]
  }
  const problems: ConfigurationProblem[] = []
  const entries = entriesOf(configuration)
  const versionItem = catalogItem(catalog, configuration.versionCode)
  const version =
    versionItem?.kind === 'version' ? catalog.versions.find((v) => v.code === configuration.versionCode) : undefined
  const seen = new Set<string>()
  const valid: (Entry & { item: CatalogItem })[] = []
  for (const entry of entries) {
    const found = standaloneProblem(catalog, country, version, entry, seen)
    seen.add(entry.code)
    const item = catalogItem(catalog, entry.code)
    if (found) problems.push(found)
    else if (item) valid.push({ ...entry, item })
  }
  const present = new Set([...valid.map((e) => e.code), ...(version?.standardPackCodes ?? [])])
  for (const entry of valid) {
    for (const other of valid) {
      if (other.rank >= entry.rank) continue
      if (entry.item.excludes.includes(other.code) || other.item.excludes.includes(entry.code)) {
        problems.push(problem(entry, 'excludedBy', other.code))
      }
    }
    for (const required of entry.item.requires) {
      if (!present.has(required)) problems.push(problem(entry, 'requires', required))
    }
  }
  return problems
}

/** Why reconcile changed a field: a validation problem, or the version change that reset it. */
export type ReconcileReason = ConfigurationProblemCode | 'resetByVersionChange' | 'resetToDefault'

/** One choice reconcile took back: the field, what it was, what it is now (null: removed) and why. */
export interface ReconcileNote {
  field: ConfigurationField
  code: ReconcileReason
  from: string
  to: string | null
  relatedCode?: string
  messageKey: `configuration.note.${ReconcileReason}`
}

export interface Reconciled {
  configuration: Configuration
  notes: ReconcileNote[]
}

function note(field: ConfigurationField, code: ReconcileReason, from: string, to: string | null, related?: string) {
  const result: ReconcileNote = { field, code, from, to, messageKey: `configuration.note.${code}` }
  if (related !== undefined) result.relatedCode = related
  return result
}

function canonical(catalog: Catalog, configuration: Configuration): Configuration {
  const bySort = (codes: string[]) =>
    [...codes].sort((a, b) => (catalogItem(catalog, a)?.sort ?? 0) - (catalogItem(catalog, b)?.sort ?? 0))
  return {
    ...configuration,
    packCodes: bySort(configuration.packCodes),
    accessoryCodes: bySort(configuration.accessoryCodes),
  }
}

function resetNotes(from: Configuration, to: Configuration, code: ReconcileReason): ReconcileNote[] {
  const notes: ReconcileNote[] = []
  for (const { field } of CHOICES) {
    if (from[field] !== to[field]) notes.push(note(field, code, from[field], to[field]))
  }
  for (const field of ['packCodes', 'accessoryCodes'] as const) {
    for (const code2 of from[field]) if (!to[field].includes(code2)) notes.push(note(field, code, code2, null))
  }
  return notes
}

const MAX_ROUNDS = 100

/**
 * Turns whatever the visitor sent into a valid configuration for the country, saying what was taken
 * back and why. Changing the version (against `previous`) resets every other choice to that version's
 * defaults; an unknown version falls back to the previous one, else the default. A choice that is unknown,
 * not sold or not allowed reverts to the default; of two choices
 * in conflict, the one the visitor did not just make reverts (a removed pack takes its dependants with it).
 *
 * @example
 * reconcileConfiguration(catalog, 'NL', { ...config, versionCode: 'long-range' }, config)
 * // { configuration: <long-range defaults>, notes: [{ field: 'paintCode', code: 'resetByVersionChange', ... }] }
 */
export function reconcileConfiguration(
  catalog: Catalog,
  country: CountryCode,
  configuration: Configuration,
  previous?: Configuration,
): Reconciled {
  marketOf(catalog, country)
  if (configuration.modelCode !== catalog.model.code) {
    const fallback = defaultConfiguration(catalog, country)
    return {
      configuration: fallback,
      notes: [note('modelCode', 'unknownModel', configuration.modelCode, fallback.modelCode)],
    }
  }
  const notes: ReconcileNote[] = []
  let current: Configuration = { ...configuration }
  const version = versionsIn(catalog, country).find((v) => v.code === current.versionCode)
  if (!version) {
    // Back to the version the visitor had, when there is one, so the rest of their choices survive.
    const earlier = versionsIn(catalog, country).find((v) => v.code === previous?.versionCode)
    const fallback = earlier?.code ?? defaultConfiguration(catalog, country).versionCode
    const item = catalogItem(catalog, current.versionCode)
    const reason = item?.kind === 'version' ? 'notAvailableInCountry' : 'unknownCode'
    notes.push(note('versionCode', reason, current.versionCode, fallback))
    current = { ...current, versionCode: fallback }
  } else if (previous && previous.versionCode !== current.versionCode) {
    const fallback = defaultConfiguration(catalog, country, version.code)
    return { configuration: fallback, notes: resetNotes(current, fallback, 'resetByVersionChange') }
  }
  const defaults = defaultConfiguration(catalog, country, current.versionCode)
  const isFresh = (field: ConfigurationField, code: string) => {
    if (!previous) return false
    const before = previous[field]
    return Array.isArray(before) ? !before.includes(code) : before !== code
  }

  for (let round = 0; round < MAX_ROUNDS; round++) {
    const problems = validateConfiguration(catalog, country, current)
    const first = problems[0]
    if (!first) return { configuration: canonical(catalog, current), notes }
    // Standalone problems come first in the list; fix one at a time, since each fix can clear others.
    const candidates: ConfigurationProblem[] = [first]
    if (first.code === 'excludedBy' && first.relatedCode !== undefined) {
      const other = entriesOf(current).find((e) => e.code === first.relatedCode)
      if (other) {
        const otherLoses = isFresh(first.field, first.optionCode) && !isFresh(other.field, other.code)
        const otherProblem = problem(other, 'excludedBy', first.optionCode)
        if (otherLoses) candidates.unshift(otherProblem)
        else candidates.push(otherProblem)
      }
    }
    // A choice already at its default cannot revert any further, so the other side of the conflict gives way.
    const loser = candidates.find((candidate) => revert(current, defaults, candidate) !== null)
    const next = loser && revert(current, defaults, loser)
    if (!loser || !next) break
    notes.push(note(loser.field, loser.code, loser.optionCode, next.to, loser.relatedCode))
    current = next.configuration
  }
  // Only reachable with defaults that break the catalog's own rules; the plain default is the safe answer.
  return { configuration: defaults, notes: [...notes, ...resetNotes(current, defaults, 'resetToDefault')] }
}

function revert(
  current: Configuration,
  defaults: Configuration,
  loser: ConfigurationProblem,
): { configuration: Configuration; to: string | null } | null {
  const field = loser.field
  if (field === 'packCodes' || field === 'accessoryCodes') {
    const index = Number(loser.path.split('.')[1])
    const list = current[field].filter((_, i) => i !== index)
    return { configuration: { ...current, [field]: list }, to: null }
  }
  if (field === 'paintCode' || field === 'wheelCode' || field === 'interiorCode') {
    const fallback = defaults[field]
    if (current[field] === fallback) return null
    return { configuration: { ...current, [field]: fallback }, to: fallback }
  }
  return null
}

/**
 * The codes a configuration puts in the car: version, choices, listed and standard packs, accessories.
 *
 * @example
 * selectedCodes(catalog, config).has('comfort-pack')
 */
export function selectedCodes(catalog: Catalog, configuration: Configuration): Set<string> {
  const version = catalog.versions.find((v) => v.code === configuration.versionCode)
  return new Set([
    configuration.versionCode,
    configuration.paintCode,
    configuration.wheelCode,
    configuration.interiorCode,
    ...configuration.packCodes,
    ...(version?.standardPackCodes ?? []),
    ...configuration.accessoryCodes,
  ])
}
