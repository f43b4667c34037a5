import { type FormEvent, type MouseEvent, useEffect, useRef, useState } from 'react'
import { monthlyOnBasis } from '../../domain/finance/basis'
import type { ComparisonEntry } from '../../domain/finance/compare'
import type { FinanceKind } from '../../domain/finance/products'
import type { FinanceChoice, FinanceSummary } from '../../domain/finance/summary'
import type { FinanceProblem } from '../../domain/finance/validate'
import { CURRENCY_EXPONENT, type CurrencyCode, formatMoney } from '../../domain/money'
import { formatInteger } from '../../domain/number'
import type { PriceBasis } from '../../domain/pricing/display'
import { formatDate } from '../../i18n/dates'
import { useApiPost } from '../api-context'
import { useT } from '../intl-context'
import { useRenderContext } from '../site-context'
import { describeFinance, financeProblemMessage } from './describe'

/** Wait after the last change before asking for new figures (SPEC §9 debounce, 200 ms). */
export const FINANCE_DEBOUNCE_MS = 200

/** A product as the panel offers it: its kind and the choices it allows. */
export interface OfferedProduct {
  kind: FinanceKind
  termsMonths: number[]
  mileageKmPerYear: number[] | null
  hasBalloon: boolean
}

export interface FinanceState {
  /** A kept offer this page was opened with has expired (SPEC §8 "Finance Option Has Expired"). */
  offerExpired?: boolean
  /** The expiry of the offer kept on this page, once the visitor kept it. */
  keptUntil?: string
  products: OfferedProduct[]
  selected: FinanceKind
  choice: FinanceChoice
  summary: FinanceSummary | null
  problems: FinanceProblem[]
  comparison: ComparisonEntry[]
}

/** Query parameters of the finance form (amounts in whole currency units, as people type them). */
export const FINANCE_PARAMS = {
  kind: 'finance',
  downPayment: 'down',
  term: 'term',
  mileage: 'km',
  balloon: 'balloon',
} as const

export function financeQuery(
  state: Pick<FinanceState, 'selected' | 'choice'>,
  currency: CurrencyCode,
): Record<string, string> {
  const major = (minor: number | undefined) =>
    minor === undefined ? undefined : String(minor / 10 ** CURRENCY_EXPONENT[currency])
  const entries: [string, string | undefined][] = [
    [FINANCE_PARAMS.kind, state.selected],
    [FINANCE_PARAMS.downPayment, major(state.choice.downPayment)],
    [FINANCE_PARAMS.term, state.choice.termMonths?.toString()],
    [FINANCE_PARAMS.mileage, state.choice.mileageKmPerYear?.toString()],
    [FINANCE_PARAMS.balloon, major(state.choice.balloonAmount)],
  ]
  return Object.fromEntries(entries.filter((e): e is [string, string] => e[1] !== undefined))
}

interface Props {
  finance: FinanceState
  onChange: (next: FinanceState) => void
  currency: CurrencyCode
  /** What the request for new figures needs besides the finance choice. */
  request: { site: string; usage: 'personal' | 'business'; configuration: unknown }
  /** Address of the page with the car and the given finance (hidden fields of the no-JS form). */
  hidden: Record<string, string>
  hrefFor: (finance: Pick<FinanceState, 'selected' | 'choice'>) => string
  /** The page's price basis: on a net page (a business buyer's) a lease's monthly price is headlined before VAT. */
  basis?: PriceBasis
}

/**
 * How to pay: each product the site offers, its choices (down payment, term, mileage, balloon)
 * in a form that works without JavaScript, the monthly payment with every legally expected figure
 * next to it, and the total cost of each product side by side. With JavaScript the figures follow
 * every change.
 */
