/**
 * Orders, pre-orders and reservations (SPEC §3 "Order/reservation"): their numbers, their amounts and the record
 * a new one starts as. Pure; no zod (the stored shape is parsed by schema.ts).
 *
 * - An order or pre-order gets an order number `NV-<country>-XXXXXX` and an order date; a reservation gets a
 *   reservation number `RS-<country>-XXXXXX` and a reservation date. XXXXXX: 6 Crockford base-32 characters
 *   (no I, L, O, U; 32^6 ≈ 1.07 billion per country) drawn from the random source the caller passes in; the
 *   caller retries on the rare collision (unique index).
 * - Due today: a pre-order pays its pre-order fee (the deposit), a reservation its reservation fee, an order its
 *   deposit. Paid fee starts at zero and the pending payment fee at the amount due today; the balance (total minus
 *   due today) is settled at delivery or, for a lease, by the lessor.
 * - A lease (an order with a lease finance kind) follows the lease statuses of SPEC §4 and pays nothing online
 *   (deposit zero); a pre-order or reservation with a lease preference pays its fee like any other.
 */
import type { IsoDate } from '../catalog/markets'
import type { ChosenFinance } from '../finance/chosen'
import { type FinanceKind, LEASE_KINDS } from '../finance/products'
import { type Money, money } from '../money'
import { type ConsentRecord, hasRequiredConsents } from './consents'
import type { OrderDeliveryWindow } from './delivery-window'
import { assertInstant, type IsoInstant } from './instant'
import type { PaymentState } from './payment'
import type { NormalisedPersonal, OrderCountry } from './personal'
import type { OrderStatus } from './state'

/**
 * The kinds of order (SPEC §1): a pre-order before the car is orderable, a binding order, a reservation.
 *
 * @example
 * ORDER_KINDS.includes('reservation') // true
 */
export const ORDER_KINDS = ['preOrder', 'order', 'reservation'] as const
export type OrderKind = (typeof ORDER_KINDS)[number]

/**
 * Which status list an order follows: the purchase timeline or the lease statuses (SPEC §4).
 *
 * @example
 * const flow: OrderFlow = 'lease'
 */
export type OrderFlow = 'purchase' | 'lease'

/**
 * The flow of an order: a lease order (an order with a lease finance kind) follows the lease statuses, every
 * other order the purchase timeline.
 *
 * @example
 * orderFlow('order', 'privateLease') // 'lease'
 * orderFlow('reservation', 'privateLease') // 'purchase'
 */
export function orderFlow(kind: OrderKind, financeKind: FinanceKind | null): OrderFlow {
  return kind === 'order' && financeKind !== null && (LEASE_KINDS as readonly string[]).includes(financeKind)
    ? 'lease'
    : 'purchase'
}

/**
 * Random bytes; pass `(n) => crypto.getRandomValues(new Uint8Array(n))`, or a fixed sequence in tests.
 *
 * @example
 * const random: RandomBytes = (n) => crypto.getRandomValues(new Uint8Array(n))
 */
export type RandomBytes = (length: number) => Uint8Array

/** Crockford's base 32: digits and letters without I, L, O and U, so a number read aloud is unambiguous. */
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const CODE_LENGTH = 6

function randomCode(random: RandomBytes): string {
  const bytes = random(CODE_LENGTH)
  if (bytes.length !== CODE_LENGTH) throw new RangeError(`random source gave ${bytes.length} bytes, not ${CODE_LENGTH}`)
  // 256 is a multiple of 32, so the low five bits of a uniform byte are uniform.
  return Array.from(bytes, (byte) => BASE32[byte & 31]).join('')
}

/**
 * A new order (or pre-order) number: `NV-`, the country, `-`, 6 base-32 characters.
 *
 * @example
 * orderNumber('NO', () => new Uint8Array([0, 1, 2, 3, 4, 31])) // 'NV-NO-01234Z'
 */
export function orderNumber(country: OrderCountry, random: RandomBytes): string {
  return `NV-${country}-${randomCode(random)}`
}

/**
 * A new reservation number: `RS-`, the country, `-`, 6 base-32 characters.
 *
 * @example
 * reservationNumber('DK', () => new Uint8Array(6)) // 'RS-DK-000000'
 */
export function reservationNumber(country: OrderCountry, random: RandomBytes): string {
  return `RS-${country}-${randomCode(random)}`
}

const NUMBER = /^(NV|RS)-(NO|SE|DK|NL|DE|FR|BE|TH|IS|LU|AT)-([0-9A-HJKMNP-TV-Z]{6})$/

/**
 * Reads an order or reservation number (as typed in a URL: case and surrounding spaces are forgiven), or null.
 *
 * @example
 * parseOrderNumber('nv-no-01234z') // { type: 'order', country: 'NO', number: 'NV-NO-01234Z' }
 */
