/**
 * The personal form of an order, pre-order or reservation (SPEC §3 "Personal form", §5): checks every field and
 * normalises the values for storage, with zod (server only: no browser bundle imports this module).
 *
 * Rules (ours where SPEC gives none):
 * - country: the site's country; the global site cannot order, so every country there is invalid.
 * - names: 1–80 letters (any script, accents and combining marks), spaces, hyphens, apostrophes; starting with a
 *   letter; inner runs of spaces collapse to one.
 * - zip: the national format of ZIP_RULES, stored in its canonical spelling (`123 45`, `1234 AB`, LU without `L-`).
 * - city ≤ 80, street and house number ≤ 120 with a letter and a digit, apartment and floor optional ≤ 40,
 *   company name ≤ 120, company address ≤ 200; no control characters anywhere.
 * - e-mail: the standard pattern of the test-drive form; phone: the country's format, stored in E.164 (phone.ts).
 * - usage: 'personal' or 'business'; only business asks company name, number and address (ignored otherwise).
 * - company number: COMPANY_NUMBER_RULES, format only (no check digits: the store verifies it in the registry);
 *   stored compact and upper-case. Denmark labels it CVR.
 * - birthday: asked only for a Dutch private lease; a real date on which the customer was at least 18 on the
 *   order date (born 29 February: adult from 1 March in years without one), and at most 120 years before it.
 * - finance id: optional, 1–64 letters, digits, `-` or `_`, starting with a letter or digit.
 */
import { z } from 'zod'
import type { CountryCode, IsoDate, Usage } from '../catalog/markets'
import { isIsoDate } from '../catalog/markets'
import type { FinanceKind } from '../finance/products'
import { isStoreCountry, isValidEmail, normalizePhone, type StoreCountry } from '../testdrive/phone'
import {
  askedWhen,
  formContext,
  INVALID,
  optionalField,
  parseForm,
  postedText,
  requiredField,
  rule,
} from '../validation/form-schema'
import { personName } from '../validation/person-name'
import type { FieldProblem } from '../validation/problem'
import { normalizeZip } from './zip'

/**
 * A country that can take orders: every country site, not the global one.
 *
 * @example
 * const country: OrderCountry = 'NL'
 */
export type OrderCountry = StoreCountry

export { normalizeZip, ZIP_RULES, type ZipRule, zipTakesDigitsOnly } from './zip'

/**
 * The personal form's fields in screen order; problems come in this order.
 *
 * @example
 * PERSONAL_FIELDS[0] // 'firstName'
 */
export const PERSONAL_FIELDS = [
  'firstName',
  'lastName',
  'country',
  'zip',
  'city',
  'street',
  'apartment',
  'email',
  'phone',
  'usage',
  'companyName',
  'companyNumber',
  'companyAddress',
  'birthday',
  'financeId',
] as const
export type PersonalField = (typeof PERSONAL_FIELDS)[number]

/**
 * The in-sentence label of a field, for the `{label}` of the validation messages.
 *
 * @example
 * const key: PersonalLabelKey = 'order.field.zip'
 */
export type PersonalLabelKey = `order.field.${PersonalField}` | 'order.field.cvr'

/**
 * The label key of a field in a country: `order.field.<field>`, except the Danish company number, which is the
 * CVR number (`order.field.cvr`).
 *
 * @example
 * personalLabelKey('zip', 'NO') // 'order.field.zip'
 * personalLabelKey('companyNumber', 'DK') // 'order.field.cvr'
 */
export function personalLabelKey(field: PersonalField, country: CountryCode | null): PersonalLabelKey {
  return field === 'companyNumber' && country === 'DK' ? 'order.field.cvr' : `order.field.${field}`
}

/**
 * The visible label of a field above its input ("First name", "Apartment and floor (optional)").
 *
 * @example
 * const key: PersonalVisibleLabelKey = 'order.label.apartment'
 */
export type PersonalVisibleLabelKey = `order.label.${PersonalField}` | 'order.label.cvr'

