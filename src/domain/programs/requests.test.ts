import { describe, expect, it } from 'vitest'
import {
  customerMayCancel,
  FIRST_STATUS,
  isFinal,
  parseRequestStatus,
  REQUEST_KINDS,
  REQUEST_STATUSES,
  staffMoves,
} from './requests'

describe('subscription request statuses (the lease statuses of SPEC §4)', () => {
  it('go requested → purchase order → allocated → delivered', () => {
    expect(FIRST_STATUS.subscription).toBe('requested')
    expect(staffMoves('subscription', 'requested')).toEqual(['poPlaced', 'requestCancelled'])
    expect(staffMoves('subscription', 'poPlaced')).toEqual(['allocated', 'requestCancelled'])
    expect(staffMoves('subscription', 'allocated')).toEqual(['delivered'])
    expect(isFinal('subscription', 'delivered')).toBe(true)
    expect(isFinal('subscription', 'requestCancelled')).toBe(true)
  })

  it('let the customer cancel until a car is allocated', () => {
    expect(customerMayCancel('subscription', 'requested')).toBe(true)
    expect(customerMayCancel('subscription', 'poPlaced')).toBe(true)
    expect(customerMayCancel('subscription', 'allocated')).toBe(false)
    expect(customerMayCancel('subscription', 'delivered')).toBe(false)
    expect(customerMayCancel('subscription', 'requestCancelled')).toBe(false)
  })
})

describe('home-charger enquiry statuses', () => {
  it('go received → contacted → installation booked → installed, and may close until installed', () => {
    expect(FIRST_STATUS.charger).toBe('received')
    expect(staffMoves('charger', 'received')).toEqual(['contacted', 'closed'])
    expect(staffMoves('charger', 'contacted')).toEqual(['installationBooked', 'closed'])
    expect(staffMoves('charger', 'installationBooked')).toEqual(['installed', 'closed'])
    expect(isFinal('charger', 'installed')).toBe(true)
    expect(isFinal('charger', 'closed')).toBe(true)
  })

  it('are closed by the installer, never cancelled online', () => {
    for (const status of REQUEST_STATUSES.charger) expect(customerMayCancel('charger', status)).toBe(false)
  })
})

describe('parsing a status', () => {
  it('accepts only a status of the request’s own kind', () => {
    expect(parseRequestStatus('charger', 'contacted')).toBe('contacted')
    expect(parseRequestStatus('subscription', 'contacted')).toBeNull()
    expect(parseRequestStatus('charger', 'poPlaced')).toBeNull()
    expect(parseRequestStatus('subscription', 3)).toBeNull()
  })

  it('never offers a move to a status of the other kind', () => {
    for (const kind of REQUEST_KINDS)
      for (const status of REQUEST_STATUSES[kind])
        for (const next of staffMoves(kind, status)) expect(parseRequestStatus(kind, next)).toBe(next)
  })
})