export function parseOrderNumber(
  input: string,
): { type: 'order' | 'reservation'; country: OrderCountry; number: string } | null {
  const number = input.trim().toUpperCase()
  const match = NUMBER.exec(number)
  if (match === null) return null
  return { type: match[1] === 'RS' ? 'reservation' : 'order', country: match[2] as OrderCountry, number }
}

/**
 * The money of an order (SPEC §3): the total, the fees, what is due today, what is paid and what is pending.
 *
 * @example
 * const a: OrderAmounts = orderAmounts({ kind: 'order', totalInclVat: money(4999000, 'EUR'),
 *   depositAmount: money(100000, 'EUR'), reservationFee: null })
 */
export interface OrderAmounts {
  totalInclVat: Money
  /** The deposit; for a pre-order this is the pre-order fee. Null for a reservation. */
  depositAmount: Money | null
  /** Null unless the order is a reservation. */
  reservationFee: Money | null
  dueToday: Money
  paidFee: Money
  pendingPaymentFee: Money
  /** What remains after today's payment: paid at delivery, or by the lessor. */
  balance: Money
}

function sameCurrency(label: string, value: Money, total: Money): void {
  if (value.currency !== total.currency)
    throw new RangeError(`${label} is in ${value.currency}, the total in ${total.currency}`)
  if (value.amount < 0 || value.amount > total.amount) throw new RangeError(`${label} must lie between 0 and the total`)
}

/**
 * The amounts of a new order: due today is the deposit (order), the pre-order fee = deposit (pre-order) or the
 * reservation fee (reservation); nothing is paid yet, so all of it is pending. The fee the kind does not use is
 * dropped. Throws when the needed fee is missing, in another currency, negative or above the total.
 *
 * @example
 * orderAmounts({ kind: 'reservation', totalInclVat: money(4999000, 'EUR'), depositAmount: null,
 *   reservationFee: money(50000, 'EUR') }).dueToday // { amount: 50000, currency: 'EUR' }
 */
export function orderAmounts(input: {
  kind: OrderKind
  totalInclVat: Money
  depositAmount: Money | null
  reservationFee: Money | null
}): OrderAmounts {
  const { kind, totalInclVat } = input
  if (totalInclVat.amount < 0) throw new RangeError('the total must not be negative')
  const fee = kind === 'reservation' ? input.reservationFee : input.depositAmount
  const label = kind === 'reservation' ? 'reservationFee' : 'depositAmount'
  if (fee === null) throw new RangeError(`a ${kind} needs ${label}`)
  sameCurrency(label, fee, totalInclVat)
  const zero = money(0, totalInclVat.currency)
  return {
    totalInclVat,
    depositAmount: kind === 'reservation' ? null : fee,
    reservationFee: kind === 'reservation' ? fee : null,
    dueToday: fee,
    paidFee: zero,
    pendingPaymentFee: fee,
    balance: money(totalInclVat.amount - fee.amount, totalInclVat.currency),
  }
}

/**
 * The amounts once today's payment arrived: the paid fee is what was due, nothing is pending.
 *
 * @example
 * paidAmounts(amounts).pendingPaymentFee.amount // 0
 */
export function paidAmounts(amounts: OrderAmounts): OrderAmounts {
  return { ...amounts, paidFee: amounts.dueToday, pendingPaymentFee: money(0, amounts.dueToday.currency) }
}

/**
 * The trade-in an order was placed with (SPEC §3 tradeInCarInfo): the valuation, the car, the estimate, what of it
 * was set against the amount financed, and until when it holds (30 days; tradein/credit.ts). The final price is set
 * at the inspection.
 *
 * @example
 * const t: OrderTradeIn = { valuationId: 'Vq3fK9xZ2bLm', car: 'Volvo XC40', estimate: money(1_000_000, 'EUR'),
 *   credit: 1_000_000, validUntil: '2026-12-31' }
 */
export interface OrderTradeIn {
  valuationId: string
  car: string
  estimate: Money
  credit: number
  validUntil: IsoDate
}

/**
 * An order, pre-order or reservation as stored (SPEC §3). `dates` holds when each status was last entered
 * going forward; `resumeStatus` is where a rejected cancellation returns to.
 *
 * @example
 * const order: Order = createOrder(newOrder, random, '2026-03-01T09:30:00.000Z')
 */
