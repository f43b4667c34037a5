import type { CountryCode } from '../domain/catalog/markets'
import { zipTakesDigitsOnly } from '../domain/order/zip'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { ConsentField, Field, type FieldErrors } from './form'
import { useT } from './intl-context'
import { useSiteContext } from './site-context'

/**
 * The personal form's text fields a private person fills (SPEC §3 "Personal form"), in screen order; the order,
 * pre-order and subscription forms show them alike.
 *
 * @example
 * PERSONAL_TEXT_FIELDS.includes('zip') // true
 */
export const PERSONAL_TEXT_FIELDS = [
  'firstName',
  'lastName',
  'zip',
  'city',
  'street',
  'apartment',
  'email',
  'phone',
] as const
export type PersonalTextField = (typeof PERSONAL_TEXT_FIELDS)[number]

const AUTOCOMPLETE: Record<PersonalTextField, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  zip: 'postal-code',
  city: 'address-level2',
  street: 'address-line1',
  apartment: 'address-line2',
  email: 'email',
  phone: 'tel',
}

/** The number keypad for a postcode of digits (every country's but the Netherlands'), else the keyboard. */
export function zipInputMode(country: CountryCode): 'numeric' | undefined {
  return country !== 'GLOBAL' && zipTakesDigitsOnly(country) ? 'numeric' : undefined
}

/**
 * A private person's name, address and contact, each field with its label, autocomplete, what was typed and its
 * problem; only the apartment may stay empty.
 *
 * @example
 * <PersonalFields form="order" values={data.values} errors={data.errors} />
 */
export function PersonalFields(props: { form: string; values: Record<string, string>; errors: FieldErrors }) {
  const { site } = useSiteContext()
  return PERSONAL_TEXT_FIELDS.map((name) => (
    <Field
      key={name}
      form={props.form}
      name={name}
      type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
      inputMode={name === 'phone' ? 'tel' : name === 'zip' ? zipInputMode(site.countryCode) : undefined}
      label={`order.label.${name}`}
      value={props.values[name]}
      autoComplete={AUTOCOMPLETE[name]}
      required={name !== 'apartment'}
      errors={props.errors}
    />
  ))
}

/**
 * The privacy statement a request needs (linked to the policy) and the optional marketing consent, ticked as the
 * visitor left them.
 *
 * @example
 * <PrivacyAndMarketing form="quote" privacyLabel="testDrive.label.privacy" values={data.values} errors={data.errors} />
 */
export function PrivacyAndMarketing(props: {
  form: string
  privacyLabel: MessageKey
  values: Record<string, string | undefined>
  errors: FieldErrors
}) {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <>
      <ConsentField
        id={`${props.form}-privacy`}
        name="privacyAccepted"
        label={props.privacyLabel}
        errors={props.errors}
        link={{ href: linkTo(site, '/policy'), label: 'testDrive.privacyLink' }}
        checked={props.values.privacyAccepted === 'yes'}
      />
      <div className="field field--check">
        <input
          id={`${props.form}-marketing`}
          name="marketing"
          type="checkbox"
          value="yes"
          defaultChecked={props.values.marketing === 'yes'}
        />
        <label htmlFor={`${props.form}-marketing`}>{t('quote.marketing')}</label>
      </div>
    </>
  )
}
