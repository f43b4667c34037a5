/**
 * The quote request form (SPEC §2 "quote request"): who to send the offer to and the privacy statement. Checked
 * with zod (server only): a name of at most 80 characters, the standard e-mail pattern, a phone in the country's
 * format (stored in E.164), the privacy statement accepted.
 */
import { z } from 'zod'
import { isValidEmail, normalizePhone, type StoreCountry } from '../testdrive/phone'
import { formContext, INVALID, parseForm, postedText, requiredField, rule } from '../validation/form-schema'
import { withinLength } from '../validation/person-name'
import type { FieldProblem } from '../validation/problem'

/** The form's fields in screen order. */
export const QUOTE_FIELDS = ['name', 'email', 'phone', 'privacyAccepted'] as const
export type QuoteField = (typeof QUOTE_FIELDS)[number]

/**
 * One problem with one field: the SPEC §5 messages with the field's label (`field.<field>`), or the privacy
 * statement's own.
 *
 * @example
 * const p: QuoteProblem = { field: 'email', code: 'invalid', messageKey: 'validation.invalid', labelKey: 'field.email' }
 */
export type QuoteProblem = FieldProblem<QuoteField>

/**
 * A valid request's contact, normalised for storage.
 *
 * @example
 * const c: QuoteContact = { name: 'Anne de Vries', email: 'anne@example.com', phone: '+31612345678' }
 */
export interface QuoteContact {
  name: string
  email: string
  phone: string
}

/** The site's country, which the phone's format is the one of. */
const quote = formContext<StoreCountry>()

const QUOTE_SCHEMA = z.object({
  name: requiredField(withinLength(80)),
  email: requiredField(z.string().refine(isValidEmail, INVALID)),
  phone: requiredField(rule((text) => normalizePhone(quote.get(), text))),
  privacyAccepted: postedText.pipe(z.literal('yes', { error: 'quote.problem.privacyRequired' })),
})

/**
 * Checks a quote request of a country site; problems in field order, one per field.
 *
 * @example
 * validateQuoteRequest({ name: 'Anne', email: 'anne@example.com', phone: '06 12345678', privacyAccepted: 'yes' },
 *   'NL').values?.phone // '+31612345678'
 */
export function validateQuoteRequest(
  input: Partial<Record<QuoteField, string | null>>,
  country: StoreCountry,
): { values: QuoteContact | null; problems: QuoteProblem[] } {
  const { values, problems } = quote.run(country, () =>
    parseForm(QUOTE_SCHEMA, input, QUOTE_FIELDS, (field) => `field.${field}`),
  )
  if (!values) return { values: null, problems }
  return { problems, values: { name: values.name, email: values.email, phone: values.phone } }
}
