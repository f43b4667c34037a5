/** Fixtures of the order tests. */
import { money } from '../money'
import { type ConsentRecord, type ConsentTextVersions, checkConsents } from './consents'
import { createOrder, type NewOrder, type Order, type OrderKind, type RandomBytes } from './order'
import type { NormalisedPersonal } from './personal'

export const AT = '2026-03-01T09:30:00.000Z'

export const versions: ConsentTextVersions = {
  terms: '2026-01',
  orderAgreement: '2026-01',
  reservationAgreement: '2025-09',
  marketing: '2024-05',
}

/** A random source that returns the given bytes, then repeats them. */
export const fixedRandom =
  (...bytes: number[]): RandomBytes =>
  (length) =>
    Uint8Array.from({ length }, (_, i) => bytes[i % bytes.length] ?? 0)

export const contact: NormalisedPersonal = {
  firstName: 'Kari',
  lastName: 'Nordmann',
  country: 'NO',
  zip: '0150',
  city: 'Oslo',
  street: 'Storgata 1',
  apartment: null,
  email: 'kari@example.no',
  phone: '+4741234567',
  usage: 'personal',
  companyName: null,
  companyNumber: null,
  companyAddress: null,
  birthday: null,
  financeId: null,
}

export function consentsFor(kind: OrderKind): ConsentRecord[] {
  const { records } = checkConsents(
    kind,
    { terms: true, orderAgreement: true, reservationAgreement: true, marketing: true },
    versions,
    AT,
  )
  if (records === null) throw new Error('fixture consents')
  return records
}

export function newOrder(kind: OrderKind, lease = false): NewOrder {
  return {
    kind,
    contact,
    storeId: 'no-oslo-skoyen',
    financePreference: lease ? 'operationalLease' : 'cash',
    financeOption: null,
    vehiclePrice: money(45990000, 'NOK'),
    totalInclVat: money(46990000, 'NOK'),
    depositAmount: kind === 'reservation' ? null : money(lease ? 0 : 1000000, 'NOK'),
    reservationFee: kind === 'reservation' ? money(500000, 'NOK') : null,
    incentives: [],
    consents: consentsFor(kind),
  }
}

/** A freshly placed order (or lease request). */
export function placed(kind: OrderKind = 'order', lease = false): Order {
  return createOrder(newOrder(kind, lease), fixedRandom(1, 2, 3, 4, 5, 6), AT)
}
