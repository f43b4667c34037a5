/**
 * Price protection (issue 44): an order's price is locked when it is placed; if the price of the same configuration
 * then falls in the order's country before delivery, the order takes the lower price by itself. What is due today
 * (the deposit or fee) stays as it is; the balance falls by the difference. A financed order's offer is quoted anew
 * on the lower price with the same choices, and both monthly figures are kept with the change. Whether a market
 * offers it is its catalog data (`priceProtection`). A rise never reaches an order. Pure; no zod.
 */
import type { IsoDate } from '../catalog/markets'
import type { ChosenFinance } from '../finance/chosen'
import { money } from '../money'
import type { Order } from './order'
import type { OrderStatus } from './state'

/** The statuses in which an order still takes a lower price: placed and not yet handed over, nor cancelled. */
const PROTECTED: readonly OrderStatus[] = [
  'placed',
  'depositPaid',
  'reservationFeePaid',
  'contractSigned',
  'allocated',
  'shipped',
  'vehiclePreparation',
  'cancellationRequested',
  'requested',
  'poPlaced',
  'cancellationInProgress',
]

/**
 * Whether an order is protected and still open to a lower price: its market offered protection when it was placed
 * (it carries `priceProtection`) and the car is not handed over or the order cancelled.
 *
 * @example
 * isPriceProtected({ ...order, status: 'shipped' }) // true
 * isPriceProtected({ ...order, status: 'delivered' }) // false
 */
export function isPriceProtected(order: Pick<Order, 'priceProtection' | 'status'>): boolean {
  return order.priceProtection !== undefined && PROTECTED.includes(order.status)
}

/**
 * The order at a lower price, or null when the price is not lower (or the order not protected, or the currency
 * differs). The total and the balance fall by the difference; the vehicle price is the new quote's; what was due
 * today and what was paid stay. `finance` is the offer quoted anew on the lower price (null keeps the offer as it was,
 * when it could not be quoted). `at` is the change's instant (the order's updatedAt).
 *
 * @example
 * lowerPrice(order, { total: 4_850_000, vehiclePrice: 4_731_000, currency: 'EUR' }, null, '2027-01-10T03:00:00.000Z')
 * // { …order, amounts: { totalInclVat: €48,500.00, balance: €47,500.00, … }, priceProtection: { changes: [{ …}] } }
 */
export function lowerPrice(
  order: Order,
  now: { total: number; vehiclePrice: number; currency: string },
  finance: ChosenFinance | null,
  at: string,
): Order | null {
  const { amounts } = order
  const currency = amounts.totalInclVat.currency
  if (!isPriceProtected(order) || now.currency !== currency || !order.priceProtection) return null
  if (now.total >= amounts.totalInclVat.amount || now.total < amounts.dueToday.amount) return null
  const on: IsoDate = at.slice(0, 10)
  const monthly =
    order.finance?.summary.monthlyPayment != null && finance?.summary.monthlyPayment != null
      ? { monthlyFrom: order.finance.summary.monthlyPayment, monthlyTo: finance.summary.monthlyPayment }
      : {}
  return {
    ...order,
    vehiclePrice: money(now.vehiclePrice, currency),
    amounts: {
      ...amounts,
      totalInclVat: money(now.total, currency),
      balance: money(now.total - amounts.dueToday.amount, currency),
    },
    ...(finance ? { finance } : {}),
    priceProtection: {
      ...order.priceProtection,
      changes: [...order.priceProtection.changes, { on, from: amounts.totalInclVat.amount, to: now.total, ...monthly }],
    },
    updatedAt: at,
  }
}

/**
 * What the customer has saved through price protection: the total at placement less the total now (0 without any
 * lowering).
 *
 * @example
 * savedByProtection(loweredOrder) // 150_000
 */
export function savedByProtection(order: Pick<Order, 'priceProtection' | 'amounts'>): number {
  if (!order.priceProtection) return 0
  return Math.max(0, order.priceProtection.placedTotal - order.amounts.totalInclVat.amount)
}
