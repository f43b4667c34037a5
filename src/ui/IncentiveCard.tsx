import type { BlindOrderIncentive } from '../domain/order/incentive'
import { formatRate } from '../i18n/formats'
import type { Locale } from '../i18n/sites'
import { useT } from './intl-context'

/** The blind-order incentive's rates as shown (SPEC §9 business lease interest): formatted percentages. */
export interface IncentiveView {
  offer: string
  reference: string
  reduction: string
}

/**
 * The incentive's rates formatted for a locale, or null when there is none.
 *
 * @example
 * incentiveView(blindOrderIncentive(facts.businessLeaseInterest), 'nl-NL') // { offer: '3,99%', … }
 */
export function incentiveView(incentive: BlindOrderIncentive | null, locale: Locale): IncentiveView | null {
  return incentive
    ? {
        offer: formatRate(incentive.offerRate, locale),
        reference: formatRate(incentive.referenceRate, locale),
        reduction: formatRate(incentive.reduction, locale),
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
      <p>{t('order.preOrder.incentive', { ...props.incentive })}</p>
    </section>
  )
}
