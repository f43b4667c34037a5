import { type KeyboardEvent, type MouseEvent, useEffect, useMemo, useRef, useState } from 'react'
import type { Configuration } from '../../domain/catalog/configuration'
import { catalogItem } from '../../domain/catalog/items'
import { siteCatalog } from '../../domain/catalog/view'
import {
  type ChoiceField,
  type ConfiguratorState,
  choiceParam,
  queryOf,
  withChoice,
} from '../../domain/configurator/url'
import { monthlyOnBasis } from '../../domain/finance/basis'
import { formatMoney } from '../../domain/money'
import { catalogPriceOn, catalogPricesStated, headlinePrice } from '../../domain/pricing/display'
import { ruleSetValidOn } from '../../domain/pricing/valid-on'
import type { MessageKey } from '../../i18n/intl'
import { linkTo } from '../../i18n/links'
import { CAR_VIEWS, CarPicture, type CarView } from '../car'
import { FinancePanel, financeQuery } from '../finance/FinancePanel'
import { useT } from '../intl-context'
import { useRenderContext } from '../site-context'
import { carLook, useCarLabel } from './car-look'
import { DEFAULT_CAR_VIEW } from './car-view'
import { type ConfiguratorData, computeView } from './model'
import { PriceSummary } from './PriceSummary'

interface StepOption {
  code: string
  name: string
  price: number
  swatch?: readonly string[]
  detail?: string
}

/**
 * A configurator page: every choice is a link to the configurator with that choice in the
 * address, so it works without JavaScript; with it, a tap re-prices in place and only the
 * address changes.
 */
/** How long the figures must stay unchanged before they are announced: the finance figures follow the price. */
const ANNOUNCE_AFTER_MS = 1200

/**
 * Says a changed price once, with the new figures: the total changes at once and the monthly payment a
 * moment later (from the finance API), so the announcement waits until both have settled. Nothing is said
 * on load.
 */
function PriceAnnouncement({ text }: { text: string }) {
  const [said, setSaid] = useState('')
  const loaded = useRef(false)
  useEffect(() => {
    if (!loaded.current) {
      loaded.current = true
      return
    }
    const timer = setTimeout(() => setSaid(text), ANNOUNCE_AFTER_MS)
    return () => clearTimeout(timer)
  }, [text])
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {said}
    </p>
  )
}

/**
 * A choice is a link (so it works without JavaScript), but it behaves like a radio button: Space selects it,
 * as it would a radio, instead of scrolling the page.
 */
function selectWithSpace(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== ' ' || event.altKey || event.ctrlKey || event.metaKey) return
  const target = event.target as HTMLElement
  if (target.tagName !== 'A' || !target.closest('.choices, .segmented')) return
  event.preventDefault()
  target.click()
}

