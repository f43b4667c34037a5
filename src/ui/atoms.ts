import { atom } from 'jotai'
import type { TradeInCarInfo } from '../domain/tradein/balance'
import type { CountryCode, Locale } from '../i18n/sites'
import type { Channel, ClientType, UserInfo } from './page-context'

/** Client state of SPEC §3, one jotai store per request on the server and one per page load. */
export const clientTypeAtom = atom<ClientType>('desktop')
export const languageAtom = atom<Locale>('en-US')
export const countryCodeAtom = atom<CountryCode>('GLOBAL')
export const channelAtom = atom<Channel>(10)
export const officialUrlAtom = atom<string>('')
export const userInfoFetchedAtom = atom<boolean>(false)

const userInfoBaseAtom = atom<UserInfo>({})
/** Writes merge into the existing user info (SPEC §4 "user info (merged into existing)"). */
export const userInfoAtom = atom(
  (get) => get(userInfoBaseAtom),
  (get, set, update: UserInfo) => set(userInfoBaseAtom, { ...get(userInfoBaseAtom), ...update }),
)

/** The trade-in estimate the visitor carries from the valuation to every price summary and the order. */
export const tradeInCarInfoAtom = atom<TradeInCarInfo | null>(null)
