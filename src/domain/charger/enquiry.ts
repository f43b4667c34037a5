/**
 * The home-charger enquiry: who to contact, where the charger goes, the kind of house and when the customer would
 * like it installed. Pure; the contact rules are the test-drive form's (e-mail pattern, the country's phone format
 * stored in E.164) and the address rules the order's personal form (national postcode, street with a number).
 *
 * - name 1–80 characters without control characters; e-mail and phone required.
 * - street 1–120 with a letter and a digit; zip in the country's format (stored canonical); city 1–80.
 * - house type and installation window: one of the lists below.
 * - the privacy statement must be accepted.
 */
import { normalizeZip } from '../order/personal'
import { isValidEmail, normalizePhone, type StoreCountry } from '../testdrive/phone'

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
 * One problem with one field; `labelKey` fills the `{label}` of the SPEC §5 messages.
 *
 * @example
 * const p: ChargerProblem = { field: 'zip', messageKey: 'validation.invalid', labelKey: 'charger.field.zip' }
 */
export interface ChargerProblem {
  field: ChargerField
  messageKey: 'validation.required' | 'validation.select' | 'validation.invalid' | 'charger.problem.privacyRequired'
  labelKey?: `charger.field.${Exclude<ChargerField, 'privacyAccepted'>}`
}

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
const within = (value: string, max: number) => [...value].length <= max && NO_CONTROL.test(value)

/**
 * Checks an enquiry (rules at the top of this file). Problems come in field order, one per field.
 *
 * @example
 * validateChargerEnquiry({ name: '' }, 'SE').problems[0]
 * // { field: 'name', messageKey: 'validation.required', labelKey: 'charger.field.name' }
 */
export function validateChargerEnquiry(
  input: Partial<Record<ChargerField, string | null>>,
  country: StoreCountry,
): { values: ChargerEnquiry | null; problems: ChargerProblem[] } {
  const problems: ChargerProblem[] = []
  const v = (field: ChargerField) => (input[field] ?? '').trim().replace(/\s+/g, ' ')
  const fail = (field: Exclude<ChargerField, 'privacyAccepted'>, problem: 'required' | 'select' | 'invalid') =>
    problems.push({ field, messageKey: `validation.${problem}`, labelKey: `charger.field.${field}` })

  if (v('name') === '') fail('name', 'required')
  else if (!within(v('name'), 80) || !/\p{L}/u.test(v('name'))) fail('name', 'invalid')

  if (v('email') === '') fail('email', 'required')
  else if (!isValidEmail(v('email'))) fail('email', 'invalid')

  const phone = normalizePhone(country, v('phone'))
  if (v('phone') === '') fail('phone', 'required')
  else if (phone === null) fail('phone', 'invalid')

  if (v('street') === '') fail('street', 'required')
  else if (!within(v('street'), 120) || !/\p{L}/u.test(v('street')) || !/\p{Nd}/u.test(v('street')))
    fail('street', 'invalid')

  const zip = normalizeZip(country, v('zip'))
  if (v('zip') === '') fail('zip', 'required')
  else if (zip === null) fail('zip', 'invalid')

  if (v('city') === '') fail('city', 'required')
  else if (!within(v('city'), 80) || !/\p{L}/u.test(v('city'))) fail('city', 'invalid')

  const houseType = HOUSE_TYPES.find((h) => h === v('houseType')) ?? null
  if (v('houseType') === '') fail('houseType', 'select')
  else if (houseType === null) fail('houseType', 'invalid')

  const installationWindow = INSTALLATION_WINDOWS.find((w) => w === v('installationWindow')) ?? null
  if (v('installationWindow') === '') fail('installationWindow', 'select')
  else if (installationWindow === null) fail('installationWindow', 'invalid')

  if (v('privacyAccepted') !== 'yes')
    problems.push({ field: 'privacyAccepted', messageKey: 'charger.problem.privacyRequired' })

  if (problems.length > 0 || phone === null || zip === null || houseType === null || installationWindow === null) {
    return { values: null, problems }
  }
  return {
    problems,
    values: {
      name: v('name'),
      email: v('email'),
      phone,
      street: v('street'),
      zip,
      city: v('city'),
      houseType,
      installationWindow,
    },
  }
}
