/**
 * The estimated delivery window of an order, and how it moves along the timeline (issue 44): at placement it is the
 * configured car's lead time from the order date (catalog/delivery.ts); once the car is allocated, shipped or in
 * preparation, it is that step's date plus the days the market's data gives from that step to the handover
 * (`HandoverDays`, the catalog's market entry). Each move is kept on the order with the step it was estimated at, so
 * the order page and the e-mails say what the window is now and since when. Pure; no zod.
 */
import { addDays, type IsoDate } from '../catalog/markets'
import type { Order } from './order'
import type { OrderStatus } from './state'

/** A range of whole days. */
export interface DayRange {
  min: number
  max: number
}

/**
 * Days from a step of the timeline to the handover, per market: from allocation (shipping and preparation still to
 * come), from shipping (transport and preparation), from the start of the preparation.
 *
 * @example
 * const days: HandoverDays = { allocated: { min: 21, max: 42 }, shipped: { min: 10, max: 21 },
 *   vehiclePreparation: { min: 3, max: 7 } }
 */
export interface HandoverDays {
  allocated: DayRange
  shipped: DayRange
  vehiclePreparation: DayRange
}

/** The steps after which the window is estimated anew. */
export const WINDOW_STEPS = ['allocated', 'shipped', 'vehiclePreparation'] as const
export type WindowStep = (typeof WINDOW_STEPS)[number]

/**
 * An order's delivery window: the first and last day the car is expected to be handed over, the step it was
 * estimated at (`placed` for the lead time at ordering) and the day of that estimate.
 *
 * @example
 * const w: OrderDeliveryWindow = { from: '2027-02-09', to: '2027-03-09', step: 'placed', estimatedOn: '2026-12-01' }
 */
export interface OrderDeliveryWindow {
  from: IsoDate
  to: IsoDate
  step: 'placed' | WindowStep
  estimatedOn: IsoDate
}

/**
 * The window at placement: the configured car's lead time from the order date.
 *
 * @example
 * windowAtPlacement({ earliest: '2027-02-09', latest: '2027-03-09' }, '2026-12-01')
 * // { from: '2027-02-09', to: '2027-03-09', step: 'placed', estimatedOn: '2026-12-01' }
 */
export function windowAtPlacement(lead: { earliest: IsoDate; latest: IsoDate }, on: IsoDate): OrderDeliveryWindow {
  return { from: lead.earliest, to: lead.latest, step: 'placed', estimatedOn: on }
}

/**
 * The window once the order reached a step on `on`: that day plus the market's days from the step to the handover.
 * Null for a status that does not move it.
 *
 * @example
 * windowAfterStep('shipped', '2027-02-01', days) // { from: '2027-02-11', to: '2027-02-22', step: 'shipped', estimatedOn: '2027-02-01' }
 */
export function windowAfterStep(status: OrderStatus, on: IsoDate, days: HandoverDays): OrderDeliveryWindow | null {
  const step = WINDOW_STEPS.find((each) => each === status)
  if (!step) return null
  const range = days[step]
  return { from: addDays(on, range.min), to: addDays(on, range.max), step, estimatedOn: on }
}

/**
 * Whether a new window differs from the one the customer was told: another first or last day.
 *
 * @example
 * hasMoved(before, after) // true when from or to changed
 */
export function hasMoved(before: OrderDeliveryWindow | undefined, after: OrderDeliveryWindow | null): boolean {
  if (!after) return false
  return !before || before.from !== after.from || before.to !== after.to
}

/**
 * The days the market data gives when a catalog has none for a market (a planning assumption, stated with the data):
 * three to six weeks from allocation, ten days to three weeks from shipping, three days to a week of preparation.
 *
 * @example
 * DEFAULT_HANDOVER_DAYS.shipped // { min: 10, max: 21 }
 */
export const DEFAULT_HANDOVER_DAYS: HandoverDays = {
  allocated: { min: 21, max: 42 },
  shipped: { min: 10, max: 21 },
  vehiclePreparation: { min: 3, max: 7 },
}

/**
 * The order after a transition, with its delivery window estimated anew when it reached a step that moves it (its
 * `updatedAt` is the step's instant); unchanged otherwise.
 *
 * @example
 * withWindowOfStep(allocatedOrder, DEFAULT_HANDOVER_DAYS).delivery?.step // 'allocated'
 */
export function withWindowOfStep(order: Order, days: HandoverDays): Order {
  const next = windowAfterStep(order.status, order.updatedAt.slice(0, 10), days)
  return next && hasMoved(order.delivery, next) ? { ...order, delivery: next } : order
}
