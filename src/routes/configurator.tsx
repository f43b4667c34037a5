import { z } from 'zod'
import { keepFinanceOffer } from '../app/finance-offer'
import { type Configuration, defaultConfiguration, validateConfiguration } from '../domain/catalog/configuration'
import {
  configurationKey,
  impliedPrevious,
  parseChoice,
  queryOf,
  queryText,
  stateFromQuery,
} from '../domain/configurator/url'
import { computeView } from '../domain/configurator/view'
import { chosenFinance } from '../domain/finance/chosen'
import { compareFinance } from '../domain/finance/compare'
import { isExpired } from '../domain/finance/offer'
import { FINANCE_PARAMS, parseFinanceChoice, withKeptFinance } from '../domain/finance/params'
import {
  type CountryFinanceProducts,
  type FinanceKind,
  type FinanceProduct,
  isCreditProduct,
  isLeaseProduct,
  productsFor,
} from '../domain/finance/products'
import { financeBasis, financeSummary } from '../domain/finance/summary'
import type { FinanceProblem } from '../domain/finance/validate'
import { mobilityMessage } from '../domain/legal/energy'
import type { CurrencyCode } from '../domain/money'
import { roundHalfUp } from '../domain/pricing/rounding'
import { tradeInCredit } from '../domain/tradein/credit'
import { catalog } from '../i18n/catalog-store'
import { compareRows } from '../i18n/energy-rows'
import { financeProblemMessage } from '../i18n/finance'
import { intlFor, type MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { type Locale, today } from '../i18n/sites'
import { memo } from '../lib/memo'
import type { SavedFinance } from '../store'
import { ConfiguratorPage } from '../ui/configurator/ConfiguratorPage'
import { carViewOf } from '../ui/configurator/car-view'
import type { ConfiguratorData } from '../ui/configurator/model'
import type { FinanceState, OfferedProduct } from '../ui/finance/state'
import { rulesInForce, viewOnce, visitorCatalog } from './helpers/configurator-views'
import { carProduct, jsonLd } from './helpers/structured-data'
import { loadConfiguratorTarget } from './lookups'
import { type ActionContext, defineRoute, type LoadContext, PageError } from './route'
import { tradeInEstimate } from './trade-in-line'

/**
 * The products as the finance panel offers them: cash first, then each product with its choices; a lease's optional
 * services with their monthly price with VAT (half up, as the lease adds them) and without.
 */
function offeredProducts(products: FinanceProduct[], vatRateBp: number): OfferedProduct[] {
  return [
    { kind: 'cash', termsMonths: [], mileageKmPerYear: null, hasBalloon: false, services: [] },
    ...products
      .filter((p) => p.kind !== 'cash')
      .map((p) => ({
        kind: p.kind,
        termsMonths: isLeaseProduct(p) || isCreditProduct(p) ? p.limits.termsMonths : [],
        mileageKmPerYear: isLeaseProduct(p) ? p.limits.mileageKmPerYear : null,
        hasBalloon: isCreditProduct(p) && p.limits.balloonBp !== undefined,
        services: isLeaseProduct(p)
          ? p.services.map((s) => ({
              code: s.code,
              net: s.monthlyMinor,
              gross: s.monthlyMinor + roundHalfUp(s.monthlyMinor * vatRateBp, 10_000),
            }))
          : [],
      })),
  ]
}

/** The finance panel's first state: the product and choice in the address, priced on the server. */
function initialFinance(
  data: Omit<ConfiguratorData, 'finance'>,
  products: FinanceProduct[],
  query: URLSearchParams,
  credit: number,
): FinancePanelFigures | null {
  if (products.length === 0) return null
  const { quote } = data.shown
  const basis = { ...financeBasis(quote), tradeInCredit: credit }
  const offered = offeredProducts(products, basis.vatRateBp)
  const asked = query.get(FINANCE_PARAMS.kind)
  const selected =
    offered.find((p) => p.kind === asked)?.kind ??
    offered.find((p) => p.kind !== 'cash')?.kind ??
    ('cash' as FinanceKind)
  const choice = parseFinanceChoice(query, quote.currency)
  const product = products.find((p) => p.kind === selected)
  const outcome = product
    ? financeSummary(product, {
        ...basis,
        usage: data.requested.usage,
        startDate: data.today,
        choice,
      })
    : null
  return {
    products: offered,
    selected,
    choice,
    summary: outcome?.ok ? outcome.summary : null,
    problems: outcome && !outcome.ok ? outcome.problems : [],
    comparison: compareFinance({ ...financeBasis(quote), startDate: data.today, products }),
  }
}

/** A finance problem in the site's words, as the page renders them (its catalog read once, at the first problem). */
function financeWords(currency: CurrencyCode, locale: Locale): (problem: FinanceProblem) => string {
  let t: ((id: MessageKey, values?: Record<string, string | number>) => string) | undefined
  return (problem) => {
    if (!t) {
      const intl = intlFor(locale, catalog(locale))
      t = (id, values) => intl.formatMessage({ id }, values)
    }
    return financeProblemMessage(problem, currency, locale, t)
  }
}

/** A finance panel as computed for any visitor: its problems not yet in words. */
type FinancePanelFigures = Omit<FinanceState, 'problems'> & { problems: FinanceProblem[] }

/** The first finance panels computed in this isolate, at most 256 per finance document. */
const panels = memo<[CountryFinanceProducts], FinancePanelFigures | null>(256)

/**
 * `initialFinance` for the products of a finance document on this car's day and usage, computed once per isolate for
 * the same document, price, day and choice (a new document is computed anew): the default car's panel is most
 * requests. The panel is shared: each request gets a copy of its own to add to (an expired offer, a kept one).
 */
function financeOnce(
  finance: CountryFinanceProducts,
  data: Omit<ConfiguratorData, 'finance'>,
  query: URLSearchParams,
  credit: number,
  say: (problem: FinanceProblem) => string,
): FinanceState | null {
  const { usage } = data.requested
  const asked = Object.values(FINANCE_PARAMS).map((name) => query.getAll(name).join())
  const key = JSON.stringify([data.country, data.today, usage, financeBasis(data.shown.quote), asked, credit])
  const panel = panels([finance], key, () =>
    initialFinance(data, productsFor([finance], data.country, usage, data.today), query, credit),
  )
  // In the visitor's words on the server, so that the browser's code carries no message builder of its own.
  return (
    panel && { ...panel, problems: panel.problems.map((problem) => ({ field: problem.field, message: say(problem) })) }
  )
}

async function loadConfigurator(ctx: LoadContext, query: URLSearchParams): Promise<ConfiguratorData> {
  const target = await loadConfiguratorTarget(ctx)
  const country = ctx.site.countryCode
  const [catalog, rules, finance] = await Promise.all([
    ctx.store.catalog(target.model.code),
    ctx.store.priceRules(country),
    ctx.store.financeProducts(country),
  ])
  if (!catalog?.markets[country] || !rules) throw new PageError('configuratorNotFound', 404)
  const saved = target.configuration?.choices ?? null
  const base = saved ?? defaultConfiguration(catalog, country)
  const requested = stateFromQuery(query, base)
  if (saved && !query.has('usage') && target.configuration?.usage === 'business') requested.usage = 'business'
  const choice = parseChoice(query.get('chose'))
  const day = today(ctx.site)
  const basis = {
    // The page ships its data to the browser for hydration: only this site's texts and prices.
    catalog: visitorCatalog(catalog, country, ctx.site.locale),
    rules: rulesInForce(rules, day),
    country,
    today: day,
    // A link from a choice says which choice was made; any other address means "exactly this car".
    previous: choice ? impliedPrevious(requested.configuration, choice) : requested.configuration,
  }
  const data: Omit<ConfiguratorData, 'finance'> = {
    ...basis,
    savedId: target.configuration?.id ?? null,
    targetId: ctx.params.id ?? target.model.code,
    requested,
    choseField: choice?.field ?? null,
    savedNoLongerBuildable: saved !== null && validateConfiguration(catalog, country, saved).length > 0,
    view: carViewOf(query.get('view')),
    // The one computation of the car for this request (or an earlier request for the same car today): the finance
    // panel, the page and its meta all use it.
    shown: viewOnce(basis, requested),
    compare: compareRows(catalog, country, ctx.site.locale),
    mobility: mobilityMessage(country, day),
  }
  // A valuation the visitor carries is set against the amount financed (while it holds, up to the price).
  const tradeIn = ctx.tradeIn.id ? await tradeInEstimate(ctx, ctx.tradeIn.id) : null
  const { quote } = data.shown
  const credit = tradeIn
    ? tradeInCredit(tradeIn.value, tradeIn.validUntil, { amount: quote.totalInclVat, currency: quote.currency }, day)
    : 0
  // A saved build reopens with the finance it was saved with, unless the address asks for another.
  const panel = finance
    ? financeOnce(
        finance,
        data,
        withKeptFinance(query, target.configuration?.finance ?? null, ctx.site.currency),
        credit,
        financeWords(ctx.site.currency, ctx.site.locale),
      )
    : null
  // Switching between private and business in the browser offers that usage's products (a private lease is
  // not sold to a business), without asking the server for a product it would refuse.
  if (panel && finance)
    data.financeByUsage = {
      personal: offeredProducts(
        productsFor([finance], country, 'personal', data.today),
        quote.leaseVat.rateBasisPoints,
      ),
      business: offeredProducts(
        productsFor([finance], country, 'business', data.today),
        quote.leaseVat.rateBasisPoints,
      ),
    }
  // A kept offer in the address: once expired, say so and offer fresh figures.
  const offerId = query.get('offer')
  if (panel && offerId) {
    const offer = await ctx.store.findFinanceOffer(offerId)
    if (!offer || isExpired(offer, new Date())) panel.offerExpired = true
    else panel.keptUntil = offer.expiresAt.slice(0, 10)
  }
  return { ...data, finance: panel, tradeInCredit: credit }
}

/**
 * The finance chosen on the page, as a saved build keeps it: the choice and the offer as the page showed it (for the
 * car saved, on this day); null when the visitor chose none.
 */
function savedFinance(data: ConfiguratorData, savedTotal: number, asked: boolean): SavedFinance | null {
  const { finance } = data
  if (!finance || !asked) return null
  const { termMonths, mileageKmPerYear, downPayment, balloonAmount, services } = finance.choice
  const { quote } = data.shown
  // The panel's figures are the shown car's: kept when that is the car saved.
  const offer =
    finance.summary && quote.totalInclVat === savedTotal
      ? chosenFinance(finance.summary, {
          price: savedTotal,
          tradeInCredit: data.tradeInCredit ?? 0,
          currency: quote.currency,
          quotedOn: data.today,
        })
      : null
  return {
    kind: finance.selected,
    ...(termMonths !== undefined ? { termMonths } : {}),
    ...(mileageKmPerYear !== undefined ? { mileageKmPerYear } : {}),
    ...(downPayment !== undefined ? { downPayment } : {}),
    ...(balloonAmount !== undefined ? { balloonAmount } : {}),
    ...(services?.length ? { services } : {}),
    ...(offer ? { offer } : {}),
  }
}

/**
 * The save form: the build as the page's address has it (its query). The longest build a page writes is a few hundred
 * characters; a field past this bound is no page's, and is refused rather than read as the defaults.
 */
const SaveForm = z.object({ configuration: z.string().max(2_000) })

/** Saves the car as shown (re-priced by the server), then opens its overview. */
async function save(ctx: ActionContext) {
  const form = SaveForm.safeParse(ctx.form)
  if (!form.success) throw new PageError('badRequest', 400)
  const data = await loadConfigurator(ctx, new URLSearchParams(form.data.configuration))
  // Saved exactly as requested: reconciled against the requested car itself, which differs from the page's view
  // only when the address names the choice that was made (`chose=`).
  const { state, quote } =
    data.previous === data.requested.configuration
      ? data.shown
      : computeView(data, data.requested, data.requested.configuration)
  const asked = new URLSearchParams(form.data.configuration).has(FINANCE_PARAMS.kind)
  const id = await ctx.store.saveConfiguration({
    configuration: state.configuration,
    usage: state.usage,
    countryCode: data.country,
    ownerId: ctx.session.user?.id ?? null,
    savedPrice: { totalInclVat: quote.totalInclVat, currency: quote.currency, validOn: quote.validOn.date },
    now: new Date(),
    finance: savedFinance(data, quote.totalInclVat, asked),
  })
  // Saved before signing in: signing in later (in this browser) makes it the account's.
  if (!ctx.session.user) await ctx.rememberAnonymousBuild(id)
  // The finance choice made while configuring goes on to the overview and the order form.
  const query = new URLSearchParams({ saved: '1' })
  if (data.finance && asked) query.set(FINANCE_PARAMS.kind, data.finance.selected)
  return { redirect: linkTo(ctx.site, `/configurator/overview/${id}`, { query }) }
}

/**
 * The keep-offer form (with JavaScript the panel keeps the offer through the API instead): the page's address with
 * the finance choice, of which only the query counts.
 */
const KeepForm = z.object({ keep: z.string().max(2_000) })

/**
 * Keeps the finance figures the page shows as an offer, then shows the page again with it (`offer=`, "kept until").
 * Figures the page cannot compute (a choice out of range) keep nothing: the page shows its problems instead.
 */
async function keepOffer(ctx: ActionContext) {
  const form = KeepForm.safeParse(ctx.form)
  if (!form.success) throw new PageError('badRequest', 400)
  const query = new URL(form.data.keep, 'http://keep.invalid').searchParams
  query.delete('offer')
  const data = await loadConfigurator(ctx, query)
  const { state } = data.shown
  const products = await ctx.store.financeProducts(data.country)
  const product = productsFor(products ? [products] : [], data.country, state.usage, data.today).find(
    (p) => p.kind === data.finance?.selected,
  )
  if (data.finance?.summary && product && product.kind !== 'cash') {
    const offer = await keepFinanceOffer(ctx.store, {
      countryCode: data.country,
      product,
      summary: data.finance.summary,
      request: { configuration: state.configuration, choice: data.finance.choice, usage: state.usage },
    })
    query.set('offer', offer.id)
  }
  return { redirect: `${linkTo(ctx.site, `/configurator/${data.targetId}`, { query })}#finance` }
}

/** The page's two forms: save the build, or keep its finance offer. */
const configuratorAction = (ctx: ActionContext) => ('keep' in ctx.form ? keepOffer(ctx) : save(ctx))

/** `/configurator/{id}`: build a car, by model code or from a saved configuration. */
/** Whether a page's car is the model as it comes: the defaults, bought personally. */
function sameCar(state: { configuration: Configuration; usage: string }, defaults: Configuration): boolean {
  return state.usage === 'personal' && configurationKey(state.configuration) === configurationKey(defaults)
}

export default defineRoute<ConfiguratorData>({
  id: 'configurator',
  path: '/configurator/:id',
  label: 'configurator',
  namespaces: ['page.configurator', 'configurator', 'configuration', 'compare', 'price', 'facts', 'finance'],
  client: 'configurator',
  // Saving is checked by origin: an anti-forgery token would set a cookie and keep the page out of the edge cache.
  indexable: true,
  load: (ctx) => loadConfigurator(ctx, ctx.url.searchParams),
  action: configuratorAction,
  meta: (data) => {
    const { state } = data.shown
    return {
      title: 'page.configurator.heading',
      description: 'page.configurator.lead',
      values: { model: data.catalog.model.name },
      // A shared build shows this very car, and its link keeps every choice.
      car: { catalog: data.catalog, configuration: state.configuration, query: queryOf(state) },
      // The header's and the other sites' links keep the car: its choices, not the view or the country's finance.
      // The model as it comes links plainly (an empty query).
      build: { query: sameCar(state, defaultConfiguration(data.catalog, data.country)) ? '' : queryText(state) },
      ...(data.savedId ? {} : { restoresBuild: true as const }),
    }
  },
  // The configured car, built to order, at the price the page shows; its address keeps every choice.
  structuredData: (data, page) => {
    const { quote, state } = data.shown
    return jsonLd(
      carProduct({
        catalog: data.catalog,
        configuration: state.configuration,
        locale: page.site.locale,
        price: { amount: quote.totalInclVat, currency: quote.currency },
        availability: 'PreOrder',
        origin: page.origin,
        url: page.url,
      }),
    )
  },
  Page: ConfiguratorPage,
})
