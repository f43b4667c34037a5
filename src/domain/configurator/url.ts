import type { Configuration } from '../catalog/configuration'
import type { Usage } from '../catalog/markets'

/** Query parameters of a configuration in the configurator's address (shareable, works without JS). */
const PARAM = {
  versionCode: 'version',
  paintCode: 'paint',
  wheelCode: 'wheels',
  interiorCode: 'interior',
  packCodes: 'packs',
  accessoryCodes: 'accessories',
} as const

export interface ConfiguratorState {
  configuration: Configuration
  usage: Usage
}

const CODE = /^[a-z0-9][a-z0-9-]{0,63}$/

function list(value: string | null): string[] | undefined {
  if (value === null) return undefined
  return value.split(',').filter((code) => CODE.test(code))
}

function single(value: string | null): string | undefined {
  return value !== null && CODE.test(value) ? value : undefined
}

/**
 * The configuration an address asks for, on top of `base` (a saved configuration or the defaults).
 * Malformed codes are ignored here; unknown or impossible ones are left for reconcile to revert.
 *
 * @example
 * stateFromQuery(new URLSearchParams('paint=fjord-blue&packs=tech-pack'), defaults)
 */
export function stateFromQuery(query: URLSearchParams, base: Configuration): ConfiguratorState {
  return {
    configuration: {
      modelCode: base.modelCode,
      versionCode: single(query.get(PARAM.versionCode)) ?? base.versionCode,
      paintCode: single(query.get(PARAM.paintCode)) ?? base.paintCode,
      wheelCode: single(query.get(PARAM.wheelCode)) ?? base.wheelCode,
      interiorCode: single(query.get(PARAM.interiorCode)) ?? base.interiorCode,
      packCodes: list(query.get(PARAM.packCodes)) ?? base.packCodes,
      accessoryCodes: list(query.get(PARAM.accessoryCodes)) ?? base.accessoryCodes,
    },
    usage: query.get('usage') === 'business' ? 'business' : 'personal',
  }
}

/**
 * The address query of a state: every choice explicit, lists sorted, so equal cars have equal links.
 *
 * @example
 * queryOf({ configuration, usage: 'personal' }).toString() // 'version=long-range&paint=…'
 */
export function queryOf(state: ConfiguratorState): URLSearchParams {
  return new URLSearchParams(queryEntries(state))
}

/**
 * `queryOf(state)` as text, with `more` parameters after it (plain names it does not use), without making a
 * URLSearchParams: the configurator writes a link for every choice it shows, on every page view. Values are
 * percent-encoded as URLSearchParams writes codes, lists, numbers and `field:code`; a space would be `%20`, not `+`,
 * which reads back the same.
 *
 * @example
 * queryText(state, [['chose', 'paintCode:fjord-blue']]) // 'version=long-range&…&chose=paintCode%3Afjord-blue'
 */
export function queryText(state: ConfiguratorState, more: (readonly [string, string])[] = []): string {
  return [...queryEntries(state), ...more].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')
}

/** The address query of a state as name and value pairs, in `queryOf`'s order. */
export function queryEntries(state: ConfiguratorState): [string, string][] {
  const { configuration } = state
  const entries: [string, string][] = [
    [PARAM.versionCode, configuration.versionCode],
    [PARAM.paintCode, configuration.paintCode],
    [PARAM.wheelCode, configuration.wheelCode],
    [PARAM.interiorCode, configuration.interiorCode],
    [PARAM.packCodes, [...configuration.packCodes].sort().join(',')],
    [PARAM.accessoryCodes, [...configuration.accessoryCodes].sort().join(',')],
  ]
  if (state.usage === 'business') entries.push(['usage', 'business'])
  return entries
}

export type ChoiceField = keyof typeof PARAM

/**
 * The configuration after one choice: a single choice replaces, a pack or accessory toggles.
 * Reconcile afterwards: a new version resets the rest, a conflict reverts the other side.
 *
 * @example
 * withChoice(configuration, 'packCodes', 'tech-pack') // adds it, or removes it when present
 */
export function withChoice(configuration: Configuration, field: ChoiceField, code: string): Configuration {
  if (field === 'packCodes' || field === 'accessoryCodes') {
    const current = configuration[field]
    const next = current.includes(code) ? current.filter((c) => c !== code) : [...current, code]
    return { ...configuration, [field]: next }
  }
  return { ...configuration, [field]: code }
}

/**
 * A canonical key of a configuration: the same car gives the same key whatever the order of its
 * extras. Used to refuse submitting an identical configuration twice.
 *
 * @example
 * configurationKey(a) === configurationKey(b) // same car
 */
export function configurationKey(configuration: Configuration): string {
  return [
    configuration.modelCode,
    configuration.versionCode,
    configuration.paintCode,
    configuration.wheelCode,
    configuration.interiorCode,
    [...configuration.packCodes].sort().join('+'),
    [...configuration.accessoryCodes].sort().join('+'),
  ].join('|')
}

export interface Choice {
  field: ChoiceField
  code: string
}

const FIELDS = /* @__PURE__ */ Object.keys(PARAM) as ChoiceField[]

/** The `chose=field:code` of a choice link: which choice the visitor just made. */
export function choiceParam(choice: Choice): string {
  return `${choice.field}:${choice.code}`
}

/** The choice a `chose` parameter names, or null. */
export function parseChoice(value: string | null): Choice | null {
  const [field, code] = (value ?? '').split(':')
  if (!field || !code || !FIELDS.includes(field as ChoiceField) || !CODE.test(code)) return null
  return { field: field as ChoiceField, code }
}

/**
 * The state before a choice, as far as reconcile needs it: the same car, but without the choice
 * just made. With it, a link followed without JavaScript reconciles exactly as a tap does with it
 * (a new version resets the rest; in a conflict, the new choice wins).
 *
 * @example
 * impliedPrevious(candidate, { field: 'versionCode', code: 'long-range' }).versionCode // ''
 */
export function impliedPrevious(candidate: Configuration, choice: Choice): Configuration {
  if (choice.field === 'packCodes' || choice.field === 'accessoryCodes') {
    const list = candidate[choice.field]
    return {
      ...candidate,
      [choice.field]: list.includes(choice.code) ? list.filter((c) => c !== choice.code) : [...list, choice.code],
    }
  }
  return { ...candidate, [choice.field]: '' }
}
