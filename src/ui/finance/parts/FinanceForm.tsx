import type { FormEvent, ReactNode } from 'react'
import { FINANCE_PARAMS, readAmount } from '../../../domain/finance/params'
import type { LeaseService } from '../../../domain/finance/products'
import type { FinanceChoice } from '../../../domain/finance/summary'
import { CURRENCY_EXPONENT, type CurrencyCode } from '../../../domain/money'
import { formatMoney, formatQuantity } from '../../../i18n/formats'
import { useT } from '../../intl-context'
import { useSiteContext } from '../../site-context'
import type { FinanceState, OfferedProduct } from '../state'

/** The choice in the form as the API takes it: amounts in minor units. */
function readForm(form: HTMLFormElement, exponent: number): FinanceChoice {
  const data = new FormData(form)
  const number = (name: string) => {
    const value = String(data.get(name) ?? '')
    return value === '' ? undefined : Number(value)
  }
  const amount = (name: string) => readAmount(String(data.get(name) ?? ''))
  const down = amount(FINANCE_PARAMS.downPayment)
  const balloon = amount(FINANCE_PARAMS.balloon)
  const services = data.getAll(FINANCE_PARAMS.services) as LeaseService[]
  return {
    ...(services.length ? { services } : {}),
    ...(down !== undefined ? { downPayment: Math.round(down * exponent) } : {}),
    ...(number(FINANCE_PARAMS.term) !== undefined ? { termMonths: number(FINANCE_PARAMS.term) } : {}),
    ...(number(FINANCE_PARAMS.mileage) !== undefined ? { mileageKmPerYear: number(FINANCE_PARAMS.mileage) } : {}),
    ...(balloon !== undefined ? { balloonAmount: Math.round(balloon * exponent) } : {}),
  }
}

/** Digits with grouping spaces, points, commas or apostrophes, as readAmount reads them (a minus too, so the
 * product's range answers it). */
const AMOUNT_PATTERN = "[\\-\u2212]?[0-9][0-9\\s.,'\u2019]*"

/**
 * An amount in whole currency units, written as the locale writes a number ("181 817", "4.699,05") and read as
 * people type it (a text field: a number field shows and takes only the browser's own mark), with its problem
 * under it.
 */
function AmountField(props: {
  id: string
  field: string
  name: string
  label: string
  value: number
  locale: string
  error: ReactNode
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.name}
        type="text"
        inputMode="decimal"
        pattern={AMOUNT_PATTERN}
        maxLength={16}
        autoComplete="off"
        defaultValue={formatQuantity(props.value, props.locale)}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={props.error ? `finance-${props.field}-error` : undefined}
      />
      {props.error}
    </div>
  )
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
  net,
}: {
  finance: FinanceState
  product: OfferedProduct
  currency: CurrencyCode
  hidden: Record<string, string>
  onChoice: ((choice: FinanceChoice) => void) | null
  /** Services priced without VAT, as a business buyer's page shows prices. */
  net: boolean
}) {
  const t = useT()
  const { site } = useSiteContext()
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
    return (
      <p id={`finance-${field}-error`} className="field__error">
        {problem.message}
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
      <AmountField
        id="finance-down"
        field="downPayment"
        name={FINANCE_PARAMS.downPayment}
        label={t('finance.field.downPayment')}
        value={(finance.summary?.applied.downPayment ?? finance.choice.downPayment ?? 0) / exponent}
        locale={site.locale}
        error={error('downPayment')}
      />
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
                {t('finance.unit.kmPerYear', { km: formatQuantity(km, site.locale) })}
              </option>
            ))}
          </select>
          {error('mileageKmPerYear')}
        </div>
      ) : null}
      {product.services.length ? (
        <fieldset className="field">
          <legend>{t('finance.field.optionalServices')}</legend>
          {product.services.map((service) => (
            <label key={service.code} className="field--check">
              <input
                type="checkbox"
                name={FINANCE_PARAMS.services}
                value={service.code}
                defaultChecked={finance.choice.services?.includes(service.code)}
              />{' '}
              {t(`finance.service.${service.code}`)}{' '}
              {t('finance.unit.perMonth', {
                amount: formatMoney({ amount: net ? service.net : service.gross, currency }, site.locale),
              })}
            </label>
          ))}
          {error('services')}
        </fieldset>
      ) : null}
      {product.hasBalloon ? (
        <AmountField
          id="finance-balloon"
          field="balloonAmount"
          name={FINANCE_PARAMS.balloon}
          label={t('finance.field.balloonPayment')}
          value={(finance.summary?.applied.balloonAmount ?? 0) / exponent}
          locale={site.locale}
          error={error('balloonAmount')}
        />
      ) : null}
      <button className="button" type="submit">
        {t('finance.update')}
      </button>
    </form>
  )
}
