import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { COUNTRY_SITES, SITE_ENDONYMS } from '../i18n/sites'
import type { FieldErrors } from './form'
import { useT } from './intl-context'

/**
 * A labelled select with its error, tied together for screen readers like `Field`.
 *
 * @example
 * <SelectField form="charger" name="houseType" label="charger.label.houseType" value={v} errors={errors}
 *   options={[{ value: 'detached', label: t('charger.houseType.detached') }]} />
 */
export function SelectField(props: {
  form: string
  name: string
  label: MessageKey
  value?: string
  errors: FieldErrors
  placeholder: MessageKey
  options?: readonly { value: string; label: string }[]
  groups?: readonly { label: string; options: readonly { value: string; label: string }[] }[]
}) {
  const t = useT()
  const id = `${props.form}-${props.name}`
  const error = props.errors[props.name]
  const option = (o: { value: string; label: string }) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  )
  return (
    <div className="field">
      <label htmlFor={id}>{t(props.label)}</label>
      <select
        id={id}
        name={props.name}
        defaultValue={props.value ?? ''}
        required
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{t(props.placeholder)}</option>
        {props.options?.map(option)}
        {props.groups?.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map(option)}
          </optgroup>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {t(error.key, { ...error.values, ...(error.label ? { label: t(error.label) } : {}) })}
        </p>
      ) : null}
    </div>
  )
}

/**
 * The global site's stand-in for a country service: a heading, why, and a link to the same page on every
 * country site.
 *
 * @example
 * <ChooseCountry path="/trade-in" heading="tradeIn.global.heading" body="tradeIn.global.body" />
 */
export function ChooseCountry({ path, heading, body }: { path: string; heading: MessageKey; body: MessageKey }) {
  const t = useT()
  return (
    <section className="notice" aria-labelledby="choose-country">
      <h2 id="choose-country">{t(heading)}</h2>
      <p>{t(body)}</p>
      <ul className="country-list">
        {COUNTRY_SITES.filter((s) => s.canOrder).map((s) => (
          <li key={s.prefix}>
            <a href={linkTo(s, path)} lang={s.locale} hrefLang={s.locale}>
              {SITE_ENDONYMS[s.prefix]}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
