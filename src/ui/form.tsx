import type { ReactNode } from 'react'
import type { MessageKey } from '../i18n/intl'
import { useT } from './intl-context'

/**
 * Field-level problems of a form, by field name: a message key and, for the SPEC §5 messages
 * ("Please enter your {label}"), the key of the field's name as used inside a sentence.
 */
export type FieldErrors = Record<
  string,
  { key: MessageKey; label?: MessageKey; values?: Record<string, string> } | undefined
>

/** The hidden anti-forgery field every form posts (see middleware/csrf). */
export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name="_csrf" value={token} />
}

/**
 * A labelled input with its error. The error is tied to the input (aria-describedby,
 * aria-invalid), so screen readers read it and the first invalid field can be focused.
 */
export function Field(props: {
  form: string
  name: string
  label: MessageKey
  type?: 'text' | 'email' | 'password' | 'tel'
  value?: string
  autoComplete: string
  required?: boolean
  hint?: MessageKey
  errors: FieldErrors
}) {
  const t = useT()
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
        defaultValue={props.value}
        autoComplete={props.autoComplete}
        required={props.required}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy || undefined}
      />
      {props.hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {t(props.hint)}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {t(error.key, { ...error.values, ...(error.label ? { label: t(error.label) } : {}) })}
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
}) {
  const t = useT()
  const error = props.errors[props.name]
  return (
    <div className="field field--check">
      <input
        id={props.id}
        name={props.name}
        type="checkbox"
        value="yes"
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${props.id}-error` : undefined}
      />
      <label htmlFor={props.id}>{t(props.label)}</label>
      {props.link ? <a href={props.link.href}>{t(props.link.label)}</a> : null}
      {error ? (
        <p id={`${props.id}-error`} className="field__error">
          {t(error.key, error.values)}
        </p>
      ) : null}
    </div>
  )
}
