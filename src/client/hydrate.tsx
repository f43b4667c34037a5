import { useAtom, useSetAtom } from 'jotai'
import { type ComponentType, startTransition, useEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { createCompiledIntl } from '../i18n/compiled-intl'
import { loadIntlData } from '../i18n/intl-data'
import { replayFormatting } from '../i18n/locale-formats'
import { siteByPrefix } from '../i18n/sites'
import { AppRoot, createPageAtoms } from '../ui/AppRoot'
import { ApiProvider } from '../ui/api-context'
import { clientTypeAtom, userInfoAtom } from '../ui/atoms'
import type { PageContext } from '../ui/page-context'
import { APP_ELEMENT_ID, type HydrationPayload, PAYLOAD_ELEMENT_ID } from '../ui/payload'
import { apiFetch, fetchUserInfo } from './api'
import { ErrorBoundary } from './ErrorBoundary'

/** Layout is mobile at 750 px or less (SPEC §2, §9); the same query as the stylesheet's. */
export const MOBILE_QUERY = '(max-width: 750px)'

/**
 * Browser-only effects of every hydrated page: the session handshake fills userInfo; the clientType atom follows the window width and is mirrored on
 * `<html data-client-type>`; the document is marked hydrated. Renders nothing.
 */
function ClientEffects({ page }: { page: PageContext }) {
  const [clientType, setClientType] = useAtom(clientTypeAtom)
  const setUserInfo = useSetAtom(userInfoAtom)
  useEffect(() => {
    fetchUserInfo(page)
      .then((info) => setUserInfo(info))
      .catch(() => {
        // Offline or failing: the visitor stays as the server rendered them.
      })
  }, [page, setUserInfo])
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  useEffect(() => {
    document.documentElement.dataset.clientType = clientType
  }, [clientType])
  useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY)
    const update = () => setClientType(query.matches ? 'mobile' : 'desktop')
    update()
    query.addEventListener('change', update)
    return () => query.removeEventListener('change', update)
  }, [setClientType])
  return null
}

function reportCrash(page: PageContext, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error)
  const stack = error instanceof Error ? error.stack?.slice(0, 8000) : undefined
  apiFetch(page, '/api/client-errors', {
    method: 'POST',
    body: { message: message.slice(0, 2000) || 'unknown', stack, url: window.location.pathname.slice(0, 200) },
  }).catch(() => {
    // Reporting is best effort: a failed report must not cause another error.
  })
}

/** Ends the current task so the browser can paint and answer input before the next step. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/**
 * Hydrates the server-rendered page in `#app` with the payload the server left in `#__ctx`.
 * Each client entry calls this with its page component.
 *
 * Start-up is split into short tasks so that a slow phone never blocks for long (total blocking time): evaluating
 * the modules, then (Icelandic only) loading the number and date data the browser lacks, then hydration itself,
 * which runs in a transition and is therefore time-sliced. Hydration builds no number or date format (the first
 * is costly: decision 26): it replays the server's formatted figures, and the first format is built when a customer's choice
 * needs a figure the server did not show.
 * Meanwhile the server-rendered page stays usable: every control is a link or a form post.
 */
export async function hydratePage<Data>(Page: ComponentType<{ data: Data }>): Promise<void> {
  const payloadElement = document.getElementById(PAYLOAD_ELEMENT_ID)
  const container = document.getElementById(APP_ELEMENT_ID)
  if (!payloadElement?.textContent || !container) return
  const payload = JSON.parse(payloadElement.textContent) as HydrationPayload<Data>
  const site = siteByPrefix(payload.prefix)
  if (!site) return
  replayFormatting(payload.formats)
  await yieldToBrowser()
  // Icelandic needs its number and date data first (the browser has none): only its pages fetch it.
  await loadIntlData(site.locale)
  const intl = createCompiledIntl(site.locale, payload.messages)
  await yieldToBrowser()
  startTransition(() => {
    hydrateRoot(
      container,
      <AppRoot
        ctx={{ site, page: payload.page, rest: payload.rest, query: payload.query }}
        intl={intl}
        atoms={createPageAtoms(payload.page)}
      >
        <ClientEffects page={payload.page} />
        <ApiProvider
          value={(path, body, init) => apiFetch(payload.page, path, { method: 'POST', body, signal: init?.signal })}
        >
          <ErrorBoundary onError={(error) => reportCrash(payload.page, error)}>
            <Page data={payload.data} />
          </ErrorBoundary>
        </ApiProvider>
      </AppRoot>,
      { onRecoverableError: (error) => reportCrash(payload.page, error) },
    )
  })
}
