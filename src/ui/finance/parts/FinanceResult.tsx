import { monthlyOnBasis } from '../../../domain/finance/basis'
import type { CurrencyCode } from '../../../domain/money'
import type { PriceBasis } from '../../../domain/pricing/display'
import { formatDate } from '../../../i18n/dates'
import { describeFinance } from '../../../i18n/finance'
import { formatMoney } from '../../../i18n/formats'
import { useT } from '../../intl-context'
import { useRenderContext } from '../../site-context'
import type { FinanceState } from '../state'

/**
 * The monthly payment on the page's basis with every legally expected figure next to it, and a way
 * to keep the offer (`onKeep`, with JavaScript only).
 */
export function FinanceResult({
  finance,
  currency,
  basis,
  onKeep,
}: {
  finance: FinanceState
  currency: CurrencyCode
  basis: PriceBasis
  onKeep: (() => void) | null
}) {
  const t = useT()
  const { site } = useRenderContext()
  if (!finance.summary) return null
  const described = describeFinance(finance.summary, currency, site.locale, t)
  const onBasis = monthlyOnBasis(finance.summary, basis)
  const netMonthly = onBasis?.exclVat ? onBasis : null
  return (
    <div className="finance__result">
      {netMonthly ? (
        <p className="finance__monthly">
          {t('configurator.price.exclVat', {
            amount: t('finance.unit.perMonth', {
              amount: formatMoney({ amount: netMonthly.amount, currency }, site.locale),
            }),
          })}
        </p>
      ) : described.monthly ? (
        <p className="finance__monthly">{described.monthly}</p>
      ) : null}
      <dl className="choices-list">
        {described.figures.map((figure) => (
          <div key={figure.key} className="finance__figure">
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
        {described.partnerName ? (
          <div className="finance__figure">
            <dt>{t('finance.field.partnerName')}</dt>
            <dd>{described.partnerName}</dd>
          </div>
        ) : null}
      </dl>
      {described.assumption ? <p className="disclaimer">{t('finance.notice.assumption')}</p> : null}
      {finance.keptUntil ? (
        <p role="status">{t('finance.kept', { date: formatDate(finance.keptUntil, site.locale) })}</p>
      ) : onKeep && finance.selected !== 'cash' ? (
        <button className="button" type="button" onClick={onKeep}>
          {t('finance.keep')}
        </button>
      ) : null}
    </div>
  )
}
