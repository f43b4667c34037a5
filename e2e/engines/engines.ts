/** The browser engines the tests drive: Chromium (the whole suite), WebKit and Firefox (the core journeys). */
export const ENGINES = ['chromium', 'webkit', 'firefox'] as const
export type Engine = (typeof ENGINES)[number]

/**
 * The engines this run drives: `E2E_ENGINES` (a comma-separated list, e.g. `webkit,firefox`), or all three.
 *
 * @example
 * E2E_ENGINES=webkit npm run test:e2e -- e2e/engines
 */
export function enginesToRun(value = process.env.E2E_ENGINES): Engine[] {
  if (!value) return [...ENGINES]
  const named = value.split(',').map((name) => name.trim())
  const unknown = named.filter((name) => !(ENGINES as readonly string[]).includes(name))
  if (unknown.length > 0) throw new Error(`E2E_ENGINES names no engine: ${unknown.join(', ')}`)
  return ENGINES.filter((engine) => named.includes(engine))
}
