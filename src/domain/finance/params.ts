// No zod here: the browser's configurator imports it.
import { CURRENCY_EXPONENT, type CurrencyCode } from '../money'
import { type FinanceKind, LEASE_SERVICES, type LeaseService } from './products'
import type { FinanceChoice } from './summary'

/** Query parameters of the finance form (amounts in whole currency units, as people type them). */
export const FINANCE_PARAMS = {
  kind: 'finance',
  downPayment: 'down',
  term: 'term',
  mileage: 'km',
  balloon: 'balloon',
  /** A lease's optional services, one parameter per service taken. */
  services: 'svc',
} as const

/** A finance product and what was chosen of it, as the address carries it (money in minor units here). */
export interface FinanceSelection {
  selected: FinanceKind
  choice: FinanceChoice
}

/**
 * The address's query parameters of a finance selection: amounts back in whole currency units.
 *
 * @example
 * financeQuery({ selected: 'loan', choice: { termMonths: 48, downPayment: 5_000_000 } }, 'NOK')
 * // { finance: 'loan', down: '50000', term: '48' }
 */
export function financeQuery(state: FinanceSelection, currency: CurrencyCode): Record<string, string> {
  const major = (minor: number | undefined) =>
    minor === undefined ? undefined : String(minor / 10 ** CURRENCY_EXPONENT[currency])
  const entries: [string, string | undefined][] = [
    [FINANCE_PARAMS.kind, state.selected],
    [FINANCE_PARAMS.downPayment, major(state.choice.downPayment)],
    [FINANCE_PARAMS.term, state.choice.termMonths?.toString()],
    [FINANCE_PARAMS.mileage, state.choice.mileageKmPerYear?.toString()],
    [FINANCE_PARAMS.balloon, major(state.choice.balloonAmount)],
    [FINANCE_PARAMS.services, state.choice.services?.join(',') || undefined],
  ]
  return Object.fromEntries(entries.filter((e): e is [string, string] => e[1] !== undefined))
}

/**
 * An amount in whole currency units as people type it, in any of the storefront's locales: spaces and
 * apostrophes are grouping; with both a point and a comma the last one is the decimal mark; one of them
 * written more than once, or once before exactly three digits (money has at most two decimals), is
 * grouping; otherwise it is the decimal mark. Anything else is unreadable.
 *
 * @example
 * readAmount('181 817') // 181817
 * readAmount('4.699,05') // 4699.05
 * readAmount('4699,05') // 4699.05
 * readAmount('1,234,567') // 1234567
 * readAmount('1.234') // 1234
 * readAmount('-5000') // -5000
 * readAmount('−5 000') // -5000 (the minus sign U+2212, as nb-NO, sv-SE and fi write it)
 * readAmount('12 kr') // undefined
 */
export function readAmount(text: string): number | undefined {
  const bare = text.replace(/[\s'\u2019]/g, '').replace('\u2212', '-')
  const marks = bare.replace(/[^.,]/g, '')
  const mark = marks.slice(-1)
  const at = bare.lastIndexOf(mark)
  const once = marks.indexOf(mark) === marks.length - 1
  const grouped = !marks.replaceAll(mark, '') && (!once || bare.length - at === 4)
  // Mixed marks: the decimal one is last and written once ('1,2,3.4.5' is no amount).
  const number = grouped
    ? bare.replace(/[.,]/g, '')
    : once
      ? `${bare.slice(0, at).replace(/[.,]/g, '')}.${bare.slice(at + 1)}`
      : ''
  // A minus sign is read, so that the product's range can say why a negative amount is refused.
  return /^-?\d+(\.\d+)?$/.test(number) ? Number(number) : undefined
}

/**
 * The finance choice an address carries: amounts typed in whole units (see readAmount) in minor units,
 * term and mileage as whole numbers; a missing, empty or unreadable parameter is left out (the product's default).
 *
 * @example
 * parseFinanceChoice(new URLSearchParams('down=50000,5&term=48&km=x'), 'NOK') // { downPayment: 5_000_050, termMonths: 48 }
 */
export function parseFinanceChoice(query: URLSearchParams, currency: CurrencyCode): FinanceChoice {
  const minor = (name: string) => {
    const value = readAmount(query.get(name) ?? '')
    return value === undefined ? undefined : Math.round(value * 10 ** CURRENCY_EXPONENT[currency])
  }
  const whole = (name: string) => {
    const value = Number(query.get(name) ?? Number.NaN)
    return Number.isInteger(value) ? value : undefined
  }
  const downPayment = minor(FINANCE_PARAMS.downPayment)
  const termMonths = whole(FINANCE_PARAMS.term)
  const mileageKmPerYear = whole(FINANCE_PARAMS.mileage)
  const balloonAmount = minor(FINANCE_PARAMS.balloon)
  const services = servicesIn(query)
  return {
    ...(downPayment !== undefined ? { downPayment } : {}),
    ...(termMonths !== undefined ? { termMonths } : {}),
    ...(mileageKmPerYear !== undefined ? { mileageKmPerYear } : {}),
    ...(balloonAmount !== undefined ? { balloonAmount } : {}),
    ...(services.length > 0 ? { services } : {}),
  }
}

/** The services an address names (`svc=insurance&svc=tollTag`, or one comma-separated value), each once, known ones only. */
function servicesIn(query: URLSearchParams): LeaseService[] {
  const named = new Set(query.getAll(FINANCE_PARAMS.services).flatMap((value) => value.split(',')))
  return LEASE_SERVICES.filter((service) => named.has(service))
}

/** A finance choice kept with a saved build: the product and its choices (money in minor units). */
export interface KeptFinance {
  kind: FinanceKind
  termMonths?: number
  mileageKmPerYear?: number
  downPayment?: number
  balloonAmount?: number
  services?: LeaseService[]
}

/**
 * The address's finance choice, or else the one kept with a saved build written into the address as a visitor
 * would type it (money in whole units with the currency's decimals).
 *
 * @example
 * withKeptFinance(new URLSearchParams(), { kind: 'loan', downPayment: 5_000_000 }, 'NOK').toString()
 * // 'finance=loan&down=50000.00'
 */
export function withKeptFinance(
  query: URLSearchParams,
  kept: KeptFinance | null,
  currency: CurrencyCode,
): URLSearchParams {
  if (!kept || query.has(FINANCE_PARAMS.kind)) return query
  const exponent = CURRENCY_EXPONENT[currency]
  const filled = new URLSearchParams(query)
  const major = (minor: number) => (minor / 10 ** exponent).toFixed(exponent)
  filled.set(FINANCE_PARAMS.kind, kept.kind)
  if (kept.termMonths !== undefined) filled.set(FINANCE_PARAMS.term, String(kept.termMonths))
  if (kept.mileageKmPerYear !== undefined) filled.set(FINANCE_PARAMS.mileage, String(kept.mileageKmPerYear))
  if (kept.downPayment !== undefined) filled.set(FINANCE_PARAMS.downPayment, major(kept.downPayment))
  if (kept.balloonAmount !== undefined) filled.set(FINANCE_PARAMS.balloon, major(kept.balloonAmount))
  if (kept.services?.length) filled.set(FINANCE_PARAMS.services, kept.services.join(','))
  return filled
}
