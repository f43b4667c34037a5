import type { ComponentType } from 'react'
import type { PaymentDeps } from '../app/payments'
import type { Account } from '../domain/account/account'
import type { Consent } from '../domain/analytics/consent'
import type { AnalyticsLabel } from '../domain/analytics/events'
import type { DeclaredMessage, SignInReason } from '../domain/app-bridge'
import type { AppShell } from '../domain/app-shell'
import type { Configuration } from '../domain/catalog/configuration'
import type { Catalog } from '../domain/catalog/schema'
import { PricedCarError } from '../domain/pricing/priced-car'
import type { MessageKey } from '../i18n/intl'
import type { Site } from '../i18n/sites'
import type { Store } from '../store'
import type { TradeInOwner } from '../store/trade-ins'
import type { ErrorType } from '../ui/ErrorPage'
import type { PageBuild } from '../ui/site-context'

/** Page labels reported to analytics (SPEC §2): the list lives in the domain. */
export type { AnalyticsLabel }

/** Client entries: a page that names one hydrates with it; a page that names none ships no JS. */
export type ClientEntry = 'error' | 'configurator' | 'overview' | 'testDrive'

/** What a route may do with the visitor's session; implemented by the worker per request. */
export interface SessionService {
  /** The signed-in visitor's account, or null. */
  user: Account | null
  /** 'locked': the address-wide limit of guesses from many places; a password reset lifts it at once. */
  signIn(input: { email: string; password: string }): Promise<'ok' | 'invalid' | 'throttled' | 'locked'>
  /** Creates the account, signs it in and e-mails the link that confirms its address (`confirmPath`). */
  signUp(input: {
    name: string
    email: string
    password: string
    locale: string
    confirmPath: string
  }): Promise<'ok' | 'taken' | 'throttled'>
  signOut(): Promise<void>
  updateProfile(profile: { name: string; email: string; phone: string }): Promise<'ok' | 'emailTaken' | 'signedOut'>
  grantGray(code: string): Promise<'ok' | 'invalid' | 'throttled'>
  savedConfigurations(): Promise<{ id: string; modelCode: string; createdAt: string }[]>
  orders(): Promise<{ id: string; createdAt: string }[]>
  testDrives(): Promise<{ id: string; storeId: string; slotStart: string; modelCode: string; status: string }[]>
  /**
   * "Forgot password": e-mails a single-use, 30-minute link to `resetPath` if the address has an account. 'sent'
   * either way, so nobody learns whether an address has an account.
   */
  requestPasswordReset(input: { email: string; locale: string; resetPath: string }): Promise<'sent' | 'throttled'>
  /** Whether a reset link can still be used. */
  passwordResetOpen(token: string): Promise<boolean>
  /** Sets a new password with a reset link, signs out every session and signs this browser in. */
  resetPassword(input: { token: string; password: string; locale: string }): Promise<'ok' | 'invalidLink' | 'throttled'>
  /** A signed-in customer's new password, given the current one; their other sessions are signed out. */
  changePassword(input: {
    current: string
    password: string
    locale: string
  }): Promise<'ok' | 'wrongPassword' | 'throttled' | 'signedOut'>
  /** The signed-in customer's marketing consent: given or not, and when it was last changed. */
  marketingConsent(): Promise<{ granted: boolean; at: string | null }>
  /** Gives or withdraws marketing consent, recorded with the text version and time. */
  setMarketingConsent(granted: boolean): Promise<void>
  /** Erases the signed-in customer's personal data (orders kept anonymised) and signs them out; needs the password. */
  deleteAccount(password: string): Promise<'ok' | 'wrongPassword' | 'throttled' | 'signedOut'>
  /** When the signed-in customer's address was confirmed; null while it is not. */
  emailConfirmedAt(): Promise<string | null>
  /** E-mails the sign-up confirmation link again. */
  resendEmailConfirmation(input: { locale: string; confirmPath: string }): Promise<'sent' | 'throttled' | 'signedOut'>
  /** Asks to change the signed-in customer's address: confirmed at the new address, notified at the old one. */
  requestEmailChange(input: {
    email: string
    locale: string
    confirmPath: string
  }): Promise<'sent' | 'throttled' | 'signedOut'>
  /** Whether an e-mail confirmation link can still be used. */
  emailConfirmationOpen(token: string): Promise<boolean>
  /** Uses an e-mail confirmation link. */
  confirmEmail(token: string): Promise<'confirmed' | 'changed' | 'taken' | 'invalid' | 'throttled'>
  /** Makes a customer an owner (SPEC §4): called when one of their orders is delivered. */
  markOwner(userId: string): Promise<void>
}

