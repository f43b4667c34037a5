import type { ConfiguratorState } from '../../domain/configurator/url'
import { type ConfiguratorView, computeView, type ViewBasis } from '../../domain/configurator/view'
import { documentMemo } from './document-memo'

/** Views computed in this isolate: each site's default car and a few dozen popular builds are most requests. */
const views = documentMemo<ConfiguratorView>()

/**
 * `computeView(basis, requested)`, computed once per isolate for the same car, documents and day (document-memo.ts:
 * a new catalog or rules document is computed anew). The view is shared between requests: read it, never change it.
 *
 * @example
 * const shown = viewOnce(basis, requested) // the same object for the next request of this car today
 */
export function viewOnce(basis: ViewBasis, requested: ConfiguratorState): ConfiguratorView {
  const key = JSON.stringify([basis.country, basis.today, requested.usage, requested.configuration, basis.previous])
  return views(basis.catalog, basis.rules, key, () => computeView(basis, requested))
}
