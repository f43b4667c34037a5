import { AsyncLocalStorage } from 'node:async_hooks'
import type { IntlShape } from '@formatjs/intl'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { renderToReadableStream } from 'react-dom/server'
import { allows, type Consent } from '../../domain/analytics/consent'
import { type AnalyticsLabel, submitEventOf } from '../../domain/analytics/events'
import { APP_SIGN_IN_PATH, type BridgePage, type DeclaredMessage, type SignInReason } from '../../domain/app-bridge'
import type { AppShell } from '../../domain/app-shell'
import { ConfigurationError, defaultConfiguration } from '../../domain/catalog/configuration'
import { logLine } from '../../domain/log'
import { catalogLanguage, catalog as catalogOf } from '../../i18n/catalog-store'
import { COMMON_NAMESPACES, intlFor, pickMessages } from '../../i18n/intl'
import { linkTo, returnLink } from '../../i18n/links'
import { type FormattingNotes, noteFormattingIn } from '../../i18n/locale-formats'
import { alternateSites, type CountryCode, GLOBAL_SITE, type Locale, type Site } from '../../i18n/sites'
import {
  type ClientEntry,
  PageError,
  type PageMeta,
  PageRedirect,
  type PageRoute,
  type StructuredData,
} from '../../routes/route'
import { AppRoot, createPageAtoms } from '../../ui/AppRoot'
import { CarDrawing } from '../../ui/car'
import { drawCar } from '../../ui/car/draw'
import { carPngPath } from '../../ui/car/image-path'
import { carLabel } from '../../ui/configurator/car-look'
import { type AppError, ErrorPage } from '../../ui/ErrorPage'
import type { PageContext } from '../../ui/page-context'
import type { HydrationPayload } from '../../ui/payload'
import type { PageBuild, SiteContext } from '../../ui/site-context'
import { recordServerEvent, tagManagerId } from '../analytics'
import { rememberAnonymousBuild } from '../anonymous-builds'
import { appShell } from '../app-shell'
import { loginCheck } from '../auth/login-check'
import { grantedOrder, orderAccessService } from '../auth/order-access'
import { publicOrigin } from '../auth/recovery'
import { hasGrayAccess, sessionService } from '../auth/service'
import { resolveUser, userInfoOf } from '../auth/session'
import { consentAskedByApp, readConsent, rememberConsent } from '../consent'
import { carriesPersonalCookie, forTheEdge } from '../edge-cache'
import { errorReportingConfig } from '../error-reporting'
import { formBody } from '../form-body'
import { enqueueNotifications } from '../notifications'
import type { PageMatch } from '../pages'
import { paymentsFor } from '../payments/context'
import { tradeInCarInfo, visitorTradeIn } from '../tradein-cookie'
import type { AppEnv } from '../types'
import { clientEntrySrc, startAfterFirstPaint } from './assets'
import { buildPageContext } from './build-page-context'
import { ConsentBanner } from './ConsentBanner'
import { ANONYMOUS_PAGE_POLICIES, CachePolicy } from './cache-policy'
import { rememberedDrawing } from './car-drawing'
import { compileMessages } from './compiled-messages'
import { type AppDocument, Document, type SharedLink } from './Document'
import { serializeForScript, serializePayload } from './serialize'

/** What each render formatted, its own, for its page's payload (the browser replays it instead of formatting). */
const renderNotes = new AsyncLocalStorage<FormattingNotes>()
noteFormattingIn(() => renderNotes.getStore())

/** The car pictures of this isolate's recent pages (a few dozen configurations are most of the traffic). */
const drawCarOnce = rememberedDrawing(drawCar, 64)

interface RenderRequest<Data> {
  site: Site
  intl: IntlShape<string>
  status: number
  indexable: boolean
  /** PageRoute.shareable. */
  shareable?: true
  namespaces: readonly string[]
  client: ClientEntry | undefined
  title: string
  description: string
  /** PageRoute.structuredData, given the page's addresses; called only for a page that answers 200. */
  structuredData?: (page: { origin: string; url: string }) => StructuredData | null | Promise<StructuredData | null>
  /** The car a shared link shows (PageMeta.car); the model as it comes when absent. */
  car?: PageMeta['car']
  /** PageMeta.paintAfter. */
  paintAfter?: string
  /** SiteContext.elsewhere: PageRoute.ofOneCountry, or an error page. */
  elsewhere?: 'sameCountry' | 'home'
  /** PageMeta.build. */
  build?: PageBuild
  /** PageMeta.restoresBuild. */
  restoresBuild?: true
  data: Data
  Page: React.ComponentType<{ data: Data }>
  /** The page's analytics label; the analytics script loads only on labelled pages, with consent. */
  label: AnalyticsLabel | null
  /** False on the consent settings page itself, which needs no banner, and on the error page, which leaves in seconds. */
  banner: boolean
  /** What the page tells the native app, in its webview (PageRoute.appMessages). */
  appMessages?: DeclaredMessage[]
}

