import { type MouseEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import type { Configuration } from '../../domain/catalog/configuration'
import { catalogItem } from '../../domain/catalog/items'
import { type SiteCatalog, siteCatalog } from '../../domain/catalog/view'
import { missingNeeds, withChoiceAndNeeds } from '../../domain/configurator/needs'
import {
  type ChoiceField,
  type ConfiguratorState,
  choiceParam,
  queryEntries,
  queryText,
  withChoice,
} from '../../domain/configurator/url'
import { computeView } from '../../domain/configurator/view'
import { monthlyOnBasis } from '../../domain/finance/basis'
import { financeQuery } from '../../domain/finance/params'
import { catalogPricesStated, headlinePrice, optionPriceOn, type PriceBasis } from '../../domain/pricing/display'
import { ruleSetValidOn } from '../../domain/pricing/valid-on'
import { formatMoney } from '../../i18n/formats'
import { linkTo } from '../../i18n/links'
import type { CarView } from '../car'
import { carImagePath } from '../car/image-path'
import { FinancePanel } from '../finance/FinancePanel'
import { useT } from '../intl-context'
import { useSiteContext } from '../site-context'
import { carLook, useCarLabel } from './car-look'
import { DEFAULT_CAR_VIEW } from './car-view'
import type { ConfiguratorData } from './model'
import { PriceSummary } from './PriceSummary'
import { CarStage } from './parts/CarStage'
import { ChoiceStep, type StepOption, StepSection } from './parts/ChoiceStep'
import { isPlainClick, selectWithSpace } from './parts/events'
import { PriceBar } from './parts/PriceBar'
import { VersionComparison } from './parts/VersionComparison'
import { useVisitBuild } from './use-visit-build'

/** The address's view parameter: none for the front three-quarter view. */
const viewQuery = (next: CarView) => ({ view: next === DEFAULT_CAR_VIEW ? '' : next })

/**
 * The page's state and the address that follows it: the car as requested and as built, its view, the finance choice
 * and the step of the last choice, with the taps that change them. Every choice is also a link, so the address is
 * what a reload or a shared link shows.
 */
function useConfigurator(data: ConfiguratorData) {
  const { site } = useSiteContext()
  const [requested, setRequested] = useState<ConfiguratorState>(data.requested)
  const [previous, setPrevious] = useState<Configuration>(data.previous)
  const [view, setView] = useState(data.view)
  const [finance, setFinance] = useState(data.finance)
  const [lastChoice, setLastChoice] = useState<ChoiceField | null>(data.choseField ?? null)
  // The route's load computed the first view; the browser computes each one after it.
  const result = useMemo(
    () =>
      requested === data.requested && previous === data.previous ? data.shown : computeView(data, requested, previous),
    [data, requested, previous],
  )
  const { state, quote } = result
  const base = `/configurator/${data.targetId}`
  // The finance choice travels with the car: in the address, in every choice's link and in what is saved.
  const financeParams = finance ? financeQuery(finance, quote.currency) : {}
  // Later names replace earlier ones in place, as URLSearchParams's `set` would (a finance product's link replaces the
  // product); none of them is one of the car's.
  const hrefFor = (next: ConfiguratorState, extra: Record<string, string> = {}) => {
    const more: Record<string, string> = { ...financeParams, ...extra }
    if (view !== DEFAULT_CAR_VIEW && !('view' in extra)) more.view = view
    return linkTo(site, base, { query: queryText(next, Object.entries(more)) })
  }

  const choose = (field: ChoiceField, code: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return
    event.preventDefault()
    const candidate = {
      configuration: withChoiceAndNeeds(data.catalog, state.configuration, field, code),
      usage: state.usage,
    }
    setLastChoice(field)
    setPrevious(state.configuration)
    setRequested(candidate)
    const next = computeView(data, candidate, state.configuration)
    window.history.replaceState(null, '', hrefFor(next.state))
  }

  const setUsage = (usage: 'personal' | 'business') => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return
    event.preventDefault()
    setPrevious(state.configuration)
    setRequested({ configuration: state.configuration, usage })
    // The other usage's products; a product it does not offer gives way to that usage's first product, as the
    // server would choose it (never one the finance API refuses for this usage).
    const products = data.financeByUsage?.[usage]
    if (finance && products) {
      const offered = products.some((p) => p.kind === finance.selected)
      const fallback = products.find((p) => p.kind !== 'cash')?.kind ?? 'cash'
      setFinance({
        ...finance,
        products,
        ...(offered ? {} : { selected: fallback, choice: {}, summary: null, problems: [], comparison: [] }),
      })
    }
    window.history.replaceState(null, '', hrefFor({ ...state, usage }))
  }

  const switchView = (next: CarView) => {
    setView(next)
    window.history.replaceState(null, '', hrefFor(state, viewQuery(next)))
  }

  // With JavaScript the finance panel changes in place: keep the address in step, so a reload or a shared
  // link keeps the product, term, mileage and down payment.
  const financeAddress = finance ? JSON.stringify(financeParams) : ''
  const financeLoaded = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address follows the finance choice only
  useEffect(() => {
    if (!financeLoaded.current) {
      financeLoaded.current = true
      return
    }
    window.history.replaceState(null, '', hrefFor(state))
  }, [financeAddress])

  // The car follows the visitor for the visit: the tab keeps it, the header's and the other sites' links follow it.
  useVisitBuild(queryText(state))
  return { ...result, view, finance, setFinance, lastChoice, hrefFor, choose, setUsage, switchView }
}

