import { describe, expect, it } from 'vitest'
import {
  customerCancellation,
  FIRST_STATUS,
  freesSlot,
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
    expect(customerCancellation('subscription', 'requested')).toBe('requestCancelled')
    expect(customerCancellation('subscription', 'poPlaced')).toBe('requestCancelled')
    expect(customerCancellation('subscription', 'allocated')).toBeNull()
    expect(customerCancellation('subscription', 'delivered')).toBeNull()
    expect(customerCancellation('subscription', 'requestCancelled')).toBeNull()
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
    for (const status of REQUEST_STATUSES.charger) expect(customerCancellation('charger', status)).toBeNull()
  })
})

describe('test-drive booking statuses', () => {
  it('go requested → confirmed by the store → completed, or declined', () => {
    expect(FIRST_STATUS.testDrive).toBe('requested')
    expect(staffMoves('testDrive', 'requested')).toEqual(['confirmed', 'declined', 'cancelled'])
    expect(staffMoves('testDrive', 'confirmed')).toEqual(['completed', 'declined', 'cancelled'])
    expect(isFinal('testDrive', 'completed')).toBe(true)
  })

  it('let the customer cancel until the drive took place, and free the slot when not taking place', () => {
    expect(customerCancellation('testDrive', 'requested')).toBe('cancelled')
    expect(customerCancellation('testDrive', 'confirmed')).toBe('cancelled')
    expect(customerCancellation('testDrive', 'completed')).toBeNull()
    expect(customerCancellation('testDrive', 'declined')).toBeNull()
    expect(REQUEST_STATUSES.testDrive.filter(freesSlot)).toEqual(['declined', 'cancelled'])
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