export interface Order {
  kind: OrderKind
  flow: OrderFlow
  country: OrderCountry
  orderNumber: string | null
  orderDate: IsoInstant | null
  reservationNumber: string | null
  reservationDate: IsoInstant | null
  /** The personal form: contact info, usage, company and finance id. */
  contact: NormalisedPersonal
  storeId: string | null
  financePreference: FinanceKind | null
  /** The id of the chosen finance offer, when one was chosen. */
  financeOption: string | null
  vehiclePrice: Money
  amounts: OrderAmounts
  /** Codes of the incentives applied to the price. */
  incentives: string[]
  consents: ConsentRecord[]
  status: OrderStatus
  payment: PaymentState
  resumeStatus: OrderStatus | null
  dates: Partial<Record<OrderStatus, IsoInstant>>
  updatedAt: IsoInstant
  /** The finance offer ordered with, its figures exactly as shown; absent for cash and for orders from before. */
  finance?: ChosenFinance
  /** The trade-in set against the price; absent without one (and for orders from before). */
  tradeIn?: OrderTradeIn
  /** The estimated delivery window as the customer was last told it; absent for orders from before. */
  delivery?: OrderDeliveryWindow
  /** Price protection: the total at placement and every time the same car's price fell since (price-protection.ts). */
  priceProtection?: PriceProtection
}

/**
 * An order's price protection: the total it was placed with, and each lowering of it since, with the monthly figure
 * before and after where the order is financed.
 *
 * @example
 * const p: PriceProtection = { placedTotal: 5_000_000, changes: [{ on: '2027-01-10', from: 5_000_000, to: 4_850_000 }] }
 */
export interface PriceProtection {
  placedTotal: number
  changes: { on: IsoDate; from: number; to: number; monthlyFrom?: number; monthlyTo?: number }[]
}

/**
 * What the checkout knows when the customer places an order; `contact` and `consents` come from
 * `validatePersonal` and `checkConsents`.
 *
 * @example
 * const input: NewOrder = { kind: 'order', contact, storeId: 'no-oslo-skoyen', financePreference: 'cash',
 *   financeOption: null, vehiclePrice, totalInclVat, depositAmount, reservationFee: null, incentives: [],
 *   consents }
 */
export interface NewOrder {
  kind: OrderKind
  contact: NormalisedPersonal
  storeId: string | null
  financePreference: FinanceKind | null
  financeOption: string | null
  vehiclePrice: Money
  totalInclVat: Money
  depositAmount: Money | null
  reservationFee: Money | null
  incentives: readonly string[]
  consents: readonly ConsentRecord[]
  finance?: ChosenFinance | null
  tradeIn?: OrderTradeIn | null
  delivery?: OrderDeliveryWindow | null
  /** Whether the market protects an order's price (catalog market data). */
  priceProtected?: boolean
}

/**
 * A freshly placed order: numbered, its amounts computed, status `placed` (lease: `requested`), unpaid. Throws
 * when the consents miss a required one, a lease has a deposit, currencies differ or `at` is not an instant; the
 * caller validated the visitor's input before.
 *
 * @example
 * createOrder({ ...input, kind: 'reservation' }, random, '2026-03-01T09:30:00.000Z').reservationNumber
 * // 'RS-NO-…'
 */
export function createOrder(input: NewOrder, random: RandomBytes, at: IsoInstant): Order {
  assertInstant(at, 'order time')
  if (!hasRequiredConsents(input.kind, input.consents)) throw new RangeError(`a ${input.kind} needs its consents`)
  if (input.vehiclePrice.currency !== input.totalInclVat.currency) throw new RangeError('prices in two currencies')
  const flow = orderFlow(input.kind, input.financePreference)
  const amounts = orderAmounts(input)
  if (flow === 'lease' && amounts.dueToday.amount !== 0) throw new RangeError('a lease order pays nothing online')
  const country = input.contact.country
  const reservation = input.kind === 'reservation'
  const status: OrderStatus = flow === 'lease' ? 'requested' : 'placed'
  return {
    kind: input.kind,
    flow,
    country,
    orderNumber: reservation ? null : orderNumber(country, random),
    orderDate: reservation ? null : at,
    reservationNumber: reservation ? reservationNumber(country, random) : null,
    reservationDate: reservation ? at : null,
    contact: input.contact,
    storeId: input.storeId,
    financePreference: input.financePreference,
    financeOption: input.financeOption,
    vehiclePrice: input.vehiclePrice,
    amounts,
    incentives: [...input.incentives],
    consents: [...input.consents],
    status,
    payment: 'unpaid',
    resumeStatus: null,
    dates: { [status]: at },
    updatedAt: at,
    ...(input.finance ? { finance: input.finance } : {}),
    ...(input.tradeIn ? { tradeIn: input.tradeIn } : {}),
    ...(input.delivery ? { delivery: input.delivery } : {}),
    ...(input.priceProtected ? { priceProtection: { placedTotal: amounts.totalInclVat.amount, changes: [] } } : {}),
  }
}

/**
 * The order date of an order or the reservation date of a reservation, as an ISO date (UTC).
 *
 * @example
 * placedOn(order) // '2026-03-01'
 */
export function placedOn(order: Pick<Order, 'orderDate' | 'reservationDate'>): IsoDate {
  const at = order.orderDate ?? order.reservationDate
  if (at === null) throw new RangeError('an order has an order or a reservation date')
  return at.slice(0, 10)
}
