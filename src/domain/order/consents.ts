/**
 * Consents of the order form (SPEC §3 "Consent flags", §5): which checkboxes a kind of order shows and requires,
 * and the record kept of every accepted one (which text, in which version, when). Pure; zod checks the
 * required ones (server only).
 *
 * Required: terms and privacy always; the order agreement for an order; the reservation agreement for a
 * reservation; a pre-order needs only the terms. Marketing is optional everywhere. Paying needs the terms first.
 */
import { z } from 'zod'
import { parseForm } from '../validation/form-schema'
import type { FieldProblem } from '../validation/problem'
import { assertInstant, type IsoInstant } from './instant'
import type { OrderKind } from './order'

/**
 * Every consent, in screen order.
 *
 * @example
 * CONSENTS.includes('marketing') // true
 */
export const CONSENTS = ['terms', 'orderAgreement', 'reservationAgreement', 'marketing'] as const
export type ConsentName = (typeof CONSENTS)[number]

/**
 * The checkbox text of each consent ("I accept the order agreement.").
 *
 * @example
 * CONSENT_TEXT_KEYS.terms // 'order.consent.terms'
 */
export const CONSENT_TEXT_KEYS = {
  terms: 'order.consent.terms',
  orderAgreement: 'order.consent.orderAgreement',
  reservationAgreement: 'order.consent.reservationAgreement',
  marketing: 'order.consent.marketing',
} as const satisfies Record<ConsentName, string>
export type ConsentTextKey = (typeof CONSENT_TEXT_KEYS)[ConsentName]

/**
 * The name of each required consent with its article, for the `{consent}` of `order.problem.consentRequired`
 * ("Please accept the order agreement to continue.").
 *
 * @example
 * CONSENT_NAME_KEYS.orderAgreement // 'order.consentName.orderAgreement'
 */
export const CONSENT_NAME_KEYS = {
  terms: 'order.consentName.terms',
  orderAgreement: 'order.consentName.orderAgreement',
  reservationAgreement: 'order.consentName.reservationAgreement',
} as const
export type RequiredConsent = keyof typeof CONSENT_NAME_KEYS

/**
 * The consents a kind of order requires (SPEC §5).
 *
 * @example
 * requiredConsents('reservation') // ['terms', 'reservationAgreement']
 */
export function requiredConsents(kind: OrderKind): RequiredConsent[] {
  switch (kind) {
    case 'order':
      return ['terms', 'orderAgreement']
    case 'reservation':
      return ['terms', 'reservationAgreement']
    case 'preOrder':
      return ['terms']
  }
}

/**
 * The checkboxes a kind of order shows: its required consents, then the optional marketing one.
 *
 * @example
 * offeredConsents('preOrder') // ['terms', 'marketing']
 */
export function offeredConsents(kind: OrderKind): ConsentName[] {
  return [...requiredConsents(kind), 'marketing']
}

/**
 * The ticked state of the checkboxes as the form sends it; missing means not ticked.
 *
 * @example
 * const flags: ConsentFlags = { terms: true, orderAgreement: true }
 */
export type ConsentFlags = Partial<Record<ConsentName, boolean | null>>

/**
 * The version of the legal text behind each checkbox at the time of the order (for example `2026-01`); a new
 * version of a text gets a new value, so a record always names the exact wording accepted.
 *
 * @example
 * const versions: ConsentTextVersions = { terms: '2026-01', orderAgreement: '2026-01',
 *   reservationAgreement: '2025-09', marketing: '2024-05' }
 */
export type ConsentTextVersions = Readonly<Record<ConsentName, string>>

/**
 * The proof of one accepted consent: the text key, its version and the instant of acceptance.
 *
 * @example
 * const r: ConsentRecord = { consent: 'terms', textKey: 'order.consent.terms', textVersion: '2026-01',
 *   acceptedAt: '2026-03-01T09:30:00.000Z' }
 */
export interface ConsentRecord {
  consent: ConsentName
  textKey: ConsentTextKey
  textVersion: string
  acceptedAt: IsoInstant
}

/**
 * A required consent that was not given: the field is the consent, its name fills `{consent}`.
 *
 * @example
 * const p: ConsentProblem = { field: 'terms', code: 'consentRequired',
 *   messageKey: 'order.problem.consentRequired', valueKeys: { consent: 'order.consentName.terms' } }
 */
export type ConsentProblem = FieldProblem<RequiredConsent>

/** Per kind of order, its required consents, each ticked (`true`). Built once: building a schema costs more than parsing. */
const CONSENT_SCHEMAS = Object.fromEntries(
  (['order', 'reservation', 'preOrder'] as const).map((kind) => [
    kind,
    z.object(
      Object.fromEntries(
        requiredConsents(kind).map((consent) => [consent, z.literal(true, { error: 'order.problem.consentRequired' })]),
      ),
    ),
  ]),
) as Record<OrderKind, z.ZodObject>

const VERSION = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/

/**
 * Checks the ticked consents of a kind of order: one problem per required consent not ticked (in screen order),
 * and a record for every ticked consent the kind shows (others are ignored). `records` is null when a problem
 * exists. Throws on a malformed time or version (caller data, not visitor input).
 *
 * @example
 * checkConsents('order', { terms: true }, versions, '2026-03-01T09:30:00.000Z').problems
 * // [{ consent: 'orderAgreement', code: 'consentRequired', … }]
 */
export function checkConsents(
  kind: OrderKind,
  flags: ConsentFlags,
  versions: ConsentTextVersions,
  at: IsoInstant,
): { records: ConsentRecord[] | null; problems: ConsentProblem[] } {
  assertInstant(at, 'consent time')
  const required = requiredConsents(kind)
  const problems: ConsentProblem[] = parseForm(CONSENT_SCHEMAS[kind], flags, required, () => undefined).problems.map(
    (problem) => ({
      ...problem,
      valueKeys: { consent: CONSENT_NAME_KEYS[problem.field] },
    }),
  )
  if (problems.length > 0) return { records: null, problems }
  const records = offeredConsents(kind)
    .filter((consent) => flags[consent] === true)
    .map((consent): ConsentRecord => {
      const textVersion = versions[consent]
      if (!VERSION.test(textVersion)) throw new RangeError(`bad text version for ${consent}: ${textVersion}`)
      return { consent, textKey: CONSENT_TEXT_KEYS[consent], textVersion, acceptedAt: at }
    })
  return { records, problems }
}

/**
 * Whether consent records cover everything a kind of order requires.
 *
 * @example
 * hasRequiredConsents('preOrder', [termsRecord]) // true
 */
export function hasRequiredConsents(kind: OrderKind, records: readonly ConsentRecord[]): boolean {
  return requiredConsents(kind).every((consent) => records.some((record) => record.consent === consent))
}

/**
 * Whether the customer may go on to pay: only after agreeing to the terms (SPEC §4, §5). Takes the records of
 * a placed order or the ticked checkboxes of the form.
 *
 * @example
 * canPay({ terms: true }) // true
 * canPay([]) // false
 */
export function canPay(consents: readonly ConsentRecord[] | ConsentFlags): boolean {
  if (Array.isArray(consents)) return consents.some((record: ConsentRecord) => record.consent === 'terms')
  return (consents as ConsentFlags).terms === true
}