type PageState = ReturnType<typeof useConfigurator>

/**
 * A configurator page: every choice is a link to the configurator with that choice in the
 * address, so it works without JavaScript; with it, a tap re-prices in place and only the
 * address changes. The car stands on a large stage (sticky while choosing), the steps beside it on a
 * desktop and under it on a phone, the price summary and finance after them.
 */
export function ConfiguratorPage({ data }: { data: ConfiguratorData }) {
  const t = useT()
  const { site } = useSiteContext()
  const page = useConfigurator(data)
  const { state, notes, quote, delivery, view, finance, hrefFor } = page
  const catalog = siteCatalog(data.catalog, data.country, site.locale)
  const label = useCarLabel(data.catalog, state.configuration, view)
  const money = (amount: number) => formatMoney({ amount, currency: quote.currency }, site.locale)
  // One basis for the whole page: a business buyer sees net prices on the cards, the headline, the bar and the summary.
  const headline = headlinePrice(quote)
  const ruleSet = ruleSetValidOn(data.rules, quote.validOn.date)
  // A card's price is what the item adds to this build (under Norway's VAT threshold, with the VAT it brings).
  const cardPrice = (code: string, amount: number) =>
    ruleSet ? optionPriceOn(ruleSet, data.catalog, quote, code, headline.basis) : amount

  if (!catalog) return null
  const monthly = finance?.summary ? monthlyOnBasis(finance.summary, headline.basis) : null
  // The monthly payment on the page's basis, as the price bar shows and announces it.
  const monthlyText = monthly?.amount
    ? monthly.exclVat
      ? t('configurator.price.orMonthlyExclVat', { amount: money(monthly.amount) })
      : t('configurator.price.orMonthly', { amount: t('finance.unit.perMonth', { amount: money(monthly.amount) }) })
    : null
  // What the rules changed is explained in the step of the choice that caused it, where the customer is
  // looking (and where a link without JavaScript lands); a change without such a choice goes to the top.
  const notesBlock =
    notes.length > 0 ? (
      <div className="notice" role="status" aria-labelledby="changes-title">
        <h2 id="changes-title">{t('configurator.notes.heading')}</h2>
        <ul>
          {notes.map((note) => (
            <li key={`${note.field}-${note.from}`}>
              {t(note.messageKey, {
                option: catalogItem(data.catalog, note.from)?.names[site.locale] ?? note.from,
                related: note.relatedCode
                  ? (catalogItem(data.catalog, note.relatedCode)?.names[site.locale] ?? '')
                  : '',
              })}
            </li>
          ))}
        </ul>
      </div>
    ) : null
  const notesAt = notes.length > 0 ? page.lastChoice : null
  return (
    <article className="configurator">
      <h1 className="page__heading">{t('page.configurator.heading', { model: catalog.modelName })}</h1>
      {data.savedNoLongerBuildable ? (
        <div className="notice" role="alert">
          <p>{t('configurator.restore.message')}</p>
          <a className="button button--primary" href={hrefFor(state)} rel="nofollow">
            {t('configurator.restore.confirm')}
          </a>
        </div>
      ) : null}
      {notesAt === null ? notesBlock : null}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: delegates Space to the choice links inside; the div itself takes no focus */}
      <div className="configurator__grid" onKeyDown={selectWithSpace}>
        <div className="configurator__build">
          <CarStage
            look={carLook(data.catalog, state.configuration)}
            view={view}
            label={label}
            hrefFor={(each) => hrefFor(state, viewQuery(each))}
            onView={page.switchView}
          />
          <ConfiguratorSteps
            data={data}
            catalog={catalog}
            page={page}
            money={money}
            cardPrice={cardPrice}
            headline={headline}
            cardBasis={ruleSet ? catalogPricesStated(ruleSet, headline.basis) : null}
            notes={(field) => (notesAt === field ? notesBlock : null)}
            monthly={monthlyText}
          />
        </div>
        <aside className="configurator__summary" aria-labelledby="summary-title">
          <h2 id="summary-title" className="visually-hidden" tabIndex={-1}>
            {t('configurator.summary')}
          </h2>
          <PriceSummary catalog={data.catalog} quote={quote} delivery={delivery} configurationId={data.savedId} />
          {finance ? (
            <FinancePanel
              finance={finance}
              onChange={page.setFinance}
              currency={quote.currency}
              request={{ site: site.prefix, usage: state.usage, configuration: state.configuration }}
              basis={headline.basis}
              hidden={Object.fromEntries(queryEntries(state))}
              hrefFor={(next) => `${hrefFor(state, financeQuery(next, quote.currency))}#finance`}
            />
          ) : null}
          <form method="post" className="configurator__save">
            <input
              type="hidden"
              name="configuration"
              value={new URL(hrefFor(state), 'http://x').searchParams.toString()}
            />
            <button className="button button--primary" type="submit">
              {t('configurator.save')}
            </button>
          </form>
        </aside>
      </div>
      <VersionComparison data={data} price={(code, amount) => money(cardPrice(code, amount))} />
    </article>
  )
}

