import {
  type ContentDocument,
  type ContentLanguage,
  contentLanguageOf,
  type DocumentId,
  fillDocument,
  type PlaceholderValues,
} from '../domain/content/document'
import { placeholderValues } from '../domain/content/values'
import { LEASE_KINDS } from '../domain/finance/products'
import { logLine } from '../domain/log'
import type { PageTextId } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import type { Locale } from '../i18n/sites'
import { useT } from '../ui/intl-context'
import { ContentUnavailable, LegalDocument } from '../ui/LegalDocument'
import { type AnalyticsLabel, defineRoute, type LoadContext, type PageRoute } from './route'

type LegalData = { id: PageTextId; doc: ContentDocument; language: ContentLanguage } | { id: PageTextId; doc: null }

const heading = (id: PageTextId) => `page.${id}.heading` as const
const lead = (id: PageTextId) => `page.${id}.lead` as const

/**
 * The site's values for the document's placeholders (its company, country, partner and a store),
 * for a document in the given locale (the country is named in the document's language).
 */
async function siteValues(ctx: LoadContext): Promise<(locale: Locale) => PlaceholderValues> {
  const { site } = ctx
  const [finance, stores] = await Promise.all([
    site.countryCode === 'GLOBAL' ? null : ctx.store.financeProducts(site.countryCode),
    site.countryCode === 'GLOBAL' ? [] : ctx.store.showrooms(site.countryCode),
  ])
  const lease = finance?.products.find(
    (p): p is Extract<typeof p, { partnerName: string }> =>
      (LEASE_KINDS as readonly string[]).includes(p.kind) && 'partnerName' in p,
  )
  const store = stores[0]
  return (locale) =>
    placeholderValues({
      countryCode: site.countryCode,
      locale,
      currency: site.currency,
      siteUrl: `${ctx.officialUrl}${linkTo(site, '/')}`.replace(/\/$/, ''),
      partner: lease?.partnerName ?? null,
      store: store ? { name: store.name, ...store.address } : null,
    })
}

function LegalPage({ data }: { data: LegalData }) {
  const t = useT()
  if (!data.doc) return <ContentUnavailable heading={t(heading(data.id))} />
  return <LegalDocument doc={data.doc} language={data.language} />
}

/**
 * A page that shows one of the legal documents in the site's language, filled with the site's
 * values. When the document cannot be read (KV down, not seeded) it says so with status 503, which
 * is never cached.
 */
export function legalRoute(options: {
  id: PageTextId
  path: string
  document: DocumentId
  label: AnalyticsLabel | null
}): PageRoute<LegalData> {
  const { id, document } = options
  return defineRoute<LegalData>({
    id,
    path: options.path,
    label: options.label,
    namespaces: [`page.${id}`, 'content'],
    indexable: true,
    load: async (ctx) => {
      try {
        const language = contentLanguageOf(ctx.site.locale)
        const [translated, values] = await Promise.all([ctx.store.contentDocument(language, document), siteValues(ctx)])
        // Every language has every document (the content test checks it); a missing one is a
        // storage fault, shown as such rather than in another language.
        return translated ? { id, doc: fillDocument(translated, values(ctx.site.locale)), language } : { id, doc: null }
      } catch (cause) {
        console.warn(logLine('warn', 'content: unavailable', { document, locale: ctx.site.locale, error: cause }))
        return { id, doc: null }
      }
    },
    meta: () => ({ title: heading(id), description: lead(id) }),
    // A legal text is dated by its own update, in the site's language; it shows nothing of the catalog.
    changedOn: async ({ store, site }) =>
      (await store.contentDocument(contentLanguageOf(site.locale), document))?.updated ?? null,
    status: (data) => (data.doc ? 200 : 503),
    Page: LegalPage,
  })
}
