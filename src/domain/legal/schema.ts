import { z } from 'zod'
import { CountryCodeSchema, IsoDate, UsageSchema } from '../catalog/markets-schema'
import { FINANCE_KINDS } from '../finance/products'

/**
 * Where a rule comes from: the official text's citation and, where there is one, its address.
 *
 * @example
 * Source.parse({ citation: 'Directive 2011/83/EU, Article 8(2)', url: 'https://eur-lex.europa.eu/eli/dir/2011/83/oj' })
 */
export const Source = z.strictObject({ citation: z.string().min(10), url: z.url().optional() })

/** An unconfirmed fact says why in its note. */
const UNCONFIRMED_NEEDS_NOTE = (value: { unconfirmed?: boolean; note?: string }) =>
  !value.unconfirmed || (value.note?.length ?? 0) > 10
const unconfirmedMessage = { message: 'an unconfirmed fact needs a note saying what was not confirmed' }

/** When a fact was last compared with its source, and by when it must be compared again (CI fails past it). */
const dated = {
  checkedOn: IsoDate,
  reviewBy: IsoDate,
  unconfirmed: z.boolean().optional(),
  note: z.string().optional(),
}

/**
 * A country's own text of a rule (its transposition, its regulator's guidance).
 *
 * @example
 * NationalSource.parse({ country: 'DE', citation: 'BGB § 312j Abs. 3' })
 */
export const NationalSource = z
  .strictObject({
    country: CountryCodeSchema,
    citation: z.string().min(5),
    url: z.url().optional(),
    unconfirmed: z.boolean().optional(),
    note: z.string().optional(),
  })
  .refine(UNCONFIRMED_NEEDS_NOTE, unconfirmedMessage)

export const LegalTopic = z.enum(['withdrawal', 'credit', 'prices', 'energy', 'accessibility', 'privacy', 'thailand'])

/**
 * One legal requirement the storefront meets: what it says, where, from when, its source and review date.
 *
 * @example
 * LegalRule.parse(rulesJson.rules[0]).id // 'withdrawal-function'
 */
export const LegalRule = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9-]+$/),
    topic: LegalTopic,
    summary: z.string().min(40),
    appliesFrom: IsoDate,
    countries: z.array(CountryCodeSchema).min(1),
    source: Source,
    national: z.array(NationalSource).default([]),
    ...dated,
  })
  .refine(UNCONFIRMED_NEEDS_NOTE, unconfirmedMessage)
export type LegalRule = z.infer<typeof LegalRule>

/**
 * data/legal/rules.json: every rule, each id once.
 *
 * @example
 * LegalRules.parse(rulesJson).rules.length
 */
export const LegalRules = z
  .strictObject({ rules: z.array(LegalRule).min(1) })
  .refine((value) => new Set(value.rules.map((r) => r.id)).size === value.rules.length, {
    message: 'two rules share an id',
  })
export type LegalRules = z.infer<typeof LegalRules>

/**
 * A country's credit warning: whether its law requires one, and the law it comes from. The wording is the
 * site's message `finance.credit.warning`, in the language of that country.
 *
 * @example
 * CreditWarning.parse({ country: 'FR', required: true, source, checkedOn: '2026-12-01', reviewBy: '2027-03-01' })
 */
export const CreditWarning = z
  .strictObject({ country: CountryCodeSchema.exclude(['GLOBAL']), required: z.boolean(), source: Source, ...dated })
  .refine(UNCONFIRMED_NEEDS_NOTE, unconfirmedMessage)

/**
 * Whether a finance product for a usage falls under the Consumer Credit Directive, and why.
 *
 * @example
 * CreditScope.parse({ kind: 'loan', usage: 'personal', inScope: true, reasoning: '…', checkedOn, reviewBy })
 */
export const CreditScope = z
  .strictObject({
    kind: z.enum(FINANCE_KINDS),
    usage: UsageSchema,
    inScope: z.boolean(),
    reasoning: z.string().min(20),
    ...dated,
  })
  .refine(UNCONFIRMED_NEEDS_NOTE, unconfirmedMessage)

