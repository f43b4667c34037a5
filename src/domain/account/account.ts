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
  staffCountry: string | null
}