/** Order links (issue 44): how a customer without an account menu reaches one order. Implemented by the worker. */
export interface OrderAccessService {
  /** The order this browser was let into by an order link, and the hash of the address the link went to; or null. */
  granted(): Promise<{ orderId: string; addressHash: string } | null>
  /** "Find my order": e-mails a link when the number and address match an order of the site; 'sent' either way. */
  requestLink(input: { number: string; email: string }): Promise<'sent' | 'throttled'>
  /** The order of a link that can still be used, or null. */
  openLink(token: string): Promise<{ orderId: string; number: string | null } | null>
  /** Uses a link once: lets this browser into its order; the order's id, or null when the link cannot be used. */
  redeemLink(token: string): Promise<string | null>
}

export interface LoadContext {
  site: Site
  params: Record<string, string | undefined>
  url: URL
  /** The storefront's public origin (OFFICIAL_URL): absolute links are built from it, never from the request. */
  officialUrl: string
  store: Store
  session: SessionService
  /** The visitor's cookie consent; null until they choose (only necessary cookies). */
  consent: Consent | null
  /** The native app around the page (its webview), or null on the web. */
  app: AppShell | null
  /** Queues outbox notifications for delivery after the response (the sweep covers failures). */
  notify(notificationIds: readonly string[]): void
  /** Records the visitor's cookie choice (the consent cookie), for the answer to this request. */
  chooseConsent(consent: Consent): void
  /** The payment provider and what paying and refunding need (made on first use). */
  payments(): PaymentDeps
  /** The storefront's public origin (OFFICIAL_URL; outside production the request's own), for the provider's return. */
  publicOrigin(): string
  /** Remembers a build saved without an account in this browser, so that signing in claims it (a signed cookie). */
  rememberAnonymousBuild(id: string): Promise<void>
  /** The trade-in valuation the visitor carries from page to page (a cookie). */
  tradeIn: VisitorTradeIn
  /** The order this browser may open by an order link, and the links themselves. */
  orderAccess: OrderAccessService
}

/** The visitor's trade-in: which valuation their price summaries and order form show. */
export interface VisitorTradeIn {
  /** The carried valuation's id as the browser sent it: look it up (with `owner`) before trusting it. */
  id: string | null
  /**
   * Whose valuations this visitor may see and use: the signed-in customer's, and this browser's. Asked for only by
   * the pages that use a valuation, so the others do not hash the browser's key.
   */
  owner(): Promise<TradeInOwner>
  /** Carry this valuation from now on (a successful valuation). */
  remember(valuationId: string): void
  /** Stop carrying it (removed by the visitor, or placed with an order). */
  forget(): void
}

export interface ActionContext extends LoadContext {
  /** The posted form's fields (strings only; files are ignored). */
  form: Record<string, string>
}

/** After a form post: go somewhere (303), or show the page again with a status (errors, kept values). */
export type ActionResult<Data> =
  | { redirect: string }
  | { status: 200 | 400 | 401 | 402 | 409 | 410 | 422 | 429 | 503; data: Data }

export interface PageMeta {
  title: MessageKey
  description: MessageKey
  /** Values for placeholders in the title and description messages. */
  values?: Record<string, string | number>
  /**
   * The car a link to this page shows when shared (its Open Graph image), and the address query that keeps that car
   * (the configurator's choices); a page without one shows the model as it comes.
   */
  car?: { catalog: Catalog; configuration: Configuration; query?: URLSearchParams }
  /**
   * The id of an element the browser reads before its first paint of the page (`<link rel="expect"
   * blocking="render">`), where the page's CSS puts a later element above an earlier one (the order's next action
   * above its facts on a phone): a first paint of half the page would move what it showed once the rest arrived.
   */
  paintAfter?: string
  /**
   * The car the page is about: the header's configurator and test-drive links and the country chooser keep it (a
   * build in the address as `{ query }`, the configurator's query of the car; a saved build as `{ savedId }`).
   */
  build?: PageBuild
  /** The configurator on the model alone: it goes on to the tab's build first (RESTORE_VISIT_BUILD). */
  restoresBuild?: true
}

