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
 * The finance choice an address carries: amounts typed in whole units (a decimal comma accepted) in minor units,
 * term and mileage as whole numbers; a missing, empty or unreadable parameter is left out (the product's default).
 *
 * @example
 * parseFinanceChoice(new URLSearchParams('down=50000,5&term=48&km=x'), 'NOK') // { downPayment: 5_000_050, termMonths: 48 }
 */
export function parseFinanceChoice(query: URLSearchParams, currency: CurrencyCode): FinanceChoice {
  const minor = (name: string) => {
    const value = query.get(name)
    if (value === null || value.trim() === '' || !Number.isFinite(Number(value.replace(',', '.')))) return undefined
    return Math.round(Number(value.replace(',', '.')) * 10 ** CURRENCY_EXPONENT[currency])
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
