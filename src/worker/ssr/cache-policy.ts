/**
 * Named cache policies (Hydrogen-style): every `cache-control` the worker sends is one of these, so whether an
 * answer may ever be shared has one answer per name (`cache-policy.test.ts` fails on a header string written by
 * hand). Anonymous pages may sit at the edge for a few minutes; anything personal is never stored.
 *
 * @example
 * return c.json(body, 200, { 'cache-control': CachePolicy.none })
 */
/** How long the edge keeps an anonymous page (edge-cache.ts): data changes reach visitors within this. */
export const EDGE_SECONDS = 300

export const CachePolicy = {
  /** Anonymous HTML: browsers revalidate, the edge keeps it 5 minutes (EDGE_SECONDS). */
  anonymousPage: `public, max-age=0, s-maxage=${EDGE_SECONDS}, stale-while-revalidate=60`,
  /**
   * Anonymous HTML rendered for a consent choice (no banner, analytics as chosen): our edge keeps it under the
   * choice's key, but towards the browser it is private, so no shared proxy gives it to a visitor who has not
   * chosen. Kept by the browser for back and forward, revalidated otherwise.
   */
  consentedPage: 'private, no-cache',
  /**
   * A page made to be shared by its address (a saved build's overview), rendered with nothing of the visitor's:
   * the browser keeps it for back and forward (its back/forward cache refuses `no-store` pages) and revalidates it
   * otherwise; no shared cache and not our edge stores it (it is not an anonymous page policy).
   */
  sharedBuild: 'private, max-age=0, must-revalidate',
  /** Personal pages, errors and API answers. */
  none: 'private, no-store',
  /** An answer that must not be kept anywhere, shared or not: the 503 of an unconfigured production worker. */
  noStore: 'no-store',
  /** Public files that change with a deployment at most: robots.txt, the sitemap. */
  publicHour: 'public, max-age=3600',
  /** Public files drawn from data that changes rarely: the car pictures. */
  publicDay: 'public, max-age=86400',
  /** Public files whose address carries all they show: the car as a PNG (e-mails, link previews). */
  publicMonth: 'public, max-age=2592000',
} as const

/**
 * The policies of pages with nothing of the visitor's in them (the banner's page and a consent choice's): the edge
 * cache stores these.
 */
export const ANONYMOUS_PAGE_POLICIES: ReadonlySet<string> = new Set([
  CachePolicy.anonymousPage,
  CachePolicy.consentedPage,
])

/** The policies of pages with nothing of the visitor's in them, stored at the edge or not: no opener policy. */
export const IMPERSONAL_PAGE_POLICIES: ReadonlySet<string> = new Set([
  ...ANONYMOUS_PAGE_POLICIES,
  CachePolicy.sharedBuild,
])
