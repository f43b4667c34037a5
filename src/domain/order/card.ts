/**
 * The card form of the payment step: what a card form asks (number, expiry, security code, name on the card),
 * each checked on its own, so a typo gets its own message and "declined" stays the provider's answer. Pure; the
 * details are only checked here and handed to the provider, never stored or logged.
 */

export const CARD_FIELDS = ['cardNumber', 'expiry', 'cvc', 'cardName'] as const
export type CardField = (typeof CARD_FIELDS)[number]

/**
 * One field's problem: `required` when empty, `invalid` otherwise (SPEC §5 wording).
 *
 * @example
 * const p: CardProblem = { field: 'expiry', code: 'invalid' }
 */
export interface CardProblem {
  field: CardField
  code: 'required' | 'invalid'
}

/** Whether a card number passes the Luhn check every card number carries. */
function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/**
 * Checks a card form: number (12–19 digits, spaces and dashes allowed, Luhn), expiry `MM/YY` (or `MM/YYYY`)
 * not before the current month of `today`, security code of 3–4 digits, a name. Answers the card's digits
 * when everything is right, else one problem per field in screen order.
 *
 * @example
 * checkCardForm({ cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', cardName: 'A B' }, '2026-11-24')
 * // { number: '4242424242424242', problems: [] }
 */
export function checkCardForm(
  form: Partial<Record<CardField, string>>,
  today: string,
): { number: string | null; problems: CardProblem[] } {
  const problems: CardProblem[] = []
  const value = (field: CardField) => (form[field] ?? '').trim()
  const digits = value('cardNumber').replace(/[\s-]/g, '')
  if (!digits) problems.push({ field: 'cardNumber', code: 'required' })
  else if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) problems.push({ field: 'cardNumber', code: 'invalid' })
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(value('expiry'))
  if (!value('expiry')) problems.push({ field: 'expiry', code: 'required' })
  else {
    const month = Number(expiry?.[1])
    const yearText = expiry?.[2] ?? ''
    const year = Number(yearText.length === 2 ? `20${yearText}` : yearText)
    const [thisYear, thisMonth] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))]
    const valid = expiry && month >= 1 && month <= 12 && (year > thisYear || (year === thisYear && month >= thisMonth))
    if (!valid) problems.push({ field: 'expiry', code: 'invalid' })
  }
  if (!value('cvc')) problems.push({ field: 'cvc', code: 'required' })
  else if (!/^\d{3,4}$/.test(value('cvc'))) problems.push({ field: 'cvc', code: 'invalid' })
  if (!value('cardName')) problems.push({ field: 'cardName', code: 'required' })
  else if (value('cardName').length > 80) problems.push({ field: 'cardName', code: 'invalid' })
  return { number: problems.length === 0 ? digits : null, problems }
}
