/**
 * The native app's webview (channel 20; docs/features/app-webview.md): how a page knows it is in the app, and what
 * the app shows of its own. The app says it in its user agent (`NordvoltApp/<version> (iOS|Android)`) and in one
 * cookie it sets in the webview's cookie store, `__Host-nv_app`, whose value is dot-separated words:
 *
 * `v1.header.footer.consent-a1m0.login-app`
 *
 * - `header`, `footer`: the app shows its own; the site's are not shown.
 * - `consent-a<0|1>m<0|1>`: the app asks for cookie consent itself and passes the visitor's choice (analytics,
 *   marketing); `consent-unset` while the visitor has not chosen in the app (nothing optional is allowed). The page
 *   then never shows its banner and never asks again.
 * - `login-app`: the app signs the customer in itself; the web sign-in is not shown (SPEC §6).
 *
 * Unknown words are ignored (a newer app may say more); a value without `v1` says nothing.
 */

export type AppPlatform = 'iOS' | 'Android'

export interface AppShell {
  platform: AppPlatform
  /** The app's version, as its user agent gives it. */
  version: string
  ownHeader: boolean
  ownFooter: boolean
  /** The app asks for consent; `choice` is what the visitor chose there (null: not yet). */
  consentByApp: boolean
  choice: { analytics: boolean; marketing: boolean } | null
  /** The app signs people in itself. */
  signInByApp: boolean
}

/** The app's user agent marker, with its platform. */
const APP_USER_AGENT = /\bNordvoltApp\/(\d+(?:\.\d+){0,3})(?: \((iOS|Android)\))?/
const CONSENT_WORD = /^consent-a([01])m([01])$/
/** A longer cookie value is no app's: read nothing from it. */
const MAX_VALUE_LENGTH = 200

/**
 * The app's shell for a request, or null on the web (no app marker in the user agent). The cookie only counts in
 * the app: a web browser that has it is still the web.
 *
 * @example
 * appShellOf('Mozilla/5.0 … NordvoltApp/3.2.0 (iOS)', 'v1.header.footer.consent-a1m0')
 * // { platform: 'iOS', version: '3.2.0', ownHeader: true, ownFooter: true, consentByApp: true,
 * //   choice: { analytics: true, marketing: false }, signInByApp: false }
 */
export function appShellOf(userAgent: string, cookie: string | undefined): AppShell | null {
  const marker = APP_USER_AGENT.exec(userAgent)
  if (!marker) return null
  const platform: AppPlatform = marker[2] === 'Android' || (!marker[2] && /Android/.test(userAgent)) ? 'Android' : 'iOS'
  const shell: AppShell = {
    platform,
    version: marker[1] ?? '',
    ownHeader: false,
    ownFooter: false,
    consentByApp: false,
    choice: null,
    signInByApp: false,
  }
  const words = cookie && cookie.length <= MAX_VALUE_LENGTH ? cookie.split('.') : []
  if (words[0] !== 'v1') return shell
  for (const word of words.slice(1)) {
    if (word === 'header') shell.ownHeader = true
    else if (word === 'footer') shell.ownFooter = true
    else if (word === 'login-app') shell.signInByApp = true
    else if (word === 'consent-unset') {
      shell.consentByApp = true
      shell.choice = null
    } else {
      const consent = CONSENT_WORD.exec(word)
      if (consent) {
        shell.consentByApp = true
        shell.choice = { analytics: consent[1] === '1', marketing: consent[2] === '1' }
      }
    }
  }
  return shell
}

/**
 * What of the shell changes a page, as a short text for the edge cache's key: `w` on the web, else the platform and
 * the flags (the choice itself is in the key's consent part).
 *
 * @example
 * appVariant(null) // 'w'
 * appVariant(shell) // 'iOS-hfcl'
 */
export function appVariant(shell: AppShell | null): string {
  if (!shell) return 'w'
  const flags = [
    shell.ownHeader ? 'h' : '',
    shell.ownFooter ? 'f' : '',
    shell.consentByApp ? 'c' : '',
    shell.signInByApp ? 'l' : '',
  ].join('')
  return `${shell.platform}-${flags}`
}
