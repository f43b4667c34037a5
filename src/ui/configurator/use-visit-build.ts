import { useEffect } from 'react'
import { VISIT_BUILD_KEY } from './visit-build'

/**
 * Keeps the car on the page for the visit: the tab remembers it (a configurator opened on the model alone goes on to
 * it: RESTORE_VISIT_BUILD), and the links that carry a build (`data-keeps-build`: the header's configurator and
 * test-drive links, the other sites' links of the footer, all kept as the server wrote them) follow it.
 *
 * @example
 * useVisitBuild(queryText(state))
 */
export function useVisitBuild(buildQuery: string): void {
  useEffect(() => {
    sessionStorage.setItem(VISIT_BUILD_KEY, buildQuery)
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-keeps-build]'))
      link.setAttribute('href', `${link.pathname}?${buildQuery}`)
  }, [buildQuery])
}