export interface PageRoute<Data = unknown> {
  /** Stable id, used for message keys and tests. */
  id: string
  /** Hono path pattern within a site: '/configurator/:id'. */
  path: string
  label: AnalyticsLabel | null
  /** Message namespaces the page renders, shipped to the browser when the page hydrates. */
  namespaces: readonly string[]
  client?: ClientEntry
  /** Whether search engines may index the page (personal and error pages may not). */
  indexable: boolean
  /**
   * The page is meant to be shared by its address (a saved build: a record id anyone with the link may read) and
   * shows nothing of a person's. Rendered for a visitor with nothing personal, it goes without the opener policy.
   */
  shareable?: true
  /**
   * The page shows a record of one country (a valuation, a request), which no other country's site has: the country
   * chooser links the other countries' homes, and this page on the sites of its own country.
   */
  ofOneCountry?: true
  /**
   * Whether this page sends the visitor on by itself after a countdown (a build's overview right after saving). Such
   * a page shows no cookie banner: the banner's controls, first in the tab order, would stand before the countdown's
   * stop button (WCAG 2.2.1). Nothing is measured without a choice; the next page asks.
   */
  leavesOnItsOwn?(data: Data): boolean
  /**
   * What the error page says when the page's form is refused by the origin check (docs/forgery.md), where it is not
   * the anti-forgery message ("your session has expired").
   */
  refusedPost?: PageErrorText
  /**
   * 'required': anonymous visitors are sent to sign in and come back (forced login check). 'orderLink': the same,
   * except for a browser an order link let into the order the address names (`:id`); the page checks the grant.
   */
  auth?: 'required' | 'orderLink'
  /** Handles the page's form (POST to the same address). */
  action?(ctx: ActionContext): Promise<ActionResult<Data>>
  /** Fetches what the page needs before rendering; throws a PageError for a missing record. */
  load(ctx: LoadContext): Promise<Data>
  meta(data: Data): PageMeta
  /**
   * The page's schema.org data for search engines (JSON-LD: the car and its offer, the stores), with absolute
   * addresses on the official origin; absent or null, the page has none.
   */
  structuredData?(data: Data, page: StructuredDataPage): StructuredData | null | Promise<StructuredData | null>
  /**
   * The day what the page shows last changed, for the sitemap's `lastmod`: a legal text's update, the stock's last
   * sale with the car's data. Absent: the car's catalog and prices (`carDataChangedOn`), which every other page shows.
   */
  changedOn?(source: { store: Store; site: Site }): Promise<string | null>
  /** The status of a loaded page when it is not 200, e.g. 503 when its content cannot be read. */
  status?(data: Data): 200 | 503
  /** What the page tells the native app, in its webview only (an order placed, a payment): app-webview.md. */
  appMessages?(data: Data, site: Site): DeclaredMessage[]
  Page: ComponentType<{ data: Data }>
}

/** A JSON-LD document: one schema.org thing, or several in an `@graph`. */
export type StructuredData = { '@context': 'https://schema.org' } & Record<string, unknown>

/** What a page's structured data is built from besides its data. */
export interface StructuredDataPage {
  site: Site
  store: Store
  /** The official origin (OFFICIAL_URL, never the request's Host), without a trailing slash. */
  origin: string
  /** The page's own absolute address as a shared link names it (a configured car keeps its choices). */
  url: string
}

/** Ties a route's load result to its page's props. */
export function defineRoute<Data>(route: PageRoute<Data>): PageRoute<Data> {
  return route
}

/** The statuses a page's error can answer with. */
export type PageErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 429 | 500

/** The words of an error page where they are not its type's own (`error.{type}.title`, `error.{type}.message`). */
export interface PageErrorText {
  title?: MessageKey
  message?: MessageKey
}

/**
 * A load or action failure that renders an error page with a status instead of the page (worker/errors.ts). "Sign in
 * in the app" may name why and where the app comes back to (else `required`, and this address).
 */
export class PageError extends Error {
  constructor(
    readonly type: ErrorType,
    readonly status: PageErrorStatus = 404,
    readonly text: PageErrorText = {},
    readonly signIn: { reason?: SignInReason; returnTo?: string } = {},
  ) {
    super(type)
    this.name = 'PageError'
  }
}

/**
 * The error page a domain error shows, decided in one place: a car that cannot be priced (an unknown
 * model, a country without rules) is "this configurator does not exist". Null for anything else.
 *
 * @example
 * const page = pageErrorFor(error) // in worker/errors.ts, the one place that answers errors
 */
export function pageErrorFor(error: unknown): PageError | null {
  if (error instanceof PageError) return error
  if (error instanceof PricedCarError) return new PageError('configuratorNotFound', 404)
  return null
}

/** `invariantResponse` for loaders: the record or a 404 error page of the given type. */
export function found<T>(record: T | null | undefined, type: ErrorType): T {
  if (record === null || record === undefined) throw new PageError(type, 404)
  return record
}

/** Thrown by a loader to send the visitor elsewhere (303), e.g. a signed-in visitor away from sign-in. */
export class PageRedirect extends Error {
  constructor(readonly location: string) {
    super(location)
    this.name = 'PageRedirect'
  }
}
