import type { KeptSummary } from '../domain/finance/chosen'
import type { FinanceFigure } from '../domain/finance/summary'
import type { FinanceProblem } from '../domain/finance/validate'
import type { CurrencyCode } from '../domain/money'
import { formatDate } from './dates'
import { formatMoney, formatQuantity, formatRate } from './formats'
import type { MessageKey } from './intl'
import { dataMessageKey } from './keys'

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string

export interface DescribedFinance {
  kind: string
  label: string
  partnerName: string | null
  monthly: string | null
  totalCost: string
  figures: { key: string; label: string; value: string }[]
  expires: string | null
  assumption: boolean
}

function figureValue(figure: FinanceFigure, currency: CurrencyCode, locale: string, t: Translate): string {
  switch (figure.kind) {
    case 'money':
      return formatMoney({ amount: figure.value, currency }, locale)
    case 'rate':
      return formatRate(figure.value / 10_000, locale)
    case 'months':
      return t('finance.unit.months', { count: figure.value })
    case 'km':
      return `${formatQuantity(figure.value, locale)} km`
    case 'date':
      return formatDate(figure.value, locale)
  }
}

/**
 * The figures of a finance summary in the visitor's language and currency: the monthly figure and every legally
 * expected figure with its label (what the finance panel shows).
 */
export function describeFigures(
  summary: KeptSummary,
  currency: CurrencyCode,
  locale: string,
  t: Translate,
): Pick<DescribedFinance, 'partnerName' | 'monthly' | 'figures' | 'assumption'> {
  return {
    partnerName: summary.partnerName,
    monthly:
      summary.monthlyPayment === null
        ? null
        : t('finance.unit.perMonth', { amount: formatMoney({ amount: summary.monthlyPayment, currency }, locale) }),
    figures: summary.figures.map((figure) => ({
      key: figure.key,
      label: t(dataMessageKey(figure.key)),
      value: figureValue(figure, currency, locale, t),
    })),
    assumption: summary.assumption,
  }
}

/**
 * A finance summary in the visitor's language and currency: the product's name, the monthly
 * figure, the total cost and every legally expected figure with its label.
 */
export function describeFinance(
  summary: KeptSummary,
  currency: CurrencyCode,
  locale: string,
  t: Translate,
): DescribedFinance {
  return {
    kind: summary.kind,
    label: t(`finance.product.${summary.kind}` as const),
    totalCost: formatMoney({ amount: summary.totalCost, currency }, locale),
    expires: summary.expirationDate ? formatDate(summary.expirationDate, locale) : null,
    ...describeFigures(summary, currency, locale, t),
  }
}

/**
 * A finance problem's message in the visitor's language: money ranges in the site's currency, the lease service by
 * its name, the offer's dates and the offered terms and mileages as the locale writes them.
 *
 * @example
 * financeProblemMessage(problem, 'EUR', 'de-DE', t) // 'Die Anzahlung muss zwischen 0,00 € und 24.090,00 € liegen.'
 */
export function financeProblemMessage(
  problem: FinanceProblem,
  currency: CurrencyCode,
  locale: string,
  t: Translate,
): string {
  const values: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(problem.params)) values[name] = paramText(name, value, currency, locale, t)
  return t(problem.messageKey, values)
}

function paramText(
  name: string,
  value: number | string,
  currency: CurrencyCode,
  locale: string,
  t: Translate,
): string | number {
  switch (name) {
    case 'min':
    case 'max':
      return typeof value === 'number' ? formatMoney({ amount: value, currency }, locale) : value
    case 'service':
      return isLeaseServiceKey(value) ? t(value) : value
    case 'validFrom':
    case 'validTo':
      return typeof value === 'string' ? formatDate(value, locale) : value
    case 'options':
      return String(value)
        .split(', ')
        .map((option) => formatQuantity(Number(option), locale))
        .join(', ')
    default:
      return value
  }
}

/** A lease service's message key (domain/finance/messages.ts, `leaseServiceKey`), told by its prefix alone: the
 * configurator's browser code stays without the table of services. */
function isLeaseServiceKey(value: number | string): value is MessageKey {
  return typeof value === 'string' && /^finance\.service\.\w+$/.test(value)
}
