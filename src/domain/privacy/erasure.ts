import type { NormalisedPersonal } from '../order/personal'

/**
 * The version of the marketing-consent text on the privacy page (`privacy.marketing.label`). Raise it when the text
 * changes: each recorded consent names the version it answered.
 */
export const MARKETING_CONSENT_VERSION = '2026-11-24'

/**
 * How long orders and payments are kept after the year of the order: the longest bookkeeping period of our
 * countries (10 years: Germany's HGB § 257 and AO § 147, France's Code de commerce L123-22). The privacy policy
 * states the same figure.
 */
export const ORDER_RETENTION_YEARS = 10

/**
 * An order's contact once the customer's personal data is erased: the country and usage stay (VAT and bookkeeping
 * depend on them), everything that identifies the person is gone.
 *
 * @example
 * anonymisedContact(order.contact).email // ''
 */
export function anonymisedContact(contact: Pick<NormalisedPersonal, 'country' | 'usage'>): NormalisedPersonal {
  return {
    firstName: '',
    lastName: '',
    country: contact.country,
    zip: '',
    city: '',
    street: '',
    apartment: null,
    email: '',
    phone: '',
    usage: contact.usage,
    companyName: null,
    companyNumber: null,
    companyAddress: null,
    birthday: null,
    financeId: null,
  }
}

/** Whether an order's contact has been erased (see anonymisedContact). */
export function isAnonymisedContact(contact: Pick<NormalisedPersonal, 'firstName' | 'lastName' | 'email'>): boolean {
  return contact.firstName === '' && contact.lastName === '' && contact.email === ''
}

/** The address an erased account keeps: unique, unroutable (RFC 2606 `.invalid`), and no one's. */
export const erasedEmail = (userId: string) => `erased-${userId}@erased.invalid`
