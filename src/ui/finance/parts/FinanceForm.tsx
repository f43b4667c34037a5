import type { FormEvent } from 'react'
import type { FinanceChoice } from '../../../domain/finance/summary'
import { CURRENCY_EXPONENT, type CurrencyCode } from '../../../domain/money'
import { formatInteger } from '../../../domain/number'
import { useT } from '../../intl-context'
import { useRenderContext } from '../../site-context'
import { financeProblemMessage } from '../describe'
import { FINANCE_PARAMS, type FinanceState, type OfferedProduct } from '../state'

/** The choice in the form as the API takes it: amounts in minor units. */
function readForm(form: HTMLFormElement, exponent: number): FinanceChoice {
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

/**
 * The choices of a product (down payment, term, mileage, balloon): a GET form that works without
 * JavaScript; with it (`onChoice`), every change asks for new figures in place.
 */
export function FinanceForm({
  finance,
  product,
  currency,
  hidden,
  onChoice,
}: {
  finance: FinanceState
  product: OfferedProduct
  currency: CurrencyCode
  hidden: Record<string, string>
  onChoice: ((choice: FinanceChoice) => void) | null
}) {
  const t = useT()
  const { site } = useRenderContext()
  const exponent = 10 ** CURRENCY_EXPONENT[currency]
  const problemFor = (field: string) => finance.problems.find((p) => p.field === field)
  const onFormChange = (event: FormEvent<HTMLFormElement>) => onChoice?.(readForm(event.currentTarget, exponent))
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!onChoice) return
    event.preventDefault()
    onChoice(readForm(event.currentTarget, exponent))
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
  return (
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
  )
}