/** data/legal/credit.json: the warnings per country and the scope per product and usage, each pair once. */
export const CreditRules = z
  .strictObject({ warnings: z.array(CreditWarning), scope: z.array(CreditScope) })
  .refine((value) => new Set(value.scope.map((s) => `${s.kind}:${s.usage}`)).size === value.scope.length, {
    message: 'a product and usage has two scope entries',
  })
  .refine((value) => new Set(value.warnings.map((w) => w.country)).size === value.warnings.length, {
    message: 'a country has two warnings',
  })
export type CreditRules = z.infer<typeof CreditRules>

const Co2Class = z.strictObject({
  class: z.enum(['A', 'B', 'C', 'D', 'E', 'F', 'G']),
  maxGramsPerKm: z.number().int().min(0).nullable(),
})

/** Ascending class limits, the last one open (null). */
const Co2Classes = z
  .array(Co2Class)
  .length(7)
  .refine(
    (classes) =>
      classes.every((c, i) => (i === classes.length - 1) === (c.maxGramsPerKm === null)) &&
      classes.every(
        (c, i) => i === 0 || c.maxGramsPerKm === null || c.maxGramsPerKm > (classes[i - 1]?.maxGramsPerKm ?? -1),
      ),
    { message: 'CO₂ classes rise and only the last is open' },
  )

const ElectricityPrice = z
  .strictObject({ centsPerKwh: z.number().int().positive(), source: Source, ...dated })
  .refine(UNCONFIRMED_NEEDS_NOTE, unconfirmedMessage)
const VehicleTax = z
  .strictObject({ annualMinor: z.number().int().min(0), source: Source, ...dated })
  .refine(UNCONFIRMED_NEEDS_NOTE, unconfirmedMessage)

/**
 * data/legal/energy-label.json: Germany's Pkw-EnVKV figures and France's CO₂ classes and messages.
 *
 * @example
 * EnergyLabelRules.parse(json).germany.electricityPrice.centsPerKwh
 */
export const EnergyLabelRules = z.strictObject({
  germany: z.strictObject({
    co2Classes: Co2Classes,
    co2ClassesSource: Source,
    co2ClassesNote: z.string(),
    co2ClassesUnconfirmed: z.boolean(),
    electricityPrice: ElectricityPrice,
    vehicleTax: VehicleTax,
    co2CostsTenYears: z.strictObject({ annualKm: z.literal(15000), source: Source, note: z.string() }),
  }),
  france: z.strictObject({
    co2Classes: Co2Classes,
    co2ClassesSource: Source,
    messages: z.array(z.enum(['walkOrCycle', 'carpool', 'publicTransport'])).length(3),
    hashtag: z.literal('#SeDéplacerMoinsPolluer'),
    messagesSource: Source,
    checkedOn: IsoDate,
    reviewBy: IsoDate,
  }),
})
export type EnergyLabelRules = z.infer<typeof EnergyLabelRules>

/**
 * data/legal/accessibility.json: the statement's target and, per country, the law and the body a
 * customer may complain to.
 *
 * @example
 * AccessibilityRules.parse(json).countries.find((c) => c.country === 'AT')?.body // 'Sozialministeriumservice'
 */
export const AccessibilityRules = z.strictObject({
  conformanceTarget: z.literal('WCAG 2.2 AA'),
  standard: z.string().min(5),
  statementDate: IsoDate,
  countries: z
    .array(
      z
        .strictObject({
          country: CountryCodeSchema,
          law: z.string().min(5),
          body: z.string().nullable(),
          url: z.url().nullable(),
          ...dated,
        })
        .refine(UNCONFIRMED_NEEDS_NOTE, unconfirmedMessage),
    )
    .refine((list) => new Set(list.map((c) => c.country)).size === list.length, { message: 'a country twice' }),
})
export type AccessibilityRules = z.infer<typeof AccessibilityRules>