/** What the analytics script reads from the page (`#__analytics`); see src/client/entries/analytics.ts. */
export interface AnalyticsPageConfig {
  label: AnalyticsLabel
  country: CountryCode
  language: Locale
  /** The language code of SPEC §7's `language` header ('da' for Danish). */
  languageCode: string
  channel: 10 | 20
  /** The country's tag-manager container; null where none loads (Iceland, Austria). */
  tagManager: string | null
  marketing: boolean
}

/** '/no/configurator/p5/' on /no → '/configurator/p5'; the site root → '/'. */
export function pathWithinSite(pathname: string, site: Site): string {
  return pathname.slice(site.prefix.length).replace(/\/+$/, '') || '/'
}

/** The answer carries something of this visitor's, or sets a cookie. */
function isPersonal(c: Context<AppEnv>): boolean {
  return (
    Boolean(c.get('user')) ||
    c.get('personal') === true ||
    c.res.headers.has('set-cookie') ||
    carriesPersonalCookie(c.req.raw)
  )
}

/**
 * Anonymous, indexable 200 pages may be cached; anything personal (an anti-forgery token, a preview, a cookie of
 * the visitor's own: a session, a trade-in, gray access, a recent write) or that sets a cookie never is.
 * A page rendered for a consent choice differs from the one with the banner (no banner, maybe analytics): the edge
 * keeps it under the choice's key (edge-cache.ts), and it is private towards the browser, so that only the banner
 * version, the same for every first visit, is public. A shareable page (a saved build) with nothing personal in it is
 * kept by the browser only (`CachePolicy.sharedBuild`).
 */
function cachePolicy<Data>(
  c: Context<AppEnv>,
  request: RenderRequest<Data>,
  consent: Consent | null,
  app: AppShell | null,
): string {
  if (request.status !== 200 || isPersonal(c)) return CachePolicy.none
  if (request.shareable) return CachePolicy.sharedBuild
  if (!request.indexable) return CachePolicy.none
  // The app's pages differ from the web's (no site header, footer or banner): no shared proxy may hand them out.
  return consent || app ? CachePolicy.consentedPage : CachePolicy.anonymousPage
}

/** The document's part for the app's webview (Document.tsx), or null on the web. */
function appDocument(app: AppShell | null, site: Site, messages: DeclaredMessage[]): AppDocument | null {
  if (!app) return null
  const bridge: BridgePage = { messages, signInPath: linkTo(site, APP_SIGN_IN_PATH) }
  return {
    platform: app.platform,
    hides: [app.ownHeader ? 'header' : '', app.ownFooter ? 'footer' : ''].filter(Boolean),
    signInByApp: app.signInByApp,
    bridge: serializeForScript(bridge),
    src: clientEntrySrc('app-bridge'),
  }
}

/** Renders a page's request into the response: the visitor's state, the cache policy, the page context, the HTML. */
async function stream<Data>(c: Context<AppEnv>, request: RenderRequest<Data>): Promise<Response> {
  const { site } = request
  const url = new URL(c.req.url)
  const rest = pathWithinSite(url.pathname, site)
  const user = await resolveUser(c)
  const grayTag = await hasGrayAccess(c)
  const tradeIn = await tradeInCarInfo(c, site)
  // After everything that may set a cookie: the policy says whether this answer may be shared.
  const consent = readConsent(c)
  const app = appShell(c)
  const policy = cachePolicy(c, request, consent, app)
  // Rendered for the edge to keep: nothing of this request's in it (a shared build's page is not kept there).
  const shared = forTheEdge(c.req.raw) && ANONYMOUS_PAGE_POLICIES.has(policy)
  const page = buildPageContext(c, site, { userInfo: userInfoOf(user, site), grayTag, tradeInCarInfo: tradeIn }, shared)
  const catalog = catalogOf(site.locale)
  const ctx: SiteContext = {
    site,
    page,
    rest,
    query: url.searchParams.toString(),
    ...(request.elsewhere ? { elsewhere: request.elsewhere } : {}),
    build: request.build ?? null,
  }
  const origin = page.officialUrl.replace(/\/$/, '')
  const payload = hydrationPayload(request, page, ctx, catalog)
  const head = await documentHead(c, request, url, rest, origin)
  const body = await renderDocument(c, request, { page, ctx, url, consent, app, payload, head })

  // c.body (not new Response) keeps headers that middleware set earlier: request id, cookies.
  return c.body(body, request.status as ContentfulStatusCode, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': policy,
  })
}

