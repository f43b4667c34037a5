/**
 * Named cache policies (Hydrogen-style), so no handler writes header strings by hand.
 * Anonymous pages may sit at the edge for a few minutes; anything personal is never stored.
 */
export const CachePolicy = {
  /** Anonymous HTML: browsers revalidate, the edge keeps it 5 minutes. */
  anonymousPage: 'public, max-age=0, s-maxage=300, stale-while-revalidate=60',
  /** Personal pages, errors and API answers. */
  none: 'private, no-store',
} as const
