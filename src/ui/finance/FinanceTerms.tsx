import { monthlyOnBasis } from '../../domain/finance/basis'
import type { ChosenFinance } from '../../domain/finance/chosen'
import { CREDIT_KINDS } from '../../domain/finance/products'
import type { Requoted } from '../../domain/finance/requote'
import type { PriceBasis } from '../../domain/pricing/display'
import { formatDate } from '../../i18n/dates'
import { describeFinance } from '../../i18n/finance'
import { formatMoney, formatRate } from '../../i18n/formats'
import { dataMessageKey } from '../../i18n/keys'
import { useT } from '../intl-context'
import { useSiteContext } from '../site-context'

/**
 * A chosen finance offer as every page after the configurator shows it (the overview, the order form, the order page,
 * the staff console): the product, the monthly figure on the page's basis, then every figure exactly as quoted, the
 * lender and until when the offer holds. `requoted` says that a kept offer no longer held and what changed.
 *
 * @example
 * <FinanceTerms finance={order.finance} basis="inclVat" />
 */
export function FinanceTerms({
  finance,
  basis = 'inclVat',
  requoted = null,
  headingLevel = 2,
  id = 'finance-terms',
  creditWarning,
}: {
  finance: ChosenFinance
  basis?: PriceBasis
  requoted?: Requoted | null
  headingLevel?: 2 | 3
  id?: string
  /**
   * The credit falls in the Consumer Credit Directive's scope for this customer (`creditInScope`, decided on the
   * server): the country's warning follows the figures (Directive (EU) 2023/2225, art. 8).
   */
  creditWarning: boolean
}) {
  const t = useT()
  const { site } = useSiteContext()
  const { currency, summary } = finance
  const described = describeFinance(summary, currency, site.locale, t)
  const onBasis = monthlyOnBasis(summary, basis)
  const money = (amount: number) => formatMoney({ amount, currency }, site.locale)
  const monthly = onBasis
    ? onBasis.exclVat
      ? t('configurator.price.exclVat', { amount: t('finance.unit.perMonth', { amount: money(onBasis.amount) }) })
      : t('finance.unit.perMonth', { amount: money(onBasis.amount) })
    : null
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <section className="finance-terms" aria-labelledby={id}>
      <Heading id={id}>{t('offer.heading', { product: described.label })}</Heading>
      {requoted ? <RequotedNotice requoted={requoted} /> : null}
      {monthly ? <p className="finance-terms__monthly">{monthly}</p> : null}
      <dl className="choices-list finance-terms__figures">
        {described.figures.map((figure) => (
          <div key={figure.key} className="finance__figure">
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
        {/* A lease lists its total cost among its figures; a loan's total price on credit is added here. */}
        {(CREDIT_KINDS as readonly string[]).includes(finance.kind) ? (
          <div className="finance__figure">
            <dt>{t('finance.field.totalPurchasePrice')}</dt>
            <dd>{described.totalCost}</dd>
          </div>
        ) : null}
        {described.partnerName ? (
          <div className="finance__figure">
            <dt>{t('finance.field.partnerName')}</dt>
            <dd>{described.partnerName}</dd>
          </div>
        ) : null}
      </dl>
      <p className="finance-terms__note">
        {t('offer.quoted', {
          date: formatDate(finance.quotedOn, site.locale),
          until: summary.expirationDate ? formatDate(summary.expirationDate, site.locale) : '–',
        })}
      </p>
      {described.assumption ? <p className="disclaimer">{t('finance.notice.assumption')}</p> : null}
      {creditWarning ? <strong className="finance__warning">{t('finance.credit.warning')}</strong> : null}
    </section>
  )
}

const REASON_KEYS = {
  expired: 'offer.requoted.expired',
  priceChanged: 'offer.requoted.priceChanged',
  tradeInChanged: 'offer.requoted.tradeInChanged',
} as const

/** "Your offer of 1 December has expired: here it is for today. What changed: monthly €753.87 → €761.20." */
function RequotedNotice({ requoted }: { requoted: Requoted }) {
  const t = useT()
  const { site } = useSiteContext()
  const { previous } = requoted
  const value = (kind: string, figure: number | string) => {
    if (figure === '') return '–'
    if (kind === 'money') return formatMoney({ amount: Number(figure), currency: previous.currency }, site.locale)
    if (kind === 'rate') return formatRate(Number(figure) / 10_000, site.locale)
    if (kind === 'months') return t('finance.unit.months', { count: Number(figure) })
    if (kind === 'date') return formatDate(String(figure), site.locale)
    return String(figure)
  }
  return (
    <div className="notice" role="status">
      <p>
        {t(REASON_KEYS[requoted.reason], {
          date: formatDate(previous.quotedOn, site.locale),
          until: previous.summary.expirationDate ? formatDate(previous.summary.expirationDate, site.locale) : '–',
        })}
      </p>
      {requoted.changes.length > 0 ? (
        <ul className="finance-terms__changes">
          {requoted.changes.map((change) => (
            <li key={change.key}>
              {t('offer.requoted.change', {
                label: t(dataMessageKey(change.key)),
                before: value(change.kind, change.before),
                after: value(change.kind, change.after),
              })}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('offer.requoted.same')}</p>
      )}
    </div>
  )
}
