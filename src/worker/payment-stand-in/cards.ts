/**
 * Stripe's published test cards and test bank accounts that the stand-in knows (docs.stripe.com/testing), and what
 * each does. Any other valid number is refused as Stripe's test mode refuses a real card.
 */

export type CardBehaviour =
  | { kind: 'succeeds'; brand: string }
  | { kind: 'declined'; code: 'generic_decline' | 'insufficient_funds'; brand: string }
  | { kind: 'challenge'; after: 'succeeds' | 'declined'; brand: string }
  | { kind: 'refundFails'; brand: string }

export const TEST_CARDS: Record<string, CardBehaviour & { label: string }> = {
  '4242424242424242': { kind: 'succeeds', brand: 'visa', label: 'Succeeds' },
  '5555555555554444': { kind: 'succeeds', brand: 'mastercard', label: 'Succeeds (Mastercard)' },
  '4000000000000002': { kind: 'declined', code: 'generic_decline', brand: 'visa', label: 'Declined' },
  '4000000000009995': {
    kind: 'declined',
    code: 'insufficient_funds',
    brand: 'visa',
    label: 'Declined: insufficient funds',
  },
  '4000000000003220': {
    kind: 'challenge',
    after: 'succeeds',
    brand: 'visa',
    label: '3-D Secure challenge, then succeeds',
  },
  '4000008400001629': {
    kind: 'challenge',
    after: 'declined',
    brand: 'visa',
    label: '3-D Secure challenge, then declined',
  },
  '4000000000005126': { kind: 'refundFails', brand: 'visa', label: 'Succeeds; a refund of it fails' },
}

/** SEPA Direct Debit test IBANs: processing first, then the outcome after the delay. */
export const TEST_IBANS: Record<string, { outcome: 'succeeded' | 'failed'; afterSeconds: number; label: string }> = {
  DE89370400440532013000: { outcome: 'succeeded', afterSeconds: 10, label: 'Processing, then succeeds' },
  DE62370400440532013001: {
    outcome: 'succeeded',
    afterSeconds: 180,
    label: 'Processing, then succeeds after 3 minutes',
  },
  DE35370400440532013002: { outcome: 'failed', afterSeconds: 10, label: 'Processing, then fails' },
}

export const DECLINE_MESSAGES = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  live_card: 'Your card was declined. Your request was in test mode, but used a non test (live) card.',
  authentication:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  invalid_number: 'Your card number is invalid.',
  invalid_expiry: "Your card's expiration date is invalid or in the past.",
  invalid_cvc: "Your card's security code is incomplete.",
  invalid_iban: 'The IBAN you entered is invalid.',
  provider_declined: 'The payment was declined by the payment method provider.',
} as const

/** Whether a card number passes the Luhn check. */
export function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return digits.length >= 12 && sum % 10 === 0
}

/**
 * An expiry that is not before this month, typed as Stripe's field takes it: `MM / YY`, `MM/YY` or the four digits
 * alone (`0130`); a one-digit month needs its slash (`1/30`), since `130` could be read two ways.
 *
 * @example
 * validExpiry('0130', new Date('2026-12-02')) // true
 */
export function validExpiry(text: string, now: Date): boolean {
  const match = /^(?:(\d{2})\s*\/?|(\d)\s*\/)\s*(\d{2})$/.exec(text.trim())
  if (!match) return false
  const month = Number(match[1] ?? match[2])
  const year = 2000 + Number(match[3])
  const thisYear = now.getUTCFullYear()
  return month >= 1 && month <= 12 && (year > thisYear || (year === thisYear && month >= now.getUTCMonth() + 1))
}
