import { useEffect, useState } from 'react'
import type { Configuration } from '../../domain/catalog/configuration'
import type { DeliveryWindow } from '../../domain/catalog/delivery'
import { catalogItem } from '../../domain/catalog/items'
import type { Catalog } from '../../domain/catalog/schema'
import type { ChosenFinance } from '../../domain/finance/chosen'
import type { FinanceKind } from '../../domain/finance/products'
import type { Requoted } from '../../domain/finance/requote'
import type { MobilityMessage } from '../../domain/legal/energy'
import { priceChange } from '../../domain/pricing/change'
import { headlinePrice } from '../../domain/pricing/display'
import type { PriceQuote } from '../../domain/pricing/engine'
import { formatMoney } from '../../i18n/formats'
import type { MessageKey } from '../../i18n/intl'
import { homeUrl, linkTo } from '../../i18n/links'
import { CountdownControl, useStoppableCountdown } from '../Countdown'
import { CarPicture } from '../car'
import { FinanceTerms } from '../finance/FinanceTerms'
import { FormMessage } from '../form'
import { useT } from '../intl-context'
import { KeptHtml } from '../KeptHtml'
import { useSiteContext } from '../site-context'
import { carLook, useCarLabel } from './car-look'
import { PriceSummary } from './PriceSummary'

export interface OverviewData {
  id: string
  catalog: Catalog
  configuration: Configuration
  quote: PriceQuote
  delivery: DeliveryWindow
  savedPrice: { totalInclVat: number; currency: string; validOn: string } | null
  /** Reached right after saving: the SPEC's countdown home runs, with a way to stay. */
  justSaved: boolean
  /** How the visitor chose to pay while configuring, passed on to the order form; null when not chosen. */
  financeKind?: FinanceKind | null
  /** The finance offer of that choice, as kept with the build or quoted anew (then with what changed). */
  finance?: { chosen: ChosenFinance; requoted: Requoted | null; creditWarning: boolean } | null
  /** The version's specifications as messages (label, value and its figures), chosen by the route. */
  specs: OverviewSpec[]
  /** France: the mobility message of the day, shown with the advertised car; null elsewhere. */
  mobility?: MobilityMessage | null
}

export interface OverviewSpec {
  term: MessageKey
  value: MessageKey
  values?: Record<string, string | number>
}

/** Seconds before the overview reached right after saving goes home (SPEC §2), unless the visitor stays. */
export const OVERVIEW_REDIRECT_SECONDS = 10

function SavedNotice() {
  const t = useT()
  const { site, page } = useSiteContext()
  const countdown = useStoppableCountdown(OVERVIEW_REDIRECT_SECONDS, homeUrl(site, page.officialUrl))
  return (
    <div className="notice">
      <p role="status">{t('overview.saved')}</p>
      <CountdownControl countdown={countdown} notice="overview.countdown" stay="overview.stay" />
    </div>
  )
}

function Share({ url }: { url: string }) {
  const t = useT()
  const [canShare, setCanShare] = useState(false)
  const [copied, setCopied] = useState(false)
  useEffect(() => setCanShare(true), [])
  const share = async () => {
    if (typeof navigator.share === 'function' && window.matchMedia('(max-width: 750px)').matches) {
      await navigator.share({ url }).catch(() => {})
      return
    }
    await navigator.clipboard.writeText(url)
    setCopied(true)
  }
  return (
    <section className="share" aria-labelledby="share-title">
      <h2 id="share-title">{t('overview.share')}</h2>
      <label htmlFor="share-url">{t('overview.shareLink')}</label>
      <input id="share-url" type="url" readOnly value={url} />
      {canShare ? (
        <button className="button" type="button" onClick={share}>
          {t('overview.share')}
        </button>
      ) : null}
      <p aria-live="polite">{copied ? t('overview.copied') : ''}</p>
    </section>
  )
}

/**
 * `/configurator/overview/{id}`: the saved car large on the stage, its price and the next steps beside it
 * (under it on a phone), then the configuration and the specifications as spec lists, and sharing.
 */