export function FinancePanel({ finance, onChange, currency, request, hidden, hrefFor, basis = 'inclVat' }: Props) {
  const t = useT()
  const { site } = useRenderContext()
  const post = useApiPost()
  const [pending, setPending] = useState<{ selected: FinanceKind; choice: FinanceChoice } | null>(null)
  const key = JSON.stringify([request, pending])
  const first = useRef(true)
  const money = (amount: number) => formatMoney({ amount, currency }, site.locale)
  const product = finance.products.find((p) => p.kind === finance.selected)
  const described = finance.summary ? describeFinance(finance.summary, currency, site.locale, t) : null
  const onBasis = finance.summary ? monthlyOnBasis(finance.summary, basis) : null
  const netMonthly = onBasis?.exclVat ? onBasis : null
  const problemFor = (field: string) => finance.problems.find((p) => p.field === field)
  const exponent = 10 ** CURRENCY_EXPONENT[currency]

  // Debounced: a burst of changes asks once, 200 ms after the last.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for request and pending
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    if (!post) return
    // A choice made before the usage changed may name a product the new usage does not offer (issue 18).
    const target =
      pending && finance.products.some((p) => p.kind === pending.selected)
        ? pending
        : { selected: finance.selected, choice: finance.choice }
    const timer = setTimeout(async () => {
      const res = await post('/api/v1/finance-quotes', { ...request, product: target.selected, choice: target.choice })
      const body = (await res.json()) as {
        summary?: FinanceSummary
        comparison?: ComparisonEntry[]
        error?: { fields?: { path: string }[] }
      }
      if (res.ok && body.summary) {
        onChange({ ...finance, ...target, summary: body.summary, problems: [], comparison: body.comparison ?? [] })
      } else {
        const problems = (body.error?.fields ?? []).map((f) => ({
          field: f.path.replace('choice.', ''),
          code: 'invalid',
          messageKey: 'api.error.invalidField',
          params: {},
        })) as unknown as FinanceProblem[]
        onChange({ ...finance, ...target, summary: null, problems })
      }
    }, FINANCE_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [key])

  const choose = (kind: FinanceKind) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!post || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    setPending({ selected: kind, choice: {} })
  }

  const readForm = (form: HTMLFormElement): FinanceChoice => {
    const data = new FormData(form)
    const number = (name: string) => {
      const value = String(data.get(name) ?? '').replace(',', '.')
      return value === '' ? undefined : Number(value)
    }
    const down = number(FINANCE_PARAMS.downPayment)
    const balloon = number(FINANCE_PARAMS.balloon)
    return {
      ...(down !== undefined ? { downPayment: Math.round(down * exponent) } : {}),
      ...(number(FINANCE_PARAMS.term) !== undefined ? { termMonths: number(FINANCE_PARAMS.term) } : {}),
      ...(number(FINANCE_PARAMS.mileage) !== undefined ? { mileageKmPerYear: number(FINANCE_PARAMS.mileage) } : {}),
      ...(balloon !== undefined ? { balloonAmount: Math.round(balloon * exponent) } : {}),
    }
  }

  const onFormChange = (event: FormEvent<HTMLFormElement>) => {
    if (!post) return
    setPending({ selected: finance.selected, choice: readForm(event.currentTarget) })
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!post) return
    event.preventDefault()
    setPending({ selected: finance.selected, choice: readForm(event.currentTarget) })
  }

  const error = (field: string) => {
    const problem = problemFor(field)
    if (!problem) return null
    const message =
      problem.messageKey === ('api.error.invalidField' as string)
        ? t('api.error.invalidField')
        : financeProblemMessage(problem, currency, site.locale, t)
    return (
      <p id={`finance-${field}-error`} className="field__error">
        {message}
      </p>
    )
  }

  const keep = async () => {
    if (!post) return
    const res = await post('/api/v1/finance-quotes', {
      ...request,
      product: finance.selected,
      choice: finance.choice,
      keep: true,
    })
    const body = (await res.json()) as { offer?: { id: string; expiresAt: string } }
    if (!body.offer) return
    const url = new URL(window.location.href)
    url.searchParams.set('offer', body.offer.id)
    window.history.replaceState(null, '', url)
    onChange({ ...finance, keptUntil: body.offer.expiresAt.slice(0, 10) })
  }

  return (
    <section className="finance" aria-labelledby="finance-title" id="finance">
      <h2 id="finance-title">{t('finance.heading')}</h2>
      {finance.offerExpired ? (
        <div className="notice" role="alert">
          <h3>{t('finance.offerExpired.title')}</h3>
          <p>{t('finance.offerExpired.message')}</p>
          <a className="button" href={hrefFor({ selected: finance.selected, choice: finance.choice })}>
            {t('finance.offerExpired.retry')}
          </a>
        </div>
      ) : null}
      <nav className="segmented segmented--wrap" aria-label={t('finance.howToPay')}>
        {finance.products.map((p) => (
          <a
            key={p.kind}
            href={hrefFor({ selected: p.kind, choice: {} })}
            aria-current={p.kind === finance.selected ? 'true' : undefined}
            onClick={choose(p.kind)}
          >
            {t(`finance.product.${p.kind}` as const)}
          </a>
        ))}
      </nav>
      {product && finance.selected !== 'cash' ? (
        <form
          className="form finance__form"
          method="get"
          action="#finance"
          onChange={onFormChange}
          onSubmit={onSubmit}
          noValidate
        >
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name={FINANCE_PARAMS.kind} value={finance.selected} />
          <div className="field">
            <label htmlFor="finance-down">{t('finance.field.downPayment')}</label>
            <input
              id="finance-down"
              name={FINANCE_PARAMS.downPayment}
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              defaultValue={(finance.summary?.applied.downPayment ?? finance.choice.downPayment ?? 0) / exponent}
              aria-invalid={problemFor('downPayment') ? 'true' : undefined}
              aria-describedby={problemFor('downPayment') ? 'finance-downPayment-error' : undefined}
            />
            {error('downPayment')}
          </div>
          <div className="field">
            <label htmlFor="finance-term">{t('finance.field.termMonths')}</label>
            <select
              id="finance-term"
              name={FINANCE_PARAMS.term}
              defaultValue={finance.summary?.applied.termMonths ?? finance.choice.termMonths}
              aria-invalid={problemFor('termMonths') ? 'true' : undefined}
            >
              {product.termsMonths.map((months) => (
                <option key={months} value={months}>
                  {t('finance.unit.months', { count: months })}
                </option>
              ))}
            </select>
            {error('termMonths')}
          </div>
          {product.mileageKmPerYear ? (
            <div className="field">
              <label htmlFor="finance-km">{t('finance.field.mileage')}</label>
              <select
                id="finance-km"
                name={FINANCE_PARAMS.mileage}
                defaultValue={finance.summary?.applied.mileageKmPerYear}
              >
                {product.mileageKmPerYear.map((km) => (
                  <option key={km} value={km}>
                    {t('finance.unit.kmPerYear', { km: formatInteger(km, site.locale) })}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {product.hasBalloon ? (
            <div className="field">
              <label htmlFor="finance-balloon">{t('finance.field.balloonPayment')}</label>
              <input
                id="finance-balloon"
                name={FINANCE_PARAMS.balloon}
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                defaultValue={(finance.summary?.applied.balloonAmount ?? 0) / exponent}
                aria-invalid={problemFor('balloonAmount') ? 'true' : undefined}
              />
              {error('balloonAmount')}
            </div>
          ) : null}
          <button className="button" type="submit">
            {t('finance.update')}
          </button>
        </form>
      ) : null}
      {described ? (
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
          ) : post && finance.selected !== 'cash' ? (
            <button className="button" type="button" onClick={keep}>
              {t('finance.keep')}
            </button>
          ) : null}
        </div>
      ) : null}
      {finance.comparison.length > 1 ? (
        <div className="compare__scroll">
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
              {finance.comparison.map((entry) => (
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
        </div>
      ) : null}
    </section>
  )
}