/**
 * The visible label key of a field in a country: `order.label.<field>`, the Danish company number `order.label.cvr`.
 *
 * @example
 * personalVisibleLabelKey('companyNumber', 'DK') // 'order.label.cvr'
 */
export function personalVisibleLabelKey(field: PersonalField, country: CountryCode | null): PersonalVisibleLabelKey {
  return field === 'companyNumber' && country === 'DK' ? 'order.label.cvr' : `order.label.${field}`
}

/**
 * One problem with one field of the personal form.
 *
 * @example
 * const p: PersonalProblem = { field: 'zip', code: 'invalid', messageKey: 'validation.invalid',
 *   labelKey: 'order.field.zip' }
 */
export type PersonalProblem = FieldProblem<PersonalField>

/**
 * The form as the browser sends it; anything may be missing or empty.
 *
 * @example
 * const input: PersonalInput = { firstName: 'Kari', lastName: 'Nordmann', country: 'NO', zip: '0150',
 *   city: 'Oslo', street: 'Storgata 1', email: 'kari@example.no', phone: '412 34 567', usage: 'personal' }
 */
export type PersonalInput = Partial<Record<PersonalField, string | null>>

/**
 * What the check needs besides the form: the site's country, the order date (for the age) and the chosen finance
 * kind (a Dutch private lease asks the birthday).
 *
 * @example
 * const context: PersonalContext = { site: 'NL', orderDate: '2026-03-01', financeKind: 'privateLease' }
 */
export interface PersonalContext {
  site: CountryCode
  orderDate: IsoDate
  financeKind?: FinanceKind | null
}

/**
 * A form without problems, normalised for storage: trimmed texts, canonical zip, E.164 phone, compact company
 * number; fields the form did not ask are null.
 *
 * @example
 * const p: NormalisedPersonal = { firstName: 'Kari', lastName: 'Nordmann', country: 'NO', zip: '0150',
 *   city: 'Oslo', street: 'Storgata 1', apartment: null, email: 'kari@example.no', phone: '+4741234567',
 *   usage: 'personal', companyName: null, companyNumber: null, companyAddress: null, birthday: null,
 *   financeId: null }
 */
export interface NormalisedPersonal {
  firstName: string
  lastName: string
  country: OrderCountry
  zip: string
  city: string
  street: string
  apartment: string | null
  email: string
  phone: string
  usage: Usage
  companyName: string | null
  companyNumber: string | null
  companyAddress: string | null
  birthday: IsoDate | null
  financeId: string | null
}

/**
 * The company numbers a country accepts, matched against the compact upper-case form (spaces, dots, hyphens and
 * slashes removed). Format only:
 * - NO organisasjonsnummer: 9 digits starting 8 or 9, optionally `NO` … `MVA` (stored as the 9 digits)
 * - SE organisationsnummer: 10 digits (`556036-0793`), or VAT `SE` + 10 digits + `01` (stored as `NNNNNN-NNNN`)
 * - DK CVR: 8 digits, optionally `DK` (stored as the 8 digits)
 * - NL KvK-nummer: 8 digits, or btw-id `NL` + 9 digits + `B` + 2 digits
 * - DE USt-IdNr `DE` + 9 digits, or Handelsregister `HRA`/`HRB` + 1–6 digits (+ up to 2 letters, `HRB 12345 B`)
 * - FR SIREN 9 digits, SIRET 14 digits, or TVA `FR` + 2 characters + 9 digits
 * - BE ondernemingsnummer / numéro d’entreprise: 10 digits starting 0 or 1 (`0123.456.789`), optionally `BE`
 *   (stored as the 10 digits)
 * - LU RCS `B` + 1–6 digits, or TVA `LU` + 8 digits
 * - AT Firmenbuchnummer `FN` + 1–6 digits + check letter (`FN 123456 a`), or UID `ATU` + 8 digits
 * - IS kennitala: 10 digits (`530269-7609`, stored without hyphen)
 * - TH tax identification (juristic person) number: 13 digits
 *
 * @example
 * COMPANY_NUMBER_RULES.DK.example // '12345678'
 */
export const COMPANY_NUMBER_RULES: Record<
  OrderCountry,
  { patterns: readonly RegExp[]; normalise?: (compact: string) => string; example: string }
