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
