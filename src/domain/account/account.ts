/**
 * A customer's or staff member's account as pages and handlers see it: who they are, how to reach them, their
 * SPEC §4 login types and their roles. The stored account adds its credentials (store/accounts.ts), the signed-in
 * visitor their session (worker/auth/session.ts); the browser gets only SPEC §3's `UserInfo` (ui/page-context.ts).
 *
 * @example
 * const staff: Account = { id: 'u1', email: 'sam@example.com', name: 'Sam Staff', phone: '', types: [],
 *   roles: ['staff'], staffCountry: 'NL' }
 */
export interface Account {
  id: string
  email: string
  name: string
  phone: string
  types: number[]
  /** Staff role, scoped to one country's orders (`npm run staff:grant`); `admin` grants and revokes staff. */
  roles: string[]
  /** Whether the account's address was confirmed by the link sent to it: staff and admin access need it. */
  emailConfirmed: boolean
  staffCountry: string | null
}

/**
 * Whether an account holds a role: staff or admin access needs the role and a confirmed address, checked on every
 * request (an address nobody confirmed never opens the staff console, whoever granted it).
 *
 * @example
 * hasRole({ ...account, roles: ['staff'], emailConfirmed: false }, 'staff') // false
 */
export function hasRole(account: Pick<Account, 'roles' | 'emailConfirmed'> | null | undefined, role: string): boolean {
  return account?.emailConfirmed === true && account.roles.includes(role)
}
