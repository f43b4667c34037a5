/**
 * The messages between a page and the native app around its webview (docs/features/app-webview.md has the table).
 * Every message is a plain object with `type`; the page sends them through `window.webkit.messageHandlers.nordvolt`
 * (iOS) or `window.NordvoltAndroid.postMessage(json)` (Android), and the app sends its own to
 * `window.nordvoltWeb.receive(message)`.
 */

/** Where a site's webview exchanges a sign-in code for the session cookies (`POST {prefix}/app/sign-in`). */
export const APP_SIGN_IN_PATH = '/app/sign-in'

/** Raised when a message changes incompatibly; the page says it in `ready`. */
export const BRIDGE_VERSION = 1

/** Why the page needs the app to sign the customer in. */
export type SignInReason = 'required' | 'expired' | 'used' | 'wrongAccount' | 'invalid'

/**
 * A payment back from the provider's page: paid; processing (the provider confirms it later, e.g. a bank debit);
 * declined (refused, not authenticated or failed: nothing charged); left (the customer came back without paying).
 */
export type PaymentOutcome = 'paid' | 'processing' | 'declined' | 'left'

export type PageToApp =
  /** The page has loaded and listens (sent first, once per page). */
  | { type: 'ready'; version: typeof BRIDGE_VERSION; path: string }
  /** The page needs a signed-in customer and the web sign-in is not shown (SPEC §6): the app signs them in. */
  | { type: 'signInRequired'; reason: SignInReason; returnTo: string }
  /** An order, pre-order or reservation was placed. */
  | { type: 'orderPlaced'; orderNumber: string; kind: 'order' | 'reservation' | 'preOrder'; orderPath: string }
  /** The customer sent the payment form. */
  | { type: 'paymentStarted'; orderNumber: string; amount: number; currency: string }
  /** Back from the payment provider's page: what became of the payment. */
  | { type: 'paymentFinished'; orderNumber: string; outcome: PaymentOutcome }
  /** The customer asked to share a saved build. */
  | { type: 'shareBuild'; url: string; title: string }
  /** A link that leaves the storefront: the app opens it outside the webview. */
  | { type: 'openExternal'; url: string }
  /**
   * False once the customer has typed into a form a reload would lose, true again when it is sent: the app holds
   * back its pull-to-refresh meanwhile. Every page starts with it allowed (`ready`).
   */
  | { type: 'refreshAllowed'; allowed: boolean }

export type AppToPage =
  /**
   * The app's session changed: with a sign-in code and the account it is for, the page signs the customer in with it
   * (the site's exchange, then the page that asked for it); without one, it loads itself again with the session as
   * it is now.
   */
  { type: 'refreshSession'; code?: string; account?: string }

/** A message the server asks a page to send: when the page has loaded, or when one of its forms is sent. */
export interface DeclaredMessage {
  on: 'load' | 'submit'
  /** With `submit`: the form's id. */
  form?: string
  message: PageToApp
}

/** What a page in the app tells its bridge script (`#__app`): the messages, and where the sign-in code is used. */
export interface BridgePage {
  messages: DeclaredMessage[]
  /** The site's address that exchanges a sign-in code (`POST`, docs/features/app-webview.md). */
  signInPath: string
}
