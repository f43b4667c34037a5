/**
 * zod for the server's forms: each field is a schema over the posted text, and a failed parse becomes one
 * `FieldProblem` per field, in screen order. Server only: the browser bundles import no zod (see
 * src/client/bundles.test.ts).
 *
 * A schema names its problem in the issue's message: `required`, `requiredSelect`, `invalid` (the SPEC §5 messages,
 * with the field's label), or a message key of its own (`tradeIn.problem.vinLength`). Any other issue counts as
 * `invalid`.
 */
import { z } from 'zod'
import { type FieldProblem, SPEC_MESSAGE_KEYS, type SpecProblemCode } from './problem'

/** The issue message of a field that is filled but wrong. */
export const INVALID = { error: 'invalid' } as const

/**
 * A posted text as forms read it: trimmed, inner runs of white space as one space; missing or not text is empty.
 *
 * @example
 * postedText.parse('  Kari   Nordmann ') // 'Kari Nordmann'
 */
export const postedText = z
  .unknown()
  .transform((value) => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : ''))

/**
 * A rule written as a function of the text: its value, or null when the text breaks it (`problem`, default
 * `invalid`).
 *
 * @example
 * rule((text) => normalizeZip('NO', text)).parse('0150') // '0150'
 */
export function rule<T>(parse: (text: string) => T | null, problem: string = INVALID.error) {
  return z.string().transform((text, ctx): T => {
    const value = parse(text)
    if (value === null) {
      ctx.addIssue({ code: 'custom', message: problem, input: text })
      return z.NEVER
    }
    return value
  })
}

/**
 * A field that must be filled: empty is `required` (`requiredSelect` for a choice), anything else goes to `schema`.
 *
 * @example
 * requiredField(z.email(INVALID)).safeParse('').error?.issues[0]?.message // 'required'
 */
export function requiredField<T>(schema: z.ZodType<T, string>, choice = false) {
  return postedText.pipe(z.string().min(1, { error: choice ? 'requiredSelect' : 'required' })).pipe(schema)
}

/**
 * A field that may stay empty (then null); a filled one goes to `schema`.
 *
 * @example
 * optionalField(z.string().max(40, INVALID)).parse('') // null
 */
export function optionalField<T>(schema: z.ZodType<T, string>) {
  return postedText.pipe(z.union([z.literal('').transform(() => null), schema]))
}

/** A field the form does not ask in this case: whatever was posted, its value is null. */
export const notAsked = z.unknown().transform(() => null)

/**
 * A field asked only when `asked()` holds for this submission (company fields for business use, the birthday for
 * a Dutch private lease); otherwise its value is null, whatever was posted.
 *
 * @example
 * askedWhen(() => personal.get().business, requiredField(plainText(120)))
 */
export function askedWhen<T>(asked: () => boolean, schema: z.ZodType<T>) {
  return z.unknown().transform((value, ctx): T | null => {
    if (!asked()) return null
    const parsed = schema.safeParse(value)
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues) {
      const params = issue.code === 'custom' ? issue.params : undefined
      ctx.addIssue({ code: 'custom', message: issue.message, input: value, ...(params ? { params } : {}) })
    }
    return z.NEVER
  })
}

/**
 * What a form's rules judge against besides the posted text (the site's country, today, the stores), for a schema
 * built once at start-up: `run(context, parse)` parses with it, rules read it with `get()`. Building a zod schema
 * costs far more than parsing with it, so no form builds one per request. Parsing is synchronous, so `get()` is
 * always the context of the parse running.
 *
 * @example
 * const card = formContext<{ today: string }>()
 * const expiry = rule((text) => (notExpired(text, card.get().today) ? text : null))
 * card.run({ today: '2026-11-24' }, () => parseForm(schema, form, CARD_FIELDS, label))
 */