/** What the browser needs to hydrate the page (null for a page without a client entry). */
function hydrationPayload<Data>(
  request: RenderRequest<Data>,
  page: PageContext,
  { site, rest, query }: SiteContext,
  catalog: ReturnType<typeof catalogOf>,
): HydrationPayload<Data> | null {
  return request.client
    ? {
        page,
        prefix: site.prefix,
        rest,
        query,
        messages: compileMessages(pickMessages(catalog, [...COMMON_NAMESPACES, ...request.namespaces]), site.locale),
        data: request.data,
      }
    : null
}

/** The head of a page's document: its title, its addresses, its link preview and its structured data. */
interface DocumentHead {
  title: string
  indexable: boolean
  canonical: string | null
  alternates: { hrefLang: string; href: string }[]
  share: SharedLink | null
  structuredData: StructuredData | null
}

async function documentHead<Data>(
  c: Context<AppEnv>,
  request: RenderRequest<Data>,
  url: URL,
  rest: string,
  origin: string,
): Promise<DocumentHead> {
  const { site, intl } = request
  // Only a page that may be indexed names its canonical address and its language versions: an error page or a
  // personal page (an order, the profile) has no public address to point to.
  const indexable = request.indexable && request.status === 200
  const alternates = indexable
    ? [
        ...alternateSites().map((alt) => ({ hrefLang: alt.locale, href: `${origin}${linkTo(alt, rest)}` })),
        { hrefLang: 'x-default', href: `${origin}${linkTo(GLOBAL_SITE, rest)}` },
      ]
    : []
  // Belgium's default site is its default language's page: `/be/…` canonicalises to `/be/nl-BE/…`, the address
  // the hreflang set names.
  const canonicalSite = alternateSites().find(
    (alt) => alt.countryCode === site.countryCode && alt.locale === site.locale,
  )

  const title = intl.formatMessage({ id: 'site.titleTemplate' }, { title: request.title })
  const canonical = indexable ? `${origin}${linkTo(canonicalSite ?? site, rest)}` : null
  // A link preview for every page that answers 200; a page showing a particular car keeps it in its address.
  const pageUrl = request.car?.query
    ? `${origin}${linkTo(site, rest)}?${request.car.query}`
    : (canonical ?? `${origin}${url.pathname}`)
  const share: SharedLink | null =
    request.status === 200
      ? {
          title,
          description: request.description,
          url: pageUrl,
          image: await sharedCarImage(c, site, intl, origin, request.car),
        }
      : null
  const structuredData =
    request.status === 200 && request.structuredData ? await request.structuredData({ origin, url: pageUrl }) : null
  return { title, indexable, canonical, alternates, share, structuredData }
}

/** What a page's document is made of besides the render request. */
interface DocumentParts<Data> {
  page: PageContext
  ctx: SiteContext
  url: URL
  consent: Consent | null
  app: AppShell | null
  payload: HydrationPayload<Data> | null
  head: DocumentHead
}

