/**
 * One problem with one field of a form, whichever form it is: the order's personal fields, a card, the consents,
 * a trade-in, a home-charger enquiry, a test drive or a finance request. The screen formats `messageKey` with
 * `params`, `{label}` = the translation of `labelKey`, and each of `valueKeys` translated. Pure and free of zod,
 * so the browser may import it.
 *
 * @example
 * const p: FieldProblem<'zip'> = { field: 'zip', code: 'invalid', messageKey: 'validation.invalid',
 *   labelKey: 'order.field.zip' }
 */
export interface FieldProblem<Field extends string = string, Key extends string = string> {
  field: Field
  /** What went wrong, for callers and logs: `required`, `requiredSelect`, `invalid`, or a form's own reason. */
  code: string
  messageKey: Key
  /** The field's name inside a sentence, for the `{label}` of the SPEC §5 messages. */
  labelKey?: string
  /** Values of the message's other placeholders (a phone example, an allowed range). */
  params?: Record<string, string | number>
  /** Placeholders filled with another message, e.g. `{ consent: 'order.consentName.terms' }`. */
  valueKeys?: Record<string, string>
}

/**
 * The SPEC §5 messages: "Please enter your {label}", "Please select a {label}", "Please enter a valid {label}".
 *
 * @example
 * SPEC_MESSAGE_KEYS.requiredSelect // 'validation.select'
 */
export const SPEC_MESSAGE_KEYS = {
  required: 'validation.required',
  requiredSelect: 'validation.select',
  invalid: 'validation.invalid',
} as const
export type SpecProblemCode = keyof typeof SPEC_MESSAGE_KEYS
export type SpecMessageKey = (typeof SPEC_MESSAGE_KEYS)[SpecProblemCode]
