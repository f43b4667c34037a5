import { useAtomValue } from 'jotai'
import type { DeliveryWindow } from '../../domain/catalog/delivery'
import type { Catalog } from '../../domain/catalog/schema'
import { queryText } from '../../domain/configurator/url'
import type { Money } from '../../domain/money'
import { displayedBreakdown, headlinePrice } from '../../domain/pricing/display'
import type { PriceQuote } from '../../domain/pricing/engine'
import { balanceAfterTradeIn } from '../../domain/tradein/balance'
import { formatDate } from '../../i18n/dates'
import { formatDeduction, formatMoney } from '../../i18n/formats'
import { dataMessageKey } from '../../i18n/keys'
import { linkTo } from '../../i18n/links'
import { COUNTRY_SITES, SITE_ENDONYMS } from '../../i18n/sites'
import { tradeInCarInfoAtom } from '../atoms'
import { useT } from '../intl-context'
import { PriceBreakdownTable, vehicleNamesOf } from '../PriceBreakdownTable'
import { useSiteContext } from '../site-context'

/**
 * The on-the-road price in full: the total on the page's basis (net of VAT for business buyers where
 * the country shows them so), the itemised lines on one stated basis behind a disclosure, notes,
 * running costs, the deposit, the "valid on" date and the delivery window. (The configurator keeps the
 * total in view, and announces it, in its sticky price bar.) A trade-in estimate the visitor carries is
 * set against the total as an estimate, written as a deduction; without one, a link offers a
 * valuation. On the global site the price is indicative and leads to the country sites.
 */
export function PriceSummary({
  catalog,
  quote,
  delivery,
  configurationId,
}: {
  catalog: Catalog
  quote: PriceQuote
  delivery: DeliveryWindow
  /** The saved configuration priced here, if any: the valuation comes back to it. */
  configurationId: string | null
}) {
  const t = useT()
  const { site } = useSiteContext()
  const tradeIn = useAtomValue(tradeInCarInfoAtom)
  const balance = tradeIn
    ? balanceAfterTradeIn({ amount: quote.totalInclVat, currency: quote.currency }, tradeIn.estimate)
    : null
  const money = (amount: number) => formatMoney({ amount, currency: quote.currency }, site.locale)
  const noteValue = (value: number | string | Money) =>
    typeof value === 'object' ? formatMoney(value, site.locale) : value
  const breakdown = displayedBreakdown(quote)
  const headline = headlinePrice(quote)
  if (breakdown.indicative) return <IndicativePrice catalog={catalog} quote={quote} />
  return (
    <div className="price-summary">
      <p className="price-summary__label">
        {t(headline.basis === 'exclVat' ? 'configurator.price.totalExclVat' : 'configurator.price.total')}
      </p>
      <p className="price-summary__total">{money(headline.amount)}</p>
      {headline.basis === 'exclVat' ? (
        <p className="price-summary__sub">{t('configurator.price.inclVat', { amount: money(quote.totalInclVat) })}</p>
      ) : quote.vat > 0 ? (
        <p className="price-summary__sub">{t('configurator.price.exclVat', { amount: money(quote.totalExclVat) })}</p>
      ) : null}
      <details className="price-summary__lines">
        <summary>{t('configurator.price.details')}</summary>
        <PriceBreakdownTable
          vehicleNames={vehicleNamesOf(catalog, breakdown, site.locale)}
          breakdown={breakdown}
          currency={quote.currency}
        />
      </details>
      {tradeIn && balance ? (
        <section className="price-summary__trade-in" aria-labelledby="trade-in-title">
          <h3 id="trade-in-title" className="visually-hidden">
            {t('price.tradeIn.title')}
          </h3>
          <table>
            <tbody>
              <tr>
                <th scope="row">{t('price.tradeIn.estimate', { car: tradeIn.car })}</th>
                <td>{formatDeduction(tradeIn.estimate, site.locale)}</td>
              </tr>
              <tr className="price-summary__balance">
                <th scope="row">{t('price.tradeIn.balance')}</th>
                <td>{money(balance.toPay.amount)}</td>
              </tr>
            </tbody>
          </table>
          {balance.toReceive.amount > 0 ? (
            <p>{t('price.tradeIn.toReceive', { amount: money(balance.toReceive.amount) })}</p>
          ) : null}
          <p className="price-summary__sub">
            {t('price.tradeIn.note')}{' '}
            <a href={linkTo(site, `/trade-in/result/${tradeIn.id}`)}>{t('price.tradeIn.change')}</a>
          </p>
        </section>
      ) : site.canOrder ? (
        <p className="price-summary__sub">
          <a
            href={linkTo(site, '/trade-in', {
              query: configurationId ? `configuration=${configurationId}` : undefined,
            })}
          >
            {t('price.tradeIn.value')}
          </a>
        </p>
      ) : null}
      {quote.notes.length || quote.runningCosts.length ? (
        <ul className="price-summary__notes">
          {quote.notes.map((note) => (
            <li key={note.key}>
              {t(
                dataMessageKey(note.key),
                Object.fromEntries(Object.entries(note.values).map(([k, v]) => [k, noteValue(v)])),
              )}
            </li>
          ))}
          {quote.runningCosts.map((cost) => (
            <li key={cost.code}>
              {t('configurator.price.runningCost', {
                label: t(dataMessageKey(cost.labelKey)),
                amount: money(cost.amount),
                period: t(cost.periodKey),
              })}
            </li>
          ))}
        </ul>
      ) : null}
      {quote.depositAmount !== null ? (
        <p className="price-summary__sub">{t('configurator.price.deposit', { amount: money(quote.depositAmount) })}</p>
      ) : null}
      <p className="price-summary__delivery">
        {t('configurator.delivery', {
          from: formatDate(delivery.earliest, site.locale),
          to: formatDate(delivery.latest, site.locale),
        })}
      </p>
      <p className="price-summary__valid">
        {t('configurator.price.validOn', { date: formatDate(quote.validOn.date, site.locale) })}
      </p>
    </div>
  )
}

/**
 * The global site's price: the car alone, labelled indicative, with no country's fees or VAT, and a way
 * to the same car on each country site for the real price.
 */
function IndicativePrice({ catalog, quote }: { catalog: Catalog; quote: PriceQuote }) {
  const t = useT()
  const { site } = useSiteContext()
  const breakdown = displayedBreakdown(quote)
  const query = queryText({ configuration: quote.configuration, usage: quote.usage })
  return (
    <div className="price-summary">
      <p className="price-summary__label">{t('price.indicative.label')}</p>
      <p className="price-summary__total">
        {formatMoney({ amount: breakdown.total, currency: quote.currency }, site.locale)}
      </p>
      <p className="price-summary__sub">{t('price.indicative.caption')}</p>
      <details className="price-summary__lines">
        <summary>{t('configurator.price.details')}</summary>
        <PriceBreakdownTable
          vehicleNames={vehicleNamesOf(catalog, breakdown, site.locale)}
          breakdown={breakdown}
          currency={quote.currency}
        />
      </details>
      <h3 id="indicative-countries">{t('configurator.global.heading')}</h3>
      <p>
        {t('price.note.experienceOnly')} {t('price.indicative.countries')}
      </p>
      <ul className="country-list" aria-labelledby="indicative-countries">
        {COUNTRY_SITES.filter((s) => s.canOrder).map((s) => (
          <li key={s.prefix}>
            <a
              href={linkTo(s, `/configurator/${quote.configuration.modelCode}`, { query })}
              rel="nofollow"
              lang={s.locale}
              hrefLang={s.locale}
            >
              {SITE_ENDONYMS[s.prefix]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
