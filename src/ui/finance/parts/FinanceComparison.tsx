import type { ComparisonEntry } from '../../../domain/finance/compare'
import type { CurrencyCode } from '../../../domain/money'
import { formatMoney } from '../../../i18n/formats'
import { useT } from '../../intl-context'
import { useSiteContext } from '../../site-context'

/** The total cost of each product side by side, when there is more than one to compare. */
export function FinanceComparison({ comparison, currency }: { comparison: ComparisonEntry[]; currency: CurrencyCode }) {
  const t = useT()
  const { site } = useSiteContext()
  const money = (amount: number) => formatMoney({ amount, currency }, site.locale)
  if (comparison.length <= 1) return null
  return (
    // Scrolls sideways on a narrow phone: focusable, so the keyboard can scroll it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1)
    <section className="compare__scroll" tabIndex={0} aria-label={t('finance.compare.heading')}>
      <table className="finance__compare">
        <caption>{t('finance.compare.heading')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('finance.howToPay')}</th>
            <th scope="col">{t('finance.compare.monthly')}</th>
            <th scope="col">{t('finance.compare.total')}</th>
          </tr>
        </thead>
        <tbody>
          {comparison.map((entry) => (
            <tr key={entry.kind}>
              <th scope="row">
                {t(`finance.product.${entry.kind}` as const)}
                {entry.noteKey ? <span className="finance__note">{t(entry.noteKey)}</span> : null}
              </th>
              <td>{entry.monthlyPayment === null ? '–' : money(entry.monthlyPayment)}</td>
              <td>{money(entry.totalCost)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
