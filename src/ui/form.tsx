import type { ReactNode } from 'react'
import type { MessageKey } from '../i18n/intl'
import { useT } from './intl-context'

/**
 * Field-level problems of a form, by field name: a message key and, for the SPEC §5 messages
 * ("Please enter your {label}"), the key of the field's name as used inside a sentence.
 */
export type FieldErrors = Record<
  string,
  | {
      key: MessageKey
      label?: MessageKey
      values?: Record<string, string>
      /** Placeholders filled with another message, e.g. `{ consent: 'order.consentName.terms' }`. */
      valueKeys?: Record<string, MessageKey>
    }
  | undefined
>

/** The text of a field's problem, with its label and every placeholder filled in the page's language. */
export function useErrorText(): (error: NonNullable<FieldErrors[string]>) => string {
  const t = useT()
  return (error) => {
    const values: Record<string, string> = { ...error.values }
    for (const [name, key] of Object.entries(error.valueKeys ?? {})) values[name] = t(key)
    if (error.label) values.label = t(error.label)
    return t(error.key, values)
  }
}

/**
 * The problems of a failed submit, above the form, each linked to its field. It takes the focus when
 * the page loads (the `autofocus` attribute, so also without JavaScript), which scrolls it into view and
 * has screen readers read it (SPEC §5 "scroll to the first error"; WCAG 3.3.1).
 *
 * @example
 * <ErrorSummary form="order" errors={data.errors} ids={{ privacyAccepted: 'quote-privacy' }} />
 */
export function ErrorSummary(props: { form: string; errors: FieldErrors; ids?: Record<string, string> }) {
  const t = useT()
  const text = useErrorText()
  const problems = Object.entries(props.errors).filter(
    (entry): entry is [string, NonNullable<FieldErrors[string]>] => entry[1] !== undefined,
  )
  if (problems.length === 0) return null
  const headingId = `${props.form}-error-summary-title`
  return (
    <div
      className="error-summary"
      id={`${props.form}-error-summary`}
      role="alert"
      aria-labelledby={headingId}
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: moving focus to the problems after a failed submit is the point (WCAG 3.3.1)
      autoFocus
    >
      <h2 id={headingId}>{t('validation.summary.title')}</h2>
      <ul>
        {problems.map(([name, error]) => (
          <li key={name}>
            <a href={`#${props.ids?.[name] ?? `${props.form}-${name}`}`}>{text(error)}</a>
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * A labelled input with its error. The error is tied to the input (aria-describedby,
 * aria-invalid), so screen readers read it and the first invalid field can be focused.
 */
export function Field(props: {
  form: string
  name: string
  label: MessageKey
  type?: 'text' | 'email' | 'password' | 'tel' | 'date'
  /** The keypad a phone shows: 'numeric' for whole numbers (a postcode, a mileage), 'tel' for a phone number. */
  inputMode?: 'numeric' | 'decimal' | 'tel'
  value?: string
  autoComplete: string
  required?: boolean
  hint?: MessageKey
  /** Values the hint's message takes (a number plate's example). */
  hintValues?: Record<string, string>
  errors: FieldErrors
}) {
  const t = useT()
  const text = useErrorText()
  const id = `${props.form}-${props.name}`
  const error = props.errors[props.name]
  const describedBy = [props.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor={id}>{t(props.label)}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        defaultValue={props.value}
        autoComplete={props.autoComplete}
        required={props.required}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy || undefined}
      />
      {props.hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {t(props.hint, props.hintValues)}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {text(error)}
        </p>
      ) : null}
    </div>
  )
}

/** A form-level message (a failed sign-in, a saved change), announced to screen readers. */
export function FormMessage({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  return (
    <p className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  )
}

/**
 * Says that some records of a list could not be shown (their stored rows fail their schema; reported already).
 * Nothing when there are none.
 *
 * @example
 * <UnreadableRecords count={data.unreadable} />
 */
export function UnreadableRecords({ count }: { count: number }) {
  const t = useT()
  if (count === 0) return null
  return <FormMessage kind="error">{t('records.unreadable', { count })}</FormMessage>
}

/**
 * Name, e-mail and phone: the contact block of the test-drive, quote and account forms.
 *
 * @example
 * <ContactFields form="quote" values={data.values} errors={data.errors} phoneRequired />
 */
export function ContactFields(props: {
  form: string
  values: { name?: string; email?: string; phone?: string }
  errors: FieldErrors
  phoneRequired?: boolean
}) {
  return (
    <>
      <Field
        form={props.form}
        name="name"
        label="auth.field.name"
        value={props.values.name}
        autoComplete="name"
        required
        errors={props.errors}
      />
      <Field
        form={props.form}
        name="email"
        type="email"
        label="auth.field.email"
        value={props.values.email}
        autoComplete="email"
        required
        errors={props.errors}
      />
      <Field
        form={props.form}
        name="phone"
        type="tel"
        inputMode="tel"
        label="profile.field.phone"
        value={props.values.phone}
        autoComplete="tel"
        required={props.phoneRequired}
        errors={props.errors}
      />
    </>
  )
}

/**
 * A consent checkbox with its label, an optional link to the text it refers to, and its error.
 *
 * @example
 * <ConsentField id="quote-privacy" name="privacyAccepted" label="testDrive.label.privacy" errors={data.errors} />
 */
export function ConsentField(props: {
  id: string
  name: string
  label: MessageKey
  errors: FieldErrors
  link?: { href: string; label: MessageKey }
  /** Ticked as the visitor left it (a failed submit must not untick it). */
  checked?: boolean
}) {
  const t = useT()
  const text = useErrorText()
  const error = props.errors[props.name]
  return (
    <div className="field field--check">
      <input
        id={props.id}
        name={props.name}
        type="checkbox"
        value="yes"
        defaultChecked={props.checked}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${props.id}-error` : undefined}
      />
      <label htmlFor={props.id}>{t(props.label)}</label>
      {props.link ? <a href={props.link.href}>{t(props.link.label)}</a> : null}
      {error ? (
        <p id={`${props.id}-error`} className="field__error">
          {text(error)}
        </p>
      ) : null}
    </div>
  )
}
