import type { BlindOrderIncentive } from '../domain/order/incentive'
import { formatRate } from '../i18n/formats'
import { numberFormat } from '../i18n/locale-formats'
import type { Locale } from '../i18n/sites'
import { useT } from './intl-context'

/** The blind-order incentive's rates as shown (SPEC §9 business lease interest): formatted percentages. */
export interface IncentiveView {
  offer: string
  reference: string
  /** The difference in percentage points, with two decimals ("3.00"): the text names the unit. */
  points: string
}

/**
 * The incentive's rates formatted for a locale, or null when there is none.
 *
 * @example
 * incentiveView(blindOrderIncentive(facts.businessLeaseInterest), 'nl-NL') // { offer: '3,99%', …, points: '3,00' }
 */
export function incentiveView(incentive: BlindOrderIncentive | null, locale: Locale): IncentiveView | null {
  return incentive
    ? {
        offer: formatRate(incentive.offerRate, locale),
        reference: formatRate(incentive.referenceRate, locale),
        points: numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
          incentive.reductionPoints,
        ),
      }
    : null
}

/**
 * The blind-order incentive: its heading and the offered rate against the usual one.
 *
 * @example
 * <IncentiveCard id="pre-order-incentive" className="card" incentive={data.incentive} />
 */
export function IncentiveCard(props: { id: string; className?: string; incentive: IncentiveView }) {
  const t = useT()
  return (
    <section className={props.className} aria-labelledby={props.id}>
      <h2 id={props.id}>{t('order.preOrder.incentiveHeading')}</h2>
      <p>{t('incentive.blindOrder', { ...props.incentive })}</p>
    </section>
  )
}