/**
 * The steps beside the car: each choice a card with its link, its price on the page's basis and what it needs; the
 * usage; and the price bar that stays in view while choosing.
 */
function ConfiguratorSteps({
  data,
  catalog,
  page,
  money,
  cardPrice,
  headline,
  cardBasis,
  notes,
  monthly,
}: {
  data: ConfiguratorData
  catalog: SiteCatalog
  page: PageState
  money: (amount: number) => string
  cardPrice: (code: string, amount: number) => number
  headline: { basis: PriceBasis; amount: number }
  /** The basis the cards' prices are stated on, when the site says it. */
  cardBasis: PriceBasis | null
  /** The change notes to show in a step: those of the choice that caused them. */
  notes: (field: ChoiceField) => ReactNode
  /** The monthly payment on the page's basis, when finance is chosen. */
  monthly: string | null
}) {
  const t = useT()
  const { site } = useSiteContext()
  const { state, quote, hrefFor, setUsage } = page
  const version = catalog.versions.find((v) => v.code === state.configuration.versionCode)
  const standardPacks = new Set(version?.standardPackCodes ?? [])
  /** A choice's card: its link (with the choice in the address), its price on the page's basis, its state. */
  const option = (
    field: ChoiceField,
    item: { code: string; name: string; price: number },
    extra: Partial<StepOption> = {},
  ): StepOption => {
    const current = state.configuration[field]
    const candidate = {
      configuration: withChoiceAndNeeds(data.catalog, state.configuration, field, item.code),
      usage: state.usage,
    }
    // What the option needs and the car lacks: the tile says so, with its price, and its link takes it along.
    // (A chosen option has what it needs: reconcile takes back one that lacks it.)
    const needs = missingNeeds(data.catalog, state.configuration, item.code)
    const needsPrice = needs.reduce((sum, each) => sum + cardPrice(each.code, each.prices[data.country] ?? 0), 0)
    return {
      code: item.code,
      name: item.name,
      price:
        field === 'versionCode'
          ? money(cardPrice(item.code, item.price))
          : item.price > 0
            ? t('configurator.priceAdd', { price: money(cardPrice(item.code, item.price)) })
            : t('configurator.noExtraCost'),
      selected: Array.isArray(current) ? current.includes(item.code) : current === item.code,
      href: `${hrefFor(candidate, { chose: choiceParam({ field, code: item.code }) })}#choose-${field}`,
      needs: needs.length
        ? t('configurator.needs', {
            items: needs.map((each) => each.names[site.locale] ?? each.code).join(', '),
            price: money(needsPrice),
          })
        : '',
      ...extra,
    }
  }
  const stepProps = (field: ChoiceField) => ({ field, onChoose: page.choose, notes: notes(field) })
  const versions = catalog.versions.map((v) =>
    option('versionCode', v, { detail: t('compare.rangeValue', { km: Number(v.facts.rangeKmWltp ?? 0) }) }),
  )
  const paints = catalog.paints
    .filter((p) => version?.allowed.paintCodes.includes(p.code))
    .map((p) => option('paintCode', p, { swatch: p.facts.colours as string[] }))
  const wheelPicture = (code: string) => carImagePath(withChoice(state.configuration, 'wheelCode', code), 'wheel')
  const wheels = catalog.wheels
    .filter((w) => version?.allowed.wheelCodes.includes(w.code))
    .map((w) => option('wheelCode', w, { detail: String(w.facts.tyreSize ?? ''), picture: wheelPicture(w.code) }))
  const interiors = catalog.interiors
    .filter((i) => version?.allowed.interiorCodes.includes(i.code))
    .map((i) => option('interiorCode', i, { swatch: i.facts.colours as string[] }))
  const packs = catalog.packs
    .filter((p) => version?.allowed.packCodes.includes(p.code) || standardPacks.has(p.code))
    .map((p) => option('packCodes', p, { detail: String(p.facts.contents ?? ''), standard: standardPacks.has(p.code) }))
  const accessories = catalog.accessories.map((a) => option('accessoryCodes', a))
  return (
    <div className="configurator__steps">
      {!quote.orderable ? (
        <p className="configurator__basis">{t('price.indicative.caption')}</p>
      ) : cardBasis ? (
        <p className="configurator__basis">
          {t(cardBasis === 'exclVat' ? 'price.basis.exclVat' : 'price.basis.inclVat')}
        </p>
      ) : null}
      <ChoiceStep {...stepProps('versionCode')} title="configurator.step.version" options={versions} />
      <StepSection id="exterior" title="configurator.section.exterior">
        <ChoiceStep {...stepProps('paintCode')} grouped title="configurator.step.paint" options={paints} />
        <ChoiceStep {...stepProps('wheelCode')} grouped title="configurator.step.wheels" options={wheels} />
      </StepSection>
      <ChoiceStep {...stepProps('interiorCode')} title="configurator.step.interior" options={interiors} />
      <StepSection id="options" title="configurator.section.options">
        <ChoiceStep {...stepProps('packCodes')} grouped multiple title="configurator.step.options" options={packs} />
        <ChoiceStep
          {...stepProps('accessoryCodes')}
          grouped
          multiple
          title="configurator.step.accessories"
          options={accessories}
        />
      </StepSection>
      <StepSection id="usage" title="configurator.usage.label">
        <nav className="segmented" aria-labelledby="step-usage">
          {(['personal', 'business'] as const).map((usage) => (
            <a
              key={usage}
              href={hrefFor({ ...state, usage })}
              aria-current={state.usage === usage ? 'true' : undefined}
              rel="nofollow"
              onClick={setUsage(usage)}
            >
              {t(`configurator.usage.${usage}`)}
            </a>
          ))}
        </nav>
      </StepSection>
      <PriceBar
        orderable={quote.orderable}
        basis={headline.basis}
        amount={money(headline.amount)}
        monthly={monthly}
        announcement={`${t('configurator.price.total')} ${money(quote.totalInclVat)} ${monthly ?? ''}`}
      />
    </div>
  )
}
