import type { IntlShape } from '@formatjs/intl'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { renderToReadableStream } from 'react-dom/server'
import { CATALOGS } from '../../i18n/catalogs'
import { COMMON_NAMESPACES, createStoreIntl, pickMessages } from '../../i18n/intl'
import { linkTo } from '../../i18n/links'
import { alternateSites, GLOBAL_SITE, type Site } from '../../i18n/sites'
import { type ClientEntry, PageError, type PageRoute } from '../../routes/route'
import { AppRoot, createPageStore } from '../../ui/AppRoot'
import type { AppError } from '../../ui/atoms'
import { ErrorPage } from '../../ui/ErrorPage'
import type { HydrationPayload } from '../../ui/payload'
import type { RenderContext } from '../../ui/site-context'
import type { AppEnv } from '../types'
import { clientEntrySrc } from './assets'
import { CachePolicy } from './cache-policy'
import { Document } from './Document'
import { buildPageContext } from './page-context'
import { serializeForScript } from './serialize'

interface RenderRequest<Data> {
  site: Site
  intl: IntlShape<string>
  status: number
  indexable: boolean
  namespaces: readonly string[]
  client: ClientEntry | undefined
  title: string
  description: string
  data: Data
  Page: React.ComponentType<{ data: Data }>
}

/** '/no/configurator/p5/' on /no → '/configurator/p5'; the site root → '/'. */
export function pathWithinSite(pathname: string, site: Site): string {
  return pathname.slice(site.prefix.length).replace(/\/+$/, '') || '/'
}

async function stream<Data>(c: Context<AppEnv>, request: RenderRequest<Data>): Promise<Response> {
  const { site, intl } = request
  const url = new URL(c.req.url)
  const rest = pathWithinSite(url.pathname, site)
  const page = buildPageContext(c, site)
  const catalog = CATALOGS[site.locale]
  const ctx: RenderContext = { site, page, rest, query: url.searchParams.toString() }
  const origin = page.officialUrl.replace(/\/$/, '')
  const nonce = c.get('secureHeadersNonce') ?? ''

  const payload: HydrationPayload<Data> | null = request.client
    ? {
        page,
        prefix: site.prefix,
        rest,
        query: ctx.query,
        messages: pickMessages(catalog, [...COMMON_NAMESPACES, ...request.namespaces]),
        data: request.data,
      }
    : null

  const alternates = [
    ...alternateSites().map((alt) => ({ hrefLang: alt.locale, href: `${origin}${linkTo(alt, rest)}` })),
    { hrefLang: 'x-default', href: `${origin}${linkTo(GLOBAL_SITE, rest)}` },
  ]

  const body = await renderToReadableStream(
    <Document
      lang={site.locale}
      title={intl.formatMessage({ id: 'site.titleTemplate' }, { title: request.title })}
      description={request.description}
      canonical={`${origin}${linkTo(site, rest)}`}
      alternates={alternates}
      indexable={request.indexable && request.status === 200}
      payload={payload ? serializeForScript(payload) : null}
      nonce={nonce}
    >
      <AppRoot ctx={ctx} intl={intl} store={createPageStore(page)}>
        <request.Page data={request.data} />
      </AppRoot>
    </Document>,
    {
      nonce,
      bootstrapModules: request.client ? [clientEntrySrc(request.client)] : undefined,
      onError(error) {
        // Errors after the shell streamed (inside Suspense) land here; the boundary's fallback stays.
        console.error(`[${c.get('requestId')}] render error`, error)
      },
    },
  )

  // c.body (not new Response) keeps headers that middleware set earlier: request id, cookies.
  return c.body(body, request.status as ContentfulStatusCode, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': request.status === 200 && request.indexable ? CachePolicy.anonymousPage : CachePolicy.none,
  })
}

function ErrorRoutePage({ data }: { data: { error: AppError } }) {
  return <ErrorPage error={data.error} />
}

/** The error screen for a site, with its status: 404 types and the 500 "unexpected" one. */
export function renderError(c: Context<AppEnv>, site: Site, error: AppError, status: number): Promise<Response> {
  const intl = createStoreIntl(site.locale, CATALOGS[site.locale])
  return stream(c, {
    site,
    intl,
    status,
    indexable: false,
    namespaces: [],
    client: 'error',
    title: error.title ?? intl.formatMessage({ id: `error.${error.type}.title` }),
    description: error.message ?? intl.formatMessage({ id: `error.${error.type}.message` }),
    data: { error },
    Page: ErrorRoutePage,
  })
}

/** Loads a route's data, then streams its page; a PageError from the loader becomes its error page. */
export async function renderRoute(c: Context<AppEnv>, site: Site, route: PageRoute<unknown>): Promise<Response> {
  let data: unknown
  try {
    data = await route.load({
      site,
      params: c.req.param() as Record<string, string>,
      url: new URL(c.req.url),
      store: c.get('store'),
    })
  } catch (error) {
    if (error instanceof PageError) return renderError(c, site, { type: error.type }, error.status)
    throw error
  }
  const intl = createStoreIntl(site.locale, CATALOGS[site.locale])
  const meta = route.meta(data)
  return stream(c, {
    site,
    intl,
    status: 200,
    indexable: route.indexable,
    namespaces: route.namespaces,
    client: route.client,
    title: intl.formatMessage({ id: meta.title }, meta.values),
    description: intl.formatMessage({ id: meta.description }, meta.values),
    data,
    Page: route.Page,
  })
}
