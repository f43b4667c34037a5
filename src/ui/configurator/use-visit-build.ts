import { useEffect, useRef } from 'react'
import { VISIT_BUILD_KEY } from './visit-build'

/**
 * Keeps the car on the page for the visit: the tab remembers it (a configurator opened on the model alone goes on to
 * it: RESTORE_VISIT_BUILD), and the links that carry a build (`data-keeps-build`: the header's configurator and
 * test-drive links, the other sites' links of the footer, all kept as the server wrote them) follow it. The tab
 * stores the build only once the visitor has changed it: what they chose is their input, kept for the tab alone
 * (ePrivacy Directive art. 5(3), a service the visitor asked for); a car merely opened stays in its address.
 *
 * @example
 * useVisitBuild(queryText(state))
 */
export function useVisitBuild(buildQuery: string): void {
  const opened = useRef(buildQuery)
  const chosen = useRef(false)
  useEffect(() => {
    chosen.current ||= buildQuery !== opened.current
    if (chosen.current) sessionStorage.setItem(VISIT_BUILD_KEY, buildQuery)
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-keeps-build]'))
      link.setAttribute('href', `${link.pathname}?${buildQuery}`)
  }, [buildQuery])
}
