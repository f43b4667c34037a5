import type { FormEvent } from 'react'
import { monthlyOnBasis } from '../../../domain/finance/basis'
import type { CurrencyCode } from '../../../domain/money'
import type { PriceBasis } from '../../../domain/pricing/display'
import { formatDate } from '../../../i18n/dates'
import { describeFigures } from '../../../i18n/finance'
import { formatMoney } from '../../../i18n/formats'
import { useT } from '../../intl-context'
import { useSiteContext } from '../../site-context'
import type { FinanceState } from '../state'

/**
 * The monthly payment on the page's basis with every legally expected figure next to it, as the representative
 * example of Directive (EU) 2023/2225, Article 8(2), and the warning that borrowing money costs money (the
 * country's wording, `finance.credit.warning`) for credit the directive covers; and a way to keep the offer: a
 * form the server answers (`keep`: the page's address with the finance choice), which `onKeep` answers in place
 * with JavaScript. The form is the same before and after hydration, so nothing under it moves as the page hydrates.
 */
export function FinanceResult({
  finance,
  currency,
  basis,
  keep,
  onKeep,
}: {
  finance: FinanceState
  currency: CurrencyCode
  basis: PriceBasis
  keep: string
  onKeep?: (event: FormEvent<HTMLFormElement>) => void
}) {
  const t = useT()
  const { site } = useSiteContext()
  if (!finance.summary) return null
  const described = describeFigures(finance.summary, currency, site.locale, t)
  const onBasis = monthlyOnBasis(finance.summary, basis)
  const monthly = onBasis?.exclVat
    ? t('configurator.price.exclVat', {
        amount: t('finance.unit.perMonth', { amount: formatMoney({ amount: onBasis.amount, currency }, site.locale) }),
      })
    : described.monthly
  return (
    <div className="finance__result">
      {monthly && <p className="finance__monthly">{monthly}</p>}
      {/* The price bar's monthly figure links here (#finance-example). */}
      <h3 id="finance-example">{t('finance.credit.example')}</h3>
      <dl className="choices-list">
        {described.figures.map((figure) => (
          <div key={figure.key} className="finance__figure">
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
        {described.partnerName && (
          <div className="finance__figure">
            <dt>{t('finance.field.partnerName')}</dt>
            <dd>{described.partnerName}</dd>
          </div>
        )}
      </dl>
      {finance.summary.consumerCredit && <strong className="finance__warning">{t('finance.credit.warning')}</strong>}
      {described.assumption && <p className="disclaimer">{t('finance.notice.assumption')}</p>}
      {finance.keptUntil ? (
        <p role="status">{t('finance.kept', { date: formatDate(finance.keptUntil, site.locale) })}</p>
      ) : finance.selected !== 'cash' ? (
        <form method="post" onSubmit={onKeep}>
          <button className="button" type="submit" name="keep" value={keep}>
            {t('finance.keep')}
          </button>
        </form>
      ) : null}
    </div>
  )
}
