import { atom } from 'jotai'
import type { TradeInCarInfo } from '../domain/tradein/balance'
import type { ClientType, UserInfo } from './page-context'

/**
 * The page's client state (SPEC §3), what changes after the page loaded: one jotai store per request on the server
 * and one per page load (`createPageAtoms`). Components read it here only; what the page was rendered with and
 * keeps (site, language, country, channel, official URL) is the render context (`useSiteContext`).
 */
export const clientTypeAtom = atom<ClientType>('desktop')

const userInfoBaseAtom = atom<UserInfo>({})
/** Writes merge into the existing user info (SPEC §4 "user info (merged into existing)"). */
export const userInfoAtom = atom(
  (get) => get(userInfoBaseAtom),
  (get, set, update: UserInfo) => set(userInfoBaseAtom, { ...get(userInfoBaseAtom), ...update }),
)

/** The trade-in estimate the visitor carries from the valuation to every price summary and the order. */
export const tradeInCarInfoAtom = atom<TradeInCarInfo | null>(null)