export function OverviewPage({ data }: { data: OverviewData }) {
  const t = useT()
  const { site, page } = useSiteContext()
  const { catalog, configuration, quote } = data
  const name = (code: string) => catalogItem(catalog, code)?.names[site.locale] ?? code
  const version = catalog.versions.find((v) => v.code === configuration.versionCode)
  const label = useCarLabel(catalog, configuration)
  const money = (amount: number) => formatMoney({ amount, currency: quote.currency }, site.locale)
  const change =
    data.savedPrice && data.savedPrice.currency === quote.currency
      ? priceChange(data.savedPrice.totalInclVat, quote.totalInclVat)
      : null
  const steps: { path: string; label: MessageKey }[] = site.canOrder
    ? [
        { path: `/pre-order/${data.id}/${configuration.modelCode}`, label: 'overview.order' },
        {
          path: `/configurator/info-submission/${data.id}${data.financeKind ? `?finance=${data.financeKind}` : ''}`,
          label: 'overview.reserve',
        },
        { path: `/configurator/test-drive-submission/${data.id}`, label: 'overview.testDrive' },
        { path: `/configurator/test-drive-submission/quote/${data.id}`, label: 'overview.quote' },
      ]
    : []
  const choices: [MessageKey, string][] = [
    ['configurator.step.version', name(configuration.versionCode)],
    ['configurator.step.paint', name(configuration.paintCode)],
    ['configurator.step.wheels', name(configuration.wheelCode)],
    ['configurator.step.interior', name(configuration.interiorCode)],
    [
      'configurator.step.options',
      [...(version?.standardPackCodes ?? []), ...configuration.packCodes].map(name).join(', ') || t('compare.none'),
    ],
    ['configurator.step.accessories', configuration.accessoryCodes.map(name).join(', ') || '–'],
  ]
  if (data.financeKind) choices.push(['overview.finance', t(`finance.product.${data.financeKind}` as const)])
  const specs = data.specs.map(({ term, value, values }): [MessageKey, string] => [term, t(value, values)])
  const list = (id: string, title: MessageKey, rows: [MessageKey, string][]) => (
    <section aria-labelledby={id}>
      <h2 id={id}>{t(title)}</h2>
      <dl className="spec-list">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{t(term)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
  return (
    <article className="overview">
      <h1 className="page__heading">{t('page.overview.heading', { model: catalog.model.name })}</h1>
      {data.justSaved ? <SavedNotice /> : null}
      {change && change.direction !== 'same' ? (
        <FormMessage kind="error">
          {t('overview.priceChanged', { saved: money(change.saved), current: money(change.current) })}
        </FormMessage>
      ) : null}
      <div className="overview__grid">
        <div className="overview__stage">
          <CarPicture look={carLook(catalog, configuration)} view="front" label={label} />
        </div>
        <aside className="overview__summary" aria-labelledby="overview-price">
          <h2 id="overview-price">{t('overview.price')}</h2>
          <PriceSummary catalog={catalog} quote={quote} delivery={data.delivery} configurationId={data.id} />
          <nav className="next-steps" aria-label={t('overview.nextSteps')}>
            <ul>
              {steps.map((step, i) => (
                <li key={step.path}>
                  <a className={`button${i === 0 ? ' button--primary' : ''}`} href={linkTo(site, step.path)}>
                    {t(step.label)}
                  </a>
                </li>
              ))}
              <li>
                <a href={linkTo(site, `/configurator/${data.id}`)}>{t('overview.edit')}</a>
              </li>
            </ul>
          </nav>
          {/* The offer as kept or quoted anew, after the next steps so that they stay in the first screen. Nothing in
              the browser changes it, so its code stays on the server. */}
          {!data.finance ? null : import.meta.env.SSR ? (
            <FinanceTerms
              finance={data.finance.chosen}
              requoted={data.finance.requoted}
              basis={headlinePrice(quote).basis}
              headingLevel={3}
              id="overview-finance"
              creditWarning={data.finance.creditWarning}
            />
          ) : (
            <KeptHtml as="section" className="finance-terms" aria-labelledby="overview-finance" />
          )}
          {/* The address to share is on the official origin, whichever host served this page. */}
          <Share url={`${page.officialUrl.replace(/\/$/, '')}${linkTo(site, `/configurator/${data.id}`)}`} />
        </aside>
        <div className="overview__details">
          {list('choices-title', 'overview.choices', choices)}
          {specs.length > 0 ? list('specs-title', 'overview.specs', specs) : null}
          {specs.length > 0 ? <p className="disclaimer">{t('configurator.disclaimer')}</p> : null}
          {data.mobility ? <p className="mobility">{t(data.mobility)}</p> : null}
        </div>
      </div>
    </article>
  )
}
