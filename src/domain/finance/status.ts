/**
 * Dutch finance application status (SPEC §4) as a small state machine. Codes are the partner's; 5 and 9
 * are not used. Allowed moves (our reading of a consumer-credit application, SPEC gives no rules):
 *
 *   1 waiting for application → 2 in progress | 8 cancelled
 *   2 in progress             → 3 financing approved | 10 rejected | 8 cancelled
 *   3 financing approved      → 4 contract signed | 8 cancelled (the buyer declines the offer)
 *   4 contract signed         → 6 financing amount ready | 8 cancelled (withdrawal, CCD art. 14: 14 days)
 *   6 financing amount ready  → 7 financing amount paid | 8 cancelled (still before the payout)
 *   7 paid, 8 cancelled, 10 rejected: final. Money once paid out is undone by the order's cancellation
 *   and refund, not here; after a rejection or cancellation a new application starts again at 1.
 */
/**
 * Every status code with its name and message key.
 *
 * @example
 * DUTCH_FINANCE_STATUSES[3].messageKey // 'finance.status.financingApproved'
 */
export const DUTCH_FINANCE_STATUSES = {
  1: { name: 'waitingForApplication', messageKey: 'finance.status.waitingForApplication', final: false },
  2: { name: 'inProgress', messageKey: 'finance.status.inProgress', final: false },
  3: { name: 'financingApproved', messageKey: 'finance.status.financingApproved', final: false },
  4: { name: 'contractSigned', messageKey: 'finance.status.contractSigned', final: false },
  6: { name: 'financingAmountReady', messageKey: 'finance.status.financingAmountReady', final: false },
  7: { name: 'financingAmountPaid', messageKey: 'finance.status.financingAmountPaid', final: true },
  8: { name: 'cancelled', messageKey: 'finance.status.cancelled', final: true },
  10: { name: 'rejected', messageKey: 'finance.status.rejected', final: true },
} as const
export type DutchFinanceStatus = keyof typeof DUTCH_FINANCE_STATUSES

/**
 * The status codes in the order an application moves through them.
 *
 * @example
 * DUTCH_FINANCE_STATUS_CODES // [1, 2, 3, 4, 6, 7, 8, 10]
 */
export const DUTCH_FINANCE_STATUS_CODES = [1, 2, 3, 4, 6, 7, 8, 10] as const satisfies readonly DutchFinanceStatus[]

/**
 * A status code from the partner or the database, or null for a code the machine does not know.
 *
 * @example
 * parseDutchFinanceStatus(6) // 6
 * parseDutchFinanceStatus(5) // null
 */
export function parseDutchFinanceStatus(value: unknown): DutchFinanceStatus | null {
  return (DUTCH_FINANCE_STATUS_CODES as readonly unknown[]).includes(value) ? (value as DutchFinanceStatus) : null
}

/**
 * Where each status may go next (see the table at the top of this file).
 *
 * @example
 * DUTCH_FINANCE_TRANSITIONS[2] // [3, 10, 8]
 */
export const DUTCH_FINANCE_TRANSITIONS: Readonly<Record<DutchFinanceStatus, readonly DutchFinanceStatus[]>> = {
  1: [2, 8],
  2: [3, 10, 8],
  3: [4, 8],
  4: [6, 8],
  6: [7, 8],
  7: [],
  8: [],
  10: [],
}

/**
 * Whether an application may move from one status to another.
 *
 * @example
 * canTransition(3, 4) // true
 * canTransition(7, 8) // false
 */
export function canTransition(from: DutchFinanceStatus, to: DutchFinanceStatus): boolean {
  return DUTCH_FINANCE_TRANSITIONS[from].includes(to)
}

/**
 * The outcome of a status change: the new status, or a problem with its message key and values.
 *
 * @example
 * const result: TransitionResult = transition(2, 3) // { ok: true, status: 3 }
 */
export type TransitionResult =
  | { ok: true; status: DutchFinanceStatus }
  | {
      ok: false
      code: 'statusTransitionNotAllowed'
      messageKey: 'finance.problem.statusTransitionNotAllowed'
      params: { from: string; to: string }
    }

/**
 * Moves an application to a new status if the machine allows it. The problem's `from` and `to` are
 * message keys of the status names, for the message "… from {from} to {to}".
 *
 * @example
 * transition(1, 2) // { ok: true, status: 2 }
 * transition(10, 3).ok // false
 */
export function transition(from: DutchFinanceStatus, to: DutchFinanceStatus): TransitionResult {
  if (canTransition(from, to)) return { ok: true, status: to }
  return {
    ok: false,
    code: 'statusTransitionNotAllowed',
    messageKey: 'finance.problem.statusTransitionNotAllowed',
    params: { from: DUTCH_FINANCE_STATUSES[from].messageKey, to: DUTCH_FINANCE_STATUSES[to].messageKey },
  }
}
