import type { MessageKey } from '../../i18n/intl'

/** Labels of what staff record, from the values stored with an order or in the audit log: typed maps, no cast. */
export const STAFF_EVENT_KEYS = {
  signContract: 'staff.event.signContract',
  allocate: 'staff.event.allocate',
  ship: 'staff.event.ship',
  startPreparation: 'staff.event.startPreparation',
  deliver: 'staff.event.deliver',
  approveCancellation: 'staff.event.approveCancellation',
  rejectCancellation: 'staff.event.rejectCancellation',
  markRefunded: 'staff.event.markRefunded',
  issueRefund: 'staff.event.issueRefund',
  recordPayment: 'staff.event.recordPayment',
  placePurchaseOrder: 'staff.event.placePurchaseOrder',
  markOrderPaid: 'staff.event.markOrderPaid',
} as const satisfies Record<string, MessageKey>

export const REQUEST_ACTION_KEYS = {
  offer: 'staff.audit.action.offer',
  confirm: 'staff.audit.action.confirm',
  adjust: 'staff.audit.action.adjust',
} as const satisfies Record<string, MessageKey>

export const REQUEST_STATUS_KEYS = {
  requested: 'staff.audit.status.requested',
  offered: 'staff.audit.status.offered',
  estimated: 'staff.audit.status.estimated',
  inspected: 'staff.audit.status.inspected',
} as const satisfies Record<string, MessageKey>

/**
 * The label a map gives a stored value, or "unknown" for a value it does not know.
 *
 * @example
 * labelOf(STAFF_EVENT_KEYS, 'ship') // 'staff.event.ship'
 */
export function labelOf(keys: Record<string, MessageKey>, value: string): MessageKey {
  return Object.hasOwn(keys, value) ? (keys[value] ?? 'staff.audit.unknown') : 'staff.audit.unknown'
}
