/** Login status of SPEC §4: 0 not logged in, 1 owner, 2 potential customer, 4 authorised owner. */
export type LoginStatus = 0 | 1 | 2 | 4 | `${number},${number}`

export const USER_TYPE = { owner: 1, potentialCustomer: 2, authorisedOwner: 4 } as const

/**
 * The login status of a visitor from their user types. Anonymous (no list) is 0; an empty list is a
 * potential customer (2); a single owner (1) or authorised-owner (4) type is that type; two types
 * become a text ("1,4"); any other list counts as not logged in.
 *
 * @example
 * loginStatus([]) // 2
 * loginStatus([1, 4]) // '1,4'
 * loginStatus(undefined) // 0
 */
export function loginStatus(types: readonly number[] | null | undefined): LoginStatus {
  if (!types) return 0
  if (types.length === 0) return 2
  if (types.length === 1) {
    const [type] = types
    return type === 1 || type === 2 || type === 4 ? type : 0
  }
  if (types.length === 2) return `${types[0]},${types[1]}` as LoginStatus
  return 0
}

/** A customer becomes an owner when one of their orders is delivered; the type is added once. */
export function withOwnerType(types: readonly number[]): number[] {
  return types.includes(USER_TYPE.owner) ? [...types] : [...types, USER_TYPE.owner]
}