export function formContext<C>() {
  let current: { value: C } | null = null
  return {
    get(): C {
      if (current === null) throw new Error('a form rule read its context outside a parse')
      return current.value
    },
    run<T>(value: C, parse: () => T): T {
      const previous = current
      current = { value }
      try {
        return parse()
      } finally {
        current = previous
      }
    },
  }
}

const specCode = (message: string): message is SpecProblemCode => message in SPEC_MESSAGE_KEYS

/**
 * Parses a form with its schema: the values when every field is right, else the first issue message of each
 * field, in the order of `fields` (a message that names no problem is `invalid`). For forms with messages of their
 * own; `parseForm` turns them into SPEC §5 problems.
 *
 * @example
 * formIssues(z.object({ email: requiredField(z.email(INVALID)) }), { email: '' }, ['email']).issues
 * // [{ field: 'email', message: 'required' }]
 */
export function formIssues<S extends z.ZodType, Field extends string>(
  schema: S,
  input: object,
  fields: readonly Field[],
): { values: z.output<S> | null; issues: FormIssue<Field>[] } {
  // Every field is read, posted or not: a missing one is empty (zod would call it missing, not empty).
  const posted = input as Record<string, unknown>
  const parsed = schema.safeParse(Object.fromEntries(fields.map((field) => [field, posted[field] ?? ''])))
  if (parsed.success) return { values: parsed.data, issues: [] }
  const first = new Map<string, Omit<FormIssue<Field>, 'field'>>()
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '')
    if (first.has(field)) continue
    // A union reports its last branch's problem; a message that names none is "invalid".
    const message = issue.code === 'invalid_union' ? unionMessage(issue) : issue.message
    const params = issue.code === 'custom' ? (issue.params as FormIssue<Field>['params']) : undefined
    first.set(field, {
      message: specCode(message) || message.includes('.') ? message : INVALID.error,
      ...(params ? { params } : {}),
    })
  }
  const issues = fields.flatMap((field) => {
    const found = first.get(field)
    return found === undefined ? [] : [{ field, ...found }]
  })
  return { values: null, issues }
}

/** One field's first issue: a SPEC §5 code or a message key, with the values its message needs. */
export interface FormIssue<Field extends string = string> {
  field: Field
  message: string
  params?: Record<string, string | number>
}

/** Messages of the shared `validation.` namespace name their field (`{label}`), as the SPEC §5 ones do. */
const namesItsField = (message: string) => message.startsWith('validation.')

/**
 * Parses a form with its schema: the values when every field is right, else the problems, at most one per field,
 * in the order of `fields`. SPEC §5 problems carry the field's label (`labelKey`), a form's own messages do not.
 *
 * @example
 * parseForm(z.object({ email: requiredField(z.email(INVALID)) }), { email: '' }, ['email'], (f) => `x.${f}`)
 * // { values: null, problems: [{ field: 'email', code: 'required', messageKey: 'validation.required',
 * //   labelKey: 'x.email' }] }
 */
export function parseForm<S extends z.ZodType, Field extends string>(
  schema: S,
  input: object,
  fields: readonly Field[],
  labelKey: (field: Field) => string | undefined,
): { values: z.output<S> | null; problems: FieldProblem<Field>[] } {
  const { values, issues } = formIssues(schema, input, fields)
  if (values !== null) return { values, problems: [] }
  const problems = issues.map(({ field, message, params }): FieldProblem<Field> => {
    const label = specCode(message) || namesItsField(message) ? labelKey(field) : undefined
    return {
      field,
      ...(specCode(message)
        ? { code: message, messageKey: SPEC_MESSAGE_KEYS[message] }
        : { code: message.slice(message.lastIndexOf('.') + 1), messageKey: message }),
      ...(label ? { labelKey: label } : {}),
      ...(params ? { params } : {}),
    }
  })
  return { values: null, problems }
}

function unionMessage(issue: z.core.$ZodIssueInvalidUnion): string {
  const last = issue.errors.at(-1)?.[0]
  return last?.message ?? INVALID.error
}