export function ConfiguratorPage({ data }: { data: ConfiguratorData }) {
  const t = useT()
  const { site } = useRenderContext()
  const [requested, setRequested] = useState<ConfiguratorState>(data.requested)
  const [previous, setPrevious] = useState<Configuration>(data.previous)
  const [view, setView] = useState(data.view)
  const [finance, setFinance] = useState(data.finance)
  const [lastChoice, setLastChoice] = useState<ChoiceField | null>(data.choseField ?? null)
  const result = useMemo(() => computeView(data, requested, previous), [data, requested, previous])
  const { state, notes, quote, delivery } = result
  const catalog = siteCatalog(data.catalog, data.country, site.locale)
  const label = useCarLabel(data.catalog, state.configuration, view)
  const money = (amount: number) => formatMoney({ amount, currency: quote.currency }, site.locale)
  const base = `/configurator/${data.targetId}`
  // One basis for the whole page: a business buyer sees net prices on the cards, the headline, the bar and the summary.
  const headline = headlinePrice(quote)
  const ruleSet = ruleSetValidOn(data.rules, quote.validOn.date)
  const cardPrice = (amount: number) => (ruleSet ? catalogPriceOn(ruleSet, amount, headline.basis) : amount)
  const cardBasis = ruleSet ? catalogPricesStated(ruleSet, headline.basis) : null
  const monthly = finance?.summary ? monthlyOnBasis(finance.summary, headline.basis) : null

  const hrefFor = (next: ConfiguratorState, extra: Record<string, string> = {}) => {
    const query = queryOf(next)
    // The finance choice travels with the car: in the address, in every choice's link and in what is saved.
    if (finance) for (const [key, value] of Object.entries(financeQuery(finance, quote.currency))) query.set(key, value)
    for (const [key, value] of Object.entries(extra)) query.set(key, value)
    if (view !== DEFAULT_CAR_VIEW && !('view' in extra)) query.set('view', view)
    return linkTo(site, base, { query })
  }

  const choose = (field: ChoiceField, code: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    const candidate = { configuration: withChoice(state.configuration, field, code), usage: state.usage }
    setLastChoice(field)
    setPrevious(state.configuration)
    setRequested(candidate)
    const next = computeView(data, candidate, state.configuration)
    window.history.replaceState(null, '', hrefFor(next.state))
  }

  const setUsage = (usage: 'personal' | 'business') => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
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

  const viewQuery = (next: CarView) => ({ view: next === DEFAULT_CAR_VIEW ? '' : next })
  const switchView = (next: CarView) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    setView(next)
    window.history.replaceState(null, '', hrefFor(state, viewQuery(next)))
  }

  // With JavaScript the finance panel changes in place: keep the address in step, so a reload or a shared
  // link keeps the product, term, mileage and down payment.
  const financeAddress = finance ? JSON.stringify(financeQuery(finance, quote.currency)) : ''
  const financeLoaded = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address follows the finance choice only
  useEffect(() => {
    if (!financeLoaded.current) {
      financeLoaded.current = true
      return
    }
    window.history.replaceState(null, '', hrefFor(state))
  }, [financeAddress])

  if (!catalog) return null
  const version = catalog.versions.find((v) => v.code === state.configuration.versionCode)
  const standardPacks = new Set(version?.standardPackCodes ?? [])

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
  const notesAt = notes.length > 0 ? lastChoice : null

  const step = (field: ChoiceField, title: MessageKey, options: StepOption[], multiple = false) => (
    <section className="step" aria-labelledby={`step-${field}`} id={`choose-${field}`}>
      <h2 id={`step-${field}`} className="step__title">
        {t(title)}
      </h2>
      {notesAt === field ? notesBlock : null}
      <ul className={`choices${options.some((o) => o.swatch) ? ' choices--swatches' : ''}`}>
        {options.map((option) => {
          const current = state.configuration[field]
          const selected = Array.isArray(current) ? current.includes(option.code) : current === option.code
          const standard = field === 'packCodes' && standardPacks.has(option.code)
          const candidate = { configuration: withChoice(state.configuration, field, option.code), usage: state.usage }
          return (
            <li key={option.code}>
              {standard ? (
                <span className="choice choice--standard" aria-disabled="true">
                  <span className="choice__name">{option.name}</span>
                  <span className="choice__price">{t('configurator.standard')}</span>
                </span>
              ) : (
                <a
                  className="choice"
                  href={`${hrefFor(candidate, { chose: choiceParam({ field, code: option.code }) })}#choose-${field}`}
                  aria-current={selected ? 'true' : undefined}
                  onClick={choose(field, option.code)}
                >
                  {option.swatch ? (
                    <span className="choice__swatch" aria-hidden="true">
                      {option.swatch.map((colour) => (
                        <svg key={colour} viewBox="0 0 10 10" focusable="false" aria-hidden="true">
                          <rect width="10" height="10" fill={colour} />
                        </svg>
                      ))}
                    </span>
                  ) : null}
                  <span className="choice__name">{option.name}</span>
                  {option.detail ? <span className="choice__detail">{option.detail}</span> : null}
                  <span className="choice__price">
                    {field === 'versionCode'
                      ? money(cardPrice(option.price))
                      : option.price > 0
                        ? t('configurator.priceAdd', { price: money(cardPrice(option.price)) })
                        : t('configurator.noExtraCost')}
                  </span>
                  <span className="choice__state">
                    {selected ? t(multiple ? 'configurator.added' : 'configurator.selected') : ''}
                  </span>
                </a>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )

  return (
    <article className="configurator">
      <h1 className="page__heading">{t('page.configurator.heading', { model: catalog.modelName })}</h1>
      {data.savedNoLongerBuildable ? (
        <div className="notice" role="alert">
          <p>{t('configurator.restore.message')}</p>
          <a className="button button--primary" href={hrefFor(state)}>
            {t('configurator.restore.confirm')}
          </a>
        </div>
      ) : null}
      {notesAt === null ? notesBlock : null}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: delegates Space to the choice links inside; the div itself takes no focus */}
      <div className="configurator__grid" onKeyDown={selectWithSpace}>
        <div className="configurator__stage">
          <CarPicture look={carLook(data.catalog, state.configuration)} view={view} label={label} live />
          <nav className="segmented car-views" aria-label={t('configurator.view.label')}>
            {CAR_VIEWS.map((each) => (
              <a
                key={each}
                href={hrefFor(state, viewQuery(each))}
                aria-current={view === each ? 'true' : undefined}
                onClick={switchView(each)}
              >
                {t(`configurator.view.${each}`)}
              </a>
            ))}
          </nav>
        </div>
        <div className="configurator__steps">
          {!quote.orderable ? (
            <p className="configurator__basis">{t('price.indicative.caption')}</p>
          ) : cardBasis ? (
            <p className="configurator__basis">
              {t(cardBasis === 'exclVat' ? 'price.basis.exclVat' : 'price.basis.inclVat')}
            </p>
          ) : null}
          {step(
            'versionCode',
            'configurator.step.version',
            catalog.versions.map((v) => ({
              code: v.code,
              name: v.name,
              price: v.price,
              detail: t('compare.rangeValue', { km: Number(v.facts.rangeKmWltp ?? 0) }),
            })),
          )}
          {step(
            'paintCode',
            'configurator.step.paint',
            catalog.paints
              .filter((p) => version?.allowed.paintCodes.includes(p.code))
              .map((p) => ({ code: p.code, name: p.name, price: p.price, swatch: p.facts.colours as string[] })),
          )}
          {step(
            'wheelCode',
            'configurator.step.wheels',
            catalog.wheels
              .filter((w) => version?.allowed.wheelCodes.includes(w.code))
              .map((w) => ({ code: w.code, name: w.name, price: w.price, detail: String(w.facts.tyreSize ?? '') })),
          )}
          {step(
            'interiorCode',
            'configurator.step.interior',
            catalog.interiors
              .filter((i) => version?.allowed.interiorCodes.includes(i.code))
              .map((i) => ({ code: i.code, name: i.name, price: i.price, swatch: i.facts.colours as string[] })),
          )}
          {step(
            'packCodes',
            'configurator.step.options',
            catalog.packs
              .filter((p) => version?.allowed.packCodes.includes(p.code) || standardPacks.has(p.code))
              .map((p) => ({ code: p.code, name: p.name, price: p.price, detail: String(p.facts.contents ?? '') })),
            true,
          )}
          {step(
            'accessoryCodes',
            'configurator.step.accessories',
            catalog.accessories.map((a) => ({ code: a.code, name: a.name, price: a.price })),
            true,
          )}
          <section className="step" aria-labelledby="step-usage">
            <h2 id="step-usage" className="step__title">
              {t('configurator.usage.label')}
            </h2>
            <nav className="segmented" aria-labelledby="step-usage">
              {(['personal', 'business'] as const).map((usage) => (
                <a
                  key={usage}
                  href={hrefFor({ ...state, usage })}
                  aria-current={state.usage === usage ? 'true' : undefined}
                  onClick={setUsage(usage)}
                >
                  {t(`configurator.usage.${usage}`)}
                </a>
              ))}
            </nav>
          </section>
          <div className="price-bar">
            <p className="price-bar__total">
              <span className="price-bar__label">
                {t(
                  !quote.orderable
                    ? 'price.indicative.label'
                    : headline.basis === 'exclVat'
                      ? 'configurator.price.totalExclVat'
                      : 'configurator.price.total',
                )}
              </span>{' '}
              <span className="price-bar__amount">{money(headline.amount)}</span>
              {monthly?.exclVat ? (
                <span className="price-bar__monthly">
                  {' '}
                  {t('configurator.price.orMonthlyExclVat', { amount: money(monthly.amount) })}
                </span>
              ) : monthly?.amount ? (
                <span className="price-bar__monthly">
                  {' '}
                  {t('configurator.price.orMonthly', {
                    amount: t('finance.unit.perMonth', { amount: money(monthly.amount) }),
                  })}
                </span>
              ) : null}
            </p>
            <a href="#summary-title">{t('configurator.price.details')}</a>
            <PriceAnnouncement
              text={[
                `${t('configurator.price.total')} ${money(quote.totalInclVat)}`,
                finance?.summary?.monthlyPayment
                  ? t('configurator.price.orMonthly', {
                      amount: t('finance.unit.perMonth', { amount: money(finance.summary.monthlyPayment) }),
                    })
                  : '',
              ].join(' ')}
            />
          </div>
        </div>
        <aside className="configurator__summary" aria-labelledby="summary-title">
          <h2 id="summary-title" className="visually-hidden" tabIndex={-1}>
            {t('configurator.summary')}
          </h2>
          <PriceSummary catalog={data.catalog} quote={quote} delivery={delivery} configurationId={data.savedId} />
          {finance ? (
            <FinancePanel
              finance={finance}
              onChange={setFinance}
              currency={quote.currency}
              request={{ site: site.prefix, usage: state.usage, configuration: state.configuration }}
              basis={headline.basis}
              hidden={Object.fromEntries(queryOf(state))}
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
      <VersionComparison data={data} price={(amount) => money(cardPrice(amount))} />
    </article>
  )
}

/** Versions side by side: range, battery, consumption, charging, price and standard equipment. */
function VersionComparison({ data, price }: { data: ConfiguratorData; price: (amount: number) => string }) {
  const t = useT()
  const { site } = useRenderContext()
  const catalog = siteCatalog(data.catalog, data.country, site.locale)
  if (!catalog) return null
  const versions = data.catalog.versions.filter((v) => v.prices[data.country] !== undefined)
  const name = (code: string) => catalogItem(data.catalog, code)?.names[site.locale] ?? code
  const rows: { label: MessageKey; cell: (v: (typeof versions)[number]) => string }[] = [
    { label: 'compare.range', cell: (v) => t('compare.rangeValue', { km: v.facts.rangeKmWltp }) },
    { label: 'compare.battery', cell: (v) => t('facts.batteryValue', { kwh: v.facts.batteryKwh }) },
    {
      label: 'compare.consumption',
      cell: (v) =>
        t('compare.consumptionValue', {
          min: v.facts.consumptionKwhPer100km.min,
          max: v.facts.consumptionKwhPer100km.max,
        }),
    },
    {
      label: 'compare.charging',
      cell: (v) =>
        t('compare.chargingValue', {
          ac: v.facts.acChargingKw,
          from: v.facts.fastCharging.fromPercent,
          to: v.facts.fastCharging.toPercent,
          minutes: v.facts.fastCharging.minutes,
        }),
    },
    {
      label: 'compare.price',
      cell: (v) => price(v.prices[data.country] ?? 0),
    },
    {
      label: 'compare.equipment',
      cell: (v) => (v.standardPackCodes.length ? v.standardPackCodes.map(name).join(', ') : t('compare.none')),
    },
  ]
  return (
    <section className="compare" aria-labelledby="compare-title">
      <h2 id="compare-title">{t('compare.heading')}</h2>
      {/* Scrolls sideways on a narrow phone: focusable, so the keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1) */}
      <div className="compare__scroll" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <td />
              {versions.map((v) => (
                <th key={v.code} scope="col">
                  {name(v.code)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{t(row.label)}</th>
                {versions.map((v) => (
                  <td key={v.code}>{row.cell(v)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="disclaimer">{t('configurator.disclaimer')}</p>
    </section>
  )
}