/** The page's HTML stream: the page in the site's document, its formatting noted for the payload when it hydrates. */
function renderDocument<Data>(
  c: Context<AppEnv>,
  request: RenderRequest<Data>,
  { page, ctx, url, consent, app, payload, head }: DocumentParts<Data>,
): ReturnType<typeof renderToReadableStream> {
  const { site, intl } = request
  const nonce = c.get('secureHeadersNonce') ?? ''
  const analytics = analyticsConfig(consent, request.label, page.channel, site)
  const reporting = errorReportingConfig(c.get('config'))
  // A page that hydrates notes what it formats, in its own notes (renderNotes), for its payload.
  const formats: FormattingNotes | undefined = payload ? {} : undefined
  const render = () =>
    renderToReadableStream(
      <Document
        lang={catalogLanguage(site.locale)}
        title={head.title}
        description={request.description}
        canonical={head.canonical}
        share={head.share}
        alternates={head.alternates}
        indexable={head.indexable}
        skipToContent={intl.formatMessage({ id: 'common.skipToContent' })}
        payload={payload ? () => serializePayload({ ...payload, formats }) : null}
        structuredData={head.structuredData ? serializeForScript(head.structuredData) : null}
        paintAfter={request.paintAfter ?? null}
        restoresBuild={request.restoresBuild === true}
        nonce={nonce}
        banner={
          request.banner && consent === null && !consentAskedByApp(c) ? (
            <ConsentBanner intl={intl} site={site} returnTo={returnLink(url)} />
          ) : null
        }
        analytics={analytics ? { config: serializeForScript(analytics), src: clientEntrySrc('analytics') } : null}
        monitoring={reporting && request.client ? { ...reporting, src: clientEntrySrc('monitoring') } : null}
        app={appDocument(app, site, request.appMessages ?? [])}
      >
        <AppRoot ctx={ctx} intl={intl} atoms={createPageAtoms(page)}>
          {/* The car is drawn into the HTML here; the browser loads its drawing code later. */}
          <CarDrawing value={drawCarOnce}>
            <request.Page data={request.data} />
          </CarDrawing>
        </AppRoot>
      </Document>,
      {
        nonce,
        bootstrapScriptContent: request.client ? startAfterFirstPaint(clientEntrySrc(request.client)) : undefined,
        onError(error) {
          // Errors after the shell streamed (inside Suspense) land here; the boundary's fallback stays.
          console.error(logLine('error', 'render error', { requestId: c.get('requestId'), error }))
        },
      },
    )
  return formats ? renderNotes.run(formats, render) : render()
}

/**
 * The car of a link preview as a 1200 × 630 PNG on the official origin, from the front three-quarter on the studio
 * floor, named in the page's language: the page's own car, else the model as it comes on this site. Null when the
 * model has no version sold here.
 */
async function sharedCarImage(
  c: Context<AppEnv>,
  site: Site,
  intl: IntlShape<string>,
  origin: string,
  car: PageMeta['car'],
): Promise<SharedLink['image']> {
  let shown = car
  if (!shown) {
    const catalog = await c.get('store').catalog('p5')
    try {
      shown = catalog ? { catalog, configuration: defaultConfiguration(catalog, site.countryCode) } : undefined
    } catch (error) {
      if (!(error instanceof ConfigurationError)) throw error
    }
  }
  if (!shown) return null
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values)
  return {
    url: `${origin}${carPngPath(shown.configuration, 'front', '1200x630')}`,
    width: 1200,
    height: 630,
    alt: carLabel(t, site.locale, shown.catalog, shown.configuration, 'front'),
  }
}

function analyticsConfig(
  consent: Consent | null,
  label: AnalyticsLabel | null,
  channel: 10 | 20,
  site: Site,
): AnalyticsPageConfig | null {
  if (!label || !allows(consent, 'analytics')) return null
  return {
    label,
    country: site.countryCode,
    language: site.locale,
    languageCode: site.languageCode,
    channel,
    tagManager: tagManagerId(site.countryCode),
    marketing: allows(consent, 'marketing'),
  }
}

function ErrorRoutePage({ data }: { data: { error: AppError } }) {
  return <ErrorPage error={data.error} />
}

/**
 * The error screen for a site, with its status; which type and status an error gets is decided in errors.ts. "Sign in
 * in the app" tells the app's bridge so (`signInRequired`, with a reason), to come back to `returnTo` (this address).
 */
export function renderError(
  c: Context<AppEnv>,
  site: Site,
  error: AppError,
  status: number,
  signIn: { reason?: SignInReason; returnTo?: string } = {},
): Promise<Response> {
  const intl = intlFor(site.locale, catalogOf(site.locale))
  const url = new URL(c.req.url)
  const returnTo = signIn.returnTo ?? returnLink(url)
  const reason = signIn.reason ?? 'required'
  const appMessages: DeclaredMessage[] =
    error.type === 'signInInApp' ? [{ on: 'load', message: { type: 'signInRequired', reason, returnTo } }] : []
  return stream(c, {
    site,
    intl,
    status,
    indexable: false,
    namespaces: [],
    client: 'error',
    title: error.title ?? intl.formatMessage({ id: `error.${error.type}.title` }),
    description: error.message ?? intl.formatMessage({ id: `error.${error.type}.message` }),
    // The address answers nothing on the other sites either: the chooser links their homes.
    elsewhere: 'home',
    data: { error },
    Page: ErrorRoutePage,
    label: null,
    // The error page goes home on its own after ERROR_REDIRECT_SECONDS (5), so no banner (PageRoute.leavesOnItsOwn).
    banner: false,
    appMessages,
  })
}

