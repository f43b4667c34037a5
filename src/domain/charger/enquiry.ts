/**
 * The home-charger enquiry: who to contact, where the charger goes, the kind of house and when the customer would
 * like it installed. Pure, checked with zod (server only); the contact rules are the test-drive form's (e-mail pattern, the country's phone format
 * stored in E.164) and the address rules the order's personal form (national postcode, street with a number).
 *
 * - name: a person's name of 1–80 characters (letters, spaces, hyphens, apostrophes, dots; person-name.ts); e-mail
 *   and phone required.
 * - street 1–120 with a letter and a digit; zip in the country's format (stored canonical); city 1–80.
 * - house type and installation window: one of the lists below.
 * - the privacy statement must be accepted.
 */
import { z } from 'zod'
import { normalizeZip } from '../order/personal'
import { isValidEmail, normalizePhone, type StoreCountry } from '../testdrive/phone'
import { formContext, INVALID, parseForm, postedText, requiredField, rule } from '../validation/form-schema'
import { personName } from '../validation/person-name'
import type { FieldProblem } from '../validation/problem'

/** Kinds of home the installer plans for (cable length, permissions of the housing association). */
export const HOUSE_TYPES = ['detached', 'semiDetached', 'terraced', 'apartment', 'other'] as const
export type HouseType = (typeof HOUSE_TYPES)[number]

/** When the customer would like the installation. */
export const INSTALLATION_WINDOWS = ['withinTwoWeeks', 'withinMonth', 'withinThreeMonths', 'atDelivery'] as const
export type InstallationWindow = (typeof INSTALLATION_WINDOWS)[number]

export const CHARGER_FIELDS = [
  'name',
  'email',
  'phone',
  'street',
  'zip',
  'city',
  'houseType',
  'installationWindow',
  'privacyAccepted',
] as const
export type ChargerField = (typeof CHARGER_FIELDS)[number]

/**
 * One problem with one field; `labelKey` (`charger.field.<field>`) fills the `{label}` of the SPEC §5 messages.
 *
 * @example
 * const p: ChargerProblem = { field: 'zip', code: 'invalid', messageKey: 'validation.invalid',
 *   labelKey: 'charger.field.zip' }
 */
export type ChargerProblem = FieldProblem<ChargerField>

/**
 * A valid enquiry, normalised for storage.
 *
 * @example
 * const e: ChargerEnquiry = { name: 'Anna Berg', email: 'anna@example.se', phone: '+46701234567',
 *   street: 'Storgatan 1', zip: '111 52', city: 'Stockholm', houseType: 'detached',
 *   installationWindow: 'withinMonth' }
 */
export interface ChargerEnquiry {
  name: string
  email: string
  phone: string
  street: string
  zip: string
  city: string
  houseType: HouseType
  installationWindow: InstallationWindow
}

const NO_CONTROL = /^[^\p{Cc}\p{Cf}\p{Co}\p{Cn}]*$/u
const within = (max: number, also: RegExp[]) =>
  z
    .string()
    .refine(
      (value) => [...value].length <= max && NO_CONTROL.test(value) && also.every((re) => re.test(value)),
      INVALID,
    )

/** The site's country, which the phone and postcode formats are the ones of. */
const charger = formContext<StoreCountry>()

const CHARGER_SCHEMA = z.object({
  name: requiredField(personName(80, { dots: true })),
  email: requiredField(z.string().refine(isValidEmail, INVALID)),
  phone: requiredField(rule((text) => normalizePhone(charger.get(), text))),
  street: requiredField(within(120, [/\p{L}/u, /\p{Nd}/u])),
  zip: requiredField(rule((text) => normalizeZip(charger.get(), text))),
  city: requiredField(within(80, [/\p{L}/u])),
  houseType: requiredField(z.enum(HOUSE_TYPES, INVALID), true),
  installationWindow: requiredField(z.enum(INSTALLATION_WINDOWS, INVALID), true),
  privacyAccepted: postedText.pipe(z.literal('yes', { error: 'charger.problem.privacyRequired' })),
})

/**
 * Checks an enquiry (rules at the top of this file). Problems come in field order, one per field.
 *
 * @example
 * validateChargerEnquiry({ name: '' }, 'SE').problems[0]
 * // { field: 'name', code: 'required', messageKey: 'validation.required', labelKey: 'charger.field.name' }
 */
export function validateChargerEnquiry(
  input: Partial<Record<ChargerField, string | null>>,
  country: StoreCountry,
): { values: ChargerEnquiry | null; problems: ChargerProblem[] } {
  const { values, problems } = charger.run(country, () =>
    parseForm(CHARGER_SCHEMA, input, CHARGER_FIELDS, (field) => `charger.field.${field}`),
  )
  if (!values) return { values: null, problems }
  const { privacyAccepted: _, ...enquiry } = values
  return { problems, values: enquiry }
}
