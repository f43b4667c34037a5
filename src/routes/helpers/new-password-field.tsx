import type { MessageKey } from '../../i18n/intl'
import { Field, type FieldErrors } from '../../ui/form'

/**
 * The new password of signing up, resetting and changing one: the `password` field, the rules as its hint, and the
 * autocomplete that lets the browser suggest a strong one.
 *
 * @example
 * <NewPasswordField form="reset" label="reset.field.password" errors={data.errors} />
 */
export function NewPasswordField({ form, label, errors }: { form: string; label: MessageKey; errors: FieldErrors }) {
  return (
    <Field
      form={form}
      name="password"
      type="password"
      label={label}
      hint="auth.passwordHint"
      autoComplete="new-password"
      required
      errors={errors}
    />
  )
}
