import { useAtomValue } from 'jotai'
import type { DeliveryWindow } from '../../domain/catalog/delivery'
import { catalogItem } from '../../domain/catalog/items'
import type { Catalog } from '../../domain/catalog/schema'
import { formatMoney, type Money } from '../../domain/money'
import type { PriceQuote } from '../../domain/pricing/engine'
import { balanceAfterTradeIn } from '../../domain/tradein/balance'
import { formatDate } from '../../i18n/dates'
import type { MessageKey } from '../../i18n/intl'
import { linkTo } from '../../i18n/links'
import { tradeInCarInfoAtom } from '../atoms'
import { useT } from '../intl-context'
import { useRenderContext } from '../site-context'

/**
 * The on-the-road price in full: the total, the itemised lines from the price engine behind a
 * disclosure, notes, running costs, the deposit, the "valid on" date and the delivery window. (The
 * configurator keeps the total in view, and announces it, in its sticky price bar.) A trade-in estimate the visitor
 * carries is set against the total as an estimate; without one, a link offers a valuation.
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
  const { site } = useRenderContext()
  const tradeIn = useAtomValue(tradeInCarInfoAtom)
  const balance = tradeIn
    ? balanceAfterTradeIn({ amount: quote.totalInclVat, currency: quote.currency }, tradeIn.estimate)
    : null
  const money = (amount: number) => formatMoney({ amount, currency: quote.currency }, site.locale)
  const noteValue = (value: number | string | Money) =>
    typeof value === 'object' ? formatMoney(value, site.locale) : value
  const lineLabel = (line: PriceQuote['lines'][number]) => {
    const name = line.role === 'vehicle' ? catalogItem(catalog, line.code)?.names[site.locale] : undefined
    return name ? `${t(line.labelKey as MessageKey)}: ${name}` : t(line.labelKey as MessageKey)
  }
  return (
    <div className="price-summary">
      <p className="price-summary__label">{t('configurator.price.total')}</p>
      <p className="price-summary__total">{money(quote.totalInclVat)}</p>
      {quote.display === 'exclVat' || quote.vat > 0 ? (
        <p className="price-summary__sub">{t('configurator.price.exclVat', { amount: money(quote.totalExclVat) })}</p>
      ) : null}
      <details className="price-summary__lines">
        <summary>{t('configurator.price.details')}</summary>
        <table>
          <tbody>
            {quote.lines.map((line) => (
              <tr key={`${line.role}-${line.code}`}>
                <th scope="row">{lineLabel(line)}</th>
                <td>{money(line.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('configurator.price.total')}</th>
              <td>{money(quote.totalInclVat)}</td>
            </tr>
          </tfoot>
        </table>
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
                <td>{money(-tradeIn.estimate.amount)}</td>
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
                note.key as MessageKey,
                Object.fromEntries(Object.entries(note.values).map(([k, v]) => [k, noteValue(v)])),
              )}
            </li>
          ))}
          {quote.runningCosts.map((cost) => (
            <li key={cost.code}>
              {t('configurator.price.runningCost', {
                label: t(cost.labelKey as MessageKey),
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
