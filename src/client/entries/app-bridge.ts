/**
 * The bridge between a page and the native app around its webview (docs/features/app-webview.md). The server adds
 * it only to the app's pages (its user agent), never to the web's. It finds the app's native side by feature: iOS's
 * script message handler `window.webkit.messageHandlers.nordvolt`, or Android's JavaScript interface
 * `window.NordvoltAndroid`. Without one the page works as on the web: nothing is intercepted, and every link and form
 * does what it does there. With one, the page tells the app what the server declared for it (`#__app`), hands links
 * that leave the storefront and the share button to the app, and says when a form has entries a pull-to-refresh would
 * lose. The app talks to the page through `window.nordvoltWeb.receive(message)`.
 */
import {
  type AppToPage,
  BRIDGE_VERSION,
  type BridgePage,
  type DeclaredMessage,
  type PageToApp,
} from '../../domain/app-bridge'

interface NativeSide {
  post(message: PageToApp): void
}

interface AppWindow {
  webkit?: { messageHandlers?: { nordvolt?: { postMessage(message: unknown): void } } }
  NordvoltAndroid?: { postMessage(json: string): void }
  nordvoltWeb?: { receive(message: AppToPage | string): void }
}

const appWindow = window as unknown as AppWindow

function nativeSide(): NativeSide | null {
  const ios = appWindow.webkit?.messageHandlers?.nordvolt
  if (ios && typeof ios.postMessage === 'function') return { post: (message) => ios.postMessage(message) }
  const android = appWindow.NordvoltAndroid
  if (android && typeof android.postMessage === 'function')
    return { post: (message) => android.postMessage(JSON.stringify(message)) }
  return null
}

function bridgePage(): BridgePage {
  try {
    return JSON.parse(document.getElementById('__app')?.textContent ?? '') as BridgePage
  } catch {
    return { messages: [], signInPath: '' }
  }
}

/** A link the storefront does not serve: another origin, a mail or phone link, a download or a PDF. */
function leavesTheStorefront(link: HTMLAnchorElement): boolean {
  const url = new URL(link.href, location.href)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return url.protocol !== 'javascript:'
  return url.origin !== location.origin || link.hasAttribute('download') || url.pathname.endsWith('.pdf')
}

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.defaultPrevented

function handOver(native: NativeSide, declared: DeclaredMessage[]): void {
  native.post({ type: 'ready', version: BRIDGE_VERSION, path: location.pathname })
  for (const { on, message } of declared) if (on === 'load') native.post(message)
  let editing = false
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement
      for (const { on, form: id, message } of declared) if (on === 'submit' && id === form.id) native.post(message)
      if (editing) native.post({ type: 'refreshAllowed', allowed: true })
      editing = false
    },
    true,
  )
  document.addEventListener('input', (event) => {
    const form = (event.target as Element).closest?.('form[method="post"]')
    if (!form || editing) return
    editing = true
    native.post({ type: 'refreshAllowed', allowed: false })
  })
  // In the capture phase, before the page's own handlers: the share button and the links are the app's to handle.
  document.addEventListener(
    'click',
    (event) => {
      if (!isPlainClick(event)) return
      const target = event.target as Element
      const share = target.closest?.('.share button')
      const url = (document.getElementById('share-url') as HTMLInputElement | null)?.value
      if (share && url) {
        event.preventDefault()
        event.stopImmediatePropagation()
        native.post({ type: 'shareBuild', url, title: document.title })
        return
      }
      const link = target.closest?.('a[href]') as HTMLAnchorElement | null
      if (link && leavesTheStorefront(link)) {
        event.preventDefault()
        native.post({ type: 'openExternal', url: new URL(link.href, location.href).href })
      }
    },
    true,
  )
}

/** A sign-in code from the app: posted as a form to the site's exchange, coming back to `returnTo`. */
function signInWith(page: BridgePage, code: string, account: string, returnTo: string): void {
  const form = document.createElement('form')
  form.method = 'post'
  form.action = page.signInPath
  for (const [name, value] of Object.entries({ code, account, returnTo })) {
    const field = document.createElement('input')
    field.type = 'hidden'
    field.name = name
    field.value = value
    form.appendChild(field)
  }
  document.body.appendChild(form)
  form.submit()
}

function start(): void {
  const page = bridgePage()
  const native = nativeSide()
  // Where a sign-in leads: the page that asked for it (the error page that says so goes home on its own).
  const asked = page.messages.find((m) => m.message.type === 'signInRequired')?.message
  const returnTo = asked?.type === 'signInRequired' ? asked.returnTo : `${location.pathname}${location.search}`
  appWindow.nordvoltWeb = {
    receive(input) {
      const message = (typeof input === 'string' ? JSON.parse(input) : input) as AppToPage
      if (message?.type !== 'refreshSession') return
      if (message.code && message.account && page.signInPath) signInWith(page, message.code, message.account, returnTo)
      // Without a code: the page as the session now is (the server reads the cookies anew).
      else location.reload()
    },
  }
  if (native) handOver(native, page.messages)
}

start()