async function loadContext(c: Context<AppEnv>, site: Site, params: Record<string, string>) {
  const user = await resolveUser(c)
  return {
    site,
    params,
    url: new URL(c.req.url),
    officialUrl: c.get('config').OFFICIAL_URL,
    store: c.get('store'),
    session: sessionService(c, user),
    consent: readConsent(c),
    app: appShell(c),
    tradeIn: visitorTradeIn(c, user?.id ?? null),
    chooseConsent: (consent: Consent) => rememberConsent(c, consent),
    orderAccess: orderAccessService(c, site),
    rememberAnonymousBuild: (id: string) => rememberAnonymousBuild(c, id),
    payments: () => paymentsFor(c),
    publicOrigin: () => publicOrigin(c),
    notify: (ids: readonly string[]) => {
      const sending = enqueueNotifications(c.env, ids)
      try {
        c.executionCtx.waitUntil(sending)
      } catch {
        // No execution context (app.request in tests): the send still runs, unawaited.
      }
    },
  }
}

function renderLoaded(c: Context<AppEnv>, site: Site, route: PageRoute<unknown>, data: unknown, status: number) {
  const intl = intlFor(site.locale, catalogOf(site.locale))
  const meta = route.meta(data)
  return stream(c, {
    site,
    intl,
    status,
    indexable: route.indexable,
    shareable: route.shareable,
    namespaces: route.namespaces,
    client: route.client,
    title: intl.formatMessage({ id: meta.title }, meta.values),
    description: intl.formatMessage({ id: meta.description }, meta.values),
    ...(route.structuredData
      ? {
          structuredData: (page: { origin: string; url: string }) =>
            route.structuredData?.(data, { ...page, site, store: c.get('store') }) ?? null,
        }
      : {}),
    car: meta.car,
    paintAfter: meta.paintAfter,
    ...(route.ofOneCountry ? { elsewhere: 'sameCountry' as const } : {}),
    ...(meta.build ? { build: meta.build } : {}),
    ...(meta.restoresBuild ? { restoresBuild: meta.restoresBuild } : {}),
    data,
    Page: route.Page,
    label: route.label,
    banner: route.id !== 'cookieSettings' && !route.leavesOnItsOwn?.(data),
    appMessages: appShell(c) ? route.appMessages?.(data, site) : undefined,
  })
}

/**
 * The forced login check of a route that requires sign-in; a Response when the visitor must go. An order's page
 * opens without one for a browser an order link let into that order (the page checks the grant again).
 */
async function guard(
  c: Context<AppEnv>,
  site: Site,
  route: PageRoute<unknown>,
  params: Record<string, string>,
): Promise<Response | null> {
  if (route.auth === undefined) return null
  if (route.auth === 'orderLink' && (await grantedOrder(c))?.orderId === params.id) return null
  const check = await loginCheck(c, site, 'force')
  if (check.kind === 'redirect') return c.redirect(check.location, 302)
  if (check.kind === 'signInInApp') throw new PageError('signInInApp', 401)
  return null
}

/** Loads a route's data, then streams its page; anything the loader throws is answered by app.onError (errors.ts). */
export async function renderRoute(c: Context<AppEnv>, { site, route, params }: PageMatch): Promise<Response> {
  const blocked = await guard(c, site, route, params)
  if (blocked) return blocked
  let data: unknown
  try {
    data = await route.load(await loadContext(c, site, params))
  } catch (error) {
    if (error instanceof PageRedirect) return c.redirect(error.location, 303)
    throw error
  }
  return renderLoaded(c, site, route, data, route.status?.(data) ?? 200)
}

/** A form posted to a page: the route's action redirects (303) or shows the page again. */
export async function handleAction(c: Context<AppEnv>, { site, route, params }: PageMatch): Promise<Response> {
  if (!route.action) throw new PageError('notFound', 404)
  const blocked = await guard(c, site, route, params)
  if (blocked) return blocked
  const body = await formBody(c)
  const form = Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'))
  const result = await route.action({ ...(await loadContext(c, site, params)), form })
  if ('redirect' in result) {
    // A form that went through (order form, test drive): recorded here, so it counts without JS too.
    const submitted = route.label ? submitEventOf(route.label) : null
    if (route.label && submitted) await recordServerEvent(c, site, route.label, submitted, form._deviceId)
    return c.redirect(result.redirect, 303)
  }
  return renderLoaded(c, site, route, result.data, result.status)
}