> = {
  NO: { patterns: [/^(?:NO)?([89]\d{8})(?:MVA)?$/], example: '923609016' },
  SE: {
    patterns: [/^(\d{10})$/, /^SE(\d{10})01$/],
    normalise: (digits) => `${digits.slice(0, 6)}-${digits.slice(6)}`,
    example: '556036-0793',
  },
  DK: { patterns: [/^(?:DK)?(\d{8})$/], example: '12345678' },
  NL: { patterns: [/^(\d{8})$/, /^(NL\d{9}B\d{2})$/], example: '12345678' },
  DE: { patterns: [/^(DE\d{9})$/, /^(HR[AB]\d{1,6}[A-Z]{0,2})$/], example: 'DE123456789' },
  FR: { patterns: [/^(\d{9})$/, /^(\d{14})$/, /^(FR[0-9A-Z]{2}\d{9})$/], example: '732829320' },
  BE: { patterns: [/^(?:BE)?([01]\d{9})$/], example: '0123.456.749' },
  LU: { patterns: [/^(B\d{1,6})$/, /^(LU\d{8})$/], example: 'B123456' },
  AT: { patterns: [/^(FN\d{1,6}[A-Z])$/, /^(ATU\d{8})$/], example: 'FN 123456 a' },
  IS: { patterns: [/^(\d{10})$/], example: '530269-7609' },
  TH: { patterns: [/^(\d{13})$/], example: '0105512345678' },
}

/**
 * A company number in its stored form, or null when it fits none of the country's formats.
 *
 * @example
 * normalizeCompanyNumber('BE', 'BE 0123.456.749') // '0123456749'
 * normalizeCompanyNumber('DK', '1234567') // null
 */
export function normalizeCompanyNumber(country: OrderCountry, input: string): string | null {
  const rule = COMPANY_NUMBER_RULES[country]
  const compact = input.toUpperCase().replace(/[\s./-]/g, '')
  for (const pattern of rule.patterns) {
    const value = pattern.exec(compact)?.[1]
    if (value !== undefined) return rule.normalise ? rule.normalise(value) : value
  }
  return null
}

/**
 * Whether a person born on `birthday` is at least `years` old on `date` (both ISO dates); someone born on
 * 29 February comes of age on 1 March in years without one.
 *
 * @example
 * isAtLeastYearsOld('2008-03-01', '2026-03-01', 18) // true
 * isAtLeastYearsOld('2008-03-02', '2026-03-01', 18) // false
 */
export function isAtLeastYearsOld(birthday: IsoDate, date: IsoDate, years: number): boolean {
  if (!isIsoDate(birthday) || !isIsoDate(date)) throw new RangeError(`not a date: ${birthday} / ${date}`)
  const year = Number(birthday.slice(0, 4)) + years
  return `${String(year).padStart(4, '0')}${birthday.slice(4)}` <= date
}

/**
 * Whether the form asks the birthday: only for a Dutch private lease (SPEC §5).
 *
 * @example
 * needsBirthday('NL', 'privateLease') // true
 * needsBirthday('NL', 'bankPrivateLease') // false
 */
export function needsBirthday(country: CountryCode, financeKind: FinanceKind | null | undefined): boolean {
  return financeKind === 'privateLease' && country === 'NL'
}

/**
 * The minimum age of a Dutch private-lease customer on the order date.
 *
 * @example
 * isAtLeastYearsOld(birthday, orderDate, MIN_LEASE_AGE)
 */
export const MIN_LEASE_AGE = 18
/** The birthday's message when the customer is younger than MIN_LEASE_AGE (`{age}`). */
const TOO_YOUNG_KEY = 'order.problem.tooYoungToLease'
const MAX_AGE = 120

const NO_CONTROL = /^[^\p{Cc}\p{Cf}\p{Co}\p{Cn}]*$/u
const LETTER = /\p{L}/u
const DIGIT = /\p{Nd}/u
const FINANCE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/

