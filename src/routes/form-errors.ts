import type { FieldProblem } from '../domain/validation/problem'
import type { MessageKey } from '../i18n/intl'
import { dataMessageKey } from '../i18n/keys'
import type { FieldErrors } from '../ui/form'

/**
 * The field errors a page shows for a form's problems: the first problem of each field, with its label and
 * placeholders, in the page's language when rendered. The one place where domain problems become screen errors.
 *
 * @example
 * problemErrors(validatePersonal(form, context).problems) // { zip: { key: 'validation.invalid', label: 'order.field.zip' } }
 */
export function problemErrors(problems: readonly FieldProblem[], errors: FieldErrors = {}): FieldErrors {
  for (const p of problems) {
    errors[p.field] ??= {
      key: dataMessageKey(p.messageKey),
      ...(p.labelKey ? { label: dataMessageKey(p.labelKey) } : {}),
      ...(p.params ? { values: Object.fromEntries(Object.entries(p.params).map(([k, v]) => [k, String(v)])) } : {}),
      ...(p.valueKeys
        ? { valueKeys: Object.fromEntries(Object.entries(p.valueKeys).map(([k, v]) => [k, dataMessageKey(v)])) }
        : {}),
    }
  }
  return errors
}

/**
 * SPEC §5 messages for a form's problems ('required' → "Please enter your {label}", 'invalid' →
 * "Please enter a valid {label}"), with each field's in-sentence label.
 */
export function fieldErrors(problems: readonly FieldProblem[], labels: Record<string, MessageKey>): FieldErrors {
  return problemErrors(problems.map((problem) => ({ ...problem, labelKey: labels[problem.field] })))
}
