/**
 * The card form of the payment step: what a card form asks (number, expiry, security code, name on the card),
 * each checked on its own (zod, server only), so a typo gets its own message and "declined" stays the provider's answer. Pure; the
 * details are only checked here and handed to the provider, never stored or logged.
 */
import { z } from 'zod'
import { formContext, INVALID, parseForm, postedText, requiredField } from '../validation/form-schema'
import type { FieldProblem } from '../validation/problem'

export const CARD_FIELDS = ['cardNumber', 'expiry', 'cvc', 'cardName'] as const
export type CardField = (typeof CARD_FIELDS)[number]

/**
 * One field's problem: `required` when empty, `invalid` otherwise (SPEC §5 wording), labelled
 * `order.pay.field.<field>`.
 *
 * @example
 * const p: CardProblem = { field: 'expiry', code: 'invalid', messageKey: 'validation.invalid',
 *   labelKey: 'order.pay.field.expiry' }
 */
export type CardProblem = FieldProblem<CardField>

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

/** An expiry `MM/YY` or `MM/YYYY` that is not before the month of `today`. */
function notExpired(text: string, today: string): boolean {
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(text)
  if (!expiry) return false
  const month = Number(expiry[1])
  const yearText = expiry[2] ?? ''
  const year = Number(yearText.length === 2 ? `20${yearText}` : yearText)
  const [thisYear, thisMonth] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))]
  return month >= 1 && month <= 12 && (year > thisYear || (year === thisYear && month >= thisMonth))
}

/** Today's date, which a card's expiry must not be before. */
const card = formContext<string>()

const CARD_SCHEMA = z.object({
  // Spaces and dashes are how people write a card number: a number of only those is still empty.
  cardNumber: postedText
    .transform((text) => text.replace(/[\s-]/g, ''))
    .pipe(z.string().min(1, { error: 'required' }))
    .pipe(z.string().refine((digits) => /^\d{12,19}$/.test(digits) && luhn(digits), INVALID)),
  expiry: requiredField(z.string().refine((text) => notExpired(text, card.get()), INVALID)),
  cvc: requiredField(z.string().regex(/^\d{3,4}$/, INVALID)),
  cardName: requiredField(z.string().max(80, INVALID)),
})

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
  const { values, problems } = card.run(today, () =>
    parseForm(CARD_SCHEMA, form, CARD_FIELDS, (field) => `order.pay.field.${field}`),
  )
  return { number: values?.cardNumber ?? null, problems }
}