const length = (value: string) => [...value].length
const within = (max: number) => (value: string) => length(value) <= max && NO_CONTROL.test(value)
const plainText = (max: number) => z.string().refine((value) => within(max)(value) && LETTER.test(value), INVALID)
const NAME_MAX = 80

/** What the personal form is judged against: the submission's context, its country (null when the form names
 * another than the site's), whether it is for business use and whether it asks the birthday. */
const personal = formContext<{
  context: PersonalContext
  country: OrderCountry | null
  business: boolean
  askBirthday: boolean
}>()

/** A rule of the country's format; not judged when the country is wrong (the country field is the problem then). */
const inCountry = (normalise: (country: OrderCountry, text: string) => string | null) =>
  rule((text) => {
    const { country } = personal.get()
    return country === null ? text : normalise(country, text)
  })

const PERSONAL_SCHEMA = z.object({
  firstName: requiredField(personName(NAME_MAX)),
  lastName: requiredField(personName(NAME_MAX)),
  country: requiredField(
    rule((text) => {
      const { country } = personal.get()
      return text.toUpperCase() === country ? country : null
    }),
    true,
  ),
  zip: requiredField(inCountry(normalizeZip)),
  city: requiredField(plainText(80)),
  street: requiredField(plainText(120).refine((value) => DIGIT.test(value), INVALID)),
  apartment: optionalField(z.string().refine(within(40), INVALID)),
  email: requiredField(z.string().refine(isValidEmail, INVALID)),
  phone: requiredField(inCountry(normalizePhone)),
  usage: requiredField(z.enum(['personal', 'business'], INVALID), true),
  companyName: askedWhen(
    () => personal.get().business,
    requiredField(z.string().refine((value) => within(120)(value) && /[\p{L}\p{Nd}]/u.test(value), INVALID)),
  ),
  companyNumber: askedWhen(() => personal.get().business, requiredField(inCountry(normalizeCompanyNumber))),
  companyAddress: askedWhen(() => personal.get().business, requiredField(plainText(200))),
  birthday: askedWhen(
    () => personal.get().askBirthday,
    requiredField(
      z.string().superRefine((value, ctx) => {
        const { orderDate } = personal.get().context
        if (!isIsoDate(value) || isAtLeastYearsOld(value, orderDate, MAX_AGE + 1)) {
          ctx.addIssue({ code: 'custom', message: INVALID.error, input: value })
        } else if (!isAtLeastYearsOld(value, orderDate, MIN_LEASE_AGE)) {
          // Said as the rule, not as "not valid": the date is real, the customer is too young to lease.
          ctx.addIssue({ code: 'custom', message: TOO_YOUNG_KEY, params: { age: MIN_LEASE_AGE }, input: value })
        }
      }),
    ),
  ),
  financeId: optionalField(z.string().regex(FINANCE_ID, INVALID)),
})

/**
 * Checks the personal form (rules at the top of this file) and normalises it. Problems come in field order, at
 * most one per field; `values` is set only when there are none.
 *
 * @example
 * validatePersonal({ firstName: 'Kari', country: 'NO' }, { site: 'NO', orderDate: '2026-03-01' }).problems[0]
 * // { field: 'lastName', code: 'required', messageKey: 'validation.required', labelKey: 'order.field.lastName' }
 */
export function validatePersonal(
  input: PersonalInput,
  context: PersonalContext,
): { values: NormalisedPersonal | null; problems: PersonalProblem[] } {
  if (!isIsoDate(context.orderDate)) throw new RangeError(`orderDate must be an ISO date, got ${context.orderDate}`)
  const site = context.site
  const posted = (field: PersonalField) => postedText.parse(input[field])
  const country = isStoreCountry(site) && posted('country').toUpperCase() === site ? site : null
  const judged = {
    context,
    country,
    business: posted('usage') === 'business',
    askBirthday: needsBirthday(site, context.financeKind),
  }
  const { values, problems } = personal.run(judged, () =>
    parseForm(PERSONAL_SCHEMA, input, PERSONAL_FIELDS, (field) => personalLabelKey(field, site)),
  )
  if (!values || country === null) return { values: null, problems }
  return { problems, values: { ...values, country } }
}
