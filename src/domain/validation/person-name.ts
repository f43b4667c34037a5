import { z } from 'zod'

/**
 * The messages of a name's own problems, each with the field's `{label}`: too long (`{max}` characters), or a
 * character no name has (an emoji, a digit, a symbol). Said instead of "not valid", so the customer knows what to
 * change.
 */
export const NAME_PROBLEM_KEYS = {
  tooLong: 'validation.tooLong',
  nameCharacters: 'validation.nameCharacters',
} as const

/** Letters of any script with their marks, spaces, apostrophes and hyphens (and dots where `dots`); starts with a
 * letter. */
const NAME = /^\p{L}[\p{L}\p{M} '’-]*$/u
const NAME_WITH_DOTS = /^\p{L}[\p{L}\p{M} '’.-]*$/u

/**
 * A person's name as a form takes it (zod, server only): at most `max` characters (counted as people count them,
 * by code point), made of the characters names have. Its issues are the keys of NAME_PROBLEM_KEYS, the limit in
 * the issue's params.
 *
 * @example
 * requiredField(personName(80)).safeParse('Kari 🚗').error?.issues[0]?.message // 'validation.nameCharacters'
 */
export function personName(max: number, options: { dots?: boolean } = {}) {
  const pattern = options.dots ? NAME_WITH_DOTS : NAME
  return z.string().superRefine((value, ctx) => {
    if ([...value].length > max) {
      ctx.addIssue({ code: 'custom', message: NAME_PROBLEM_KEYS.tooLong, params: { max }, input: value })
    } else if (!pattern.test(value)) {
      ctx.addIssue({ code: 'custom', message: NAME_PROBLEM_KEYS.nameCharacters, input: value })
    }
  })
}

/**
 * Any text of at most `max` characters, refused above it with the length message (`{label}`, `{max}`) rather than
 * "not valid".
 *
 * @example
 * requiredField(withinLength(80)).safeParse('x'.repeat(81)).error?.issues[0]?.params // { max: 80 }
 */
export function withinLength(max: number) {
  return z.string().superRefine((value, ctx) => {
    if ([...value].length > max) {
      ctx.addIssue({ code: 'custom', message: NAME_PROBLEM_KEYS.tooLong, params: { max }, input: value })
    }
  })
}
