import { describe, expect, it } from 'vitest'
import {
  canTransition,
  DUTCH_FINANCE_STATUS_CODES,
  DUTCH_FINANCE_STATUSES,
  DUTCH_FINANCE_TRANSITIONS,
  type DutchFinanceStatus,
  parseDutchFinanceStatus,
  transition,
} from './status'

describe('Dutch finance application status', () => {
  it('knows the SPEC §4 codes with their names', () => {
    expect(DUTCH_FINANCE_STATUS_CODES).toEqual([1, 2, 3, 4, 6, 7, 8, 10])
    expect(Object.keys(DUTCH_FINANCE_STATUSES).map(Number)).toEqual([...DUTCH_FINANCE_STATUS_CODES])
    expect(DUTCH_FINANCE_STATUSES[1].name).toBe('waitingForApplication')
    expect(DUTCH_FINANCE_STATUSES[7].messageKey).toBe('finance.status.financingAmountPaid')
    expect(parseDutchFinanceStatus(5)).toBeNull()
    expect(parseDutchFinanceStatus('3')).toBeNull()
    expect(parseDutchFinanceStatus(3)).toBe(3)
  })

  it('walks the happy path from waiting to paid', () => {
    const steps: [DutchFinanceStatus, DutchFinanceStatus][] = [
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 6],
      [6, 7],
    ]
    for (const [from, to] of steps) expect(canTransition(from, to)).toBe(true)
  })

  it('lets an application be cancelled until the money is paid, rejected only while in progress', () => {
    const open = DUTCH_FINANCE_STATUS_CODES.filter((code) => !DUTCH_FINANCE_STATUSES[code].final)
    for (const code of open) expect(canTransition(code, 8)).toBe(true)
    expect(DUTCH_FINANCE_STATUS_CODES.filter((code) => canTransition(code, 10))).toEqual([2])
  })

  it('ends in paid, cancelled and rejected, never skips or goes back', () => {
    for (const code of [7, 8, 10] as const) expect(DUTCH_FINANCE_TRANSITIONS[code]).toEqual([])
    expect(canTransition(1, 3)).toBe(false)
    expect(canTransition(4, 2)).toBe(false)
    expect(canTransition(2, 2)).toBe(false)
    // Every non-final status reaches a final one.
    const reachesFinal = (code: DutchFinanceStatus, seen = new Set<DutchFinanceStatus>()): boolean =>
      DUTCH_FINANCE_STATUSES[code].final ||
      DUTCH_FINANCE_TRANSITIONS[code].some((next) => !seen.has(next) && reachesFinal(next, new Set([...seen, code])))
    for (const code of DUTCH_FINANCE_STATUS_CODES) expect(reachesFinal(code)).toBe(true)
  })

  it('answers a refused move with a message key and the two status names', () => {
    expect(transition(3, 4)).toEqual({ ok: true, status: 4 })
    expect(transition(10, 3)).toEqual({
      ok: false,
      code: 'statusTransitionNotAllowed',
      messageKey: 'finance.problem.statusTransitionNotAllowed',
      params: { from: 'finance.status.rejected', to: 'finance.status.financingApproved' },
    })
  })
})
