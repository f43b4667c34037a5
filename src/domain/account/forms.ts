import { z } from 'zod'
import { NAME_PROBLEM_KEYS, personName } from '../validation/person-name'
import type { FieldProblem } from '../validation/problem'

/** Passwords: long enough to resist guessing, short enough to hash quickly. */
export const PASSWORD_MIN = 10
export const PASSWORD_MAX = 200

const email = z
  .string()
  .trim()
  .min(1, 'required')
  .max(254, 'invalid')
  .pipe(z.email({ message: 'invalid' }))
/** A customer's full name, as the order and test-drive forms take one: too long or with an emoji, it says which. */
const name = z
  .string()
  .trim()
  .min(1, 'required')
  .pipe(personName(80, { dots: true }))
/** Digits with an optional leading + and common separators; 6–20 characters. */
const phone = z
  .string()
  .trim()
  .max(20, 'invalid')
  .regex(/^(\+?[0-9][0-9 ()-]{5,19})?$/, 'invalid')

const newPassword = z.string().min(1, 'required').min(PASSWORD_MIN, 'passwordLength').max(PASSWORD_MAX, 'invalid')

export const SignInForm = z.object({ email, password: z.string().min(1, 'required').max(PASSWORD_MAX, 'invalid') })
export const SignUpForm = z.object({
  name,
  email,
  password: newPassword,
})
/** "Forgot password": the address to send a reset link to. */
export const PasswordResetRequestForm = z.object({ email })
/** A reset link's new password; the token comes back from the link as a hidden field. */
export const PasswordResetForm = z.object({
  token: z.string().min(1, 'invalid').max(200, 'invalid'),
  password: newPassword,
})
/** A signed-in customer's new password, with the current one. */
export const PasswordChangeForm = z.object({
  current: z.string().min(1, 'required').max(PASSWORD_MAX, 'invalid'),
  password: newPassword,
})
export const ProfileForm = z.object({ name, email, phone })
export const GrayLoginForm = z.object({ code: z.string().trim().min(1, 'required').max(100, 'invalid') })

const CODES = ['required', 'invalid', 'passwordLength'] as const
/** A name's own problem, by the message key its rule gives: said as the rule broken, with its limit. */
const nameCode = (message: string) =>
  (Object.keys(NAME_PROBLEM_KEYS) as (keyof typeof NAME_PROBLEM_KEYS)[]).find(
    (code) => NAME_PROBLEM_KEYS[code] === message,
  )

/**
 * The first problem of each invalid field: `required`, `invalid` or `passwordLength`, with its message key
 * (`validation.<code>`), or a name's `tooLong` (with its `max`) or `nameCharacters`; the page adds the field's label.
 *
 * @example
 * fieldProblems(SignInForm.safeParse({ email: '' }).error) // [{ field: 'email', code: 'required', messageKey: 'validation.required' }, …]
 */
export function fieldProblems(error: z.ZodError): FieldProblem[] {
  const seen = new Set<string>()
  const problems: FieldProblem[] = []
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form')
    if (seen.has(field)) continue
    seen.add(field)
    const code = nameCode(issue.message)
    if (code) {
      const params = issue.code === 'custom' ? (issue.params as FieldProblem['params']) : undefined
      problems.push({ field, code, messageKey: issue.message, ...(params ? { params } : {}) })
      continue
    }
    const general = CODES.find((c) => c === issue.message) ?? 'invalid'
    problems.push({ field, code: general, messageKey: `validation.${general}` })
  }
  return problems
}
