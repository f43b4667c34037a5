import { z } from 'zod'
import { CountryCodeSchema, IsoDate, UsageSchema } from '../catalog/markets-schema'
import { CurrencySchema, MinorUnits, OptionCode } from '../catalog/schema'

/**
 * Where a figure comes from. `assumption: true` (with a note) marks a figure nobody has confirmed yet;
 * the quote carries the flag so a screen or a reviewer can tell estimates from sourced facts.
 */
const provenance = {
  source: z.string().min(3),
  assumption: z.literal(true).optional(),
  assumptionNote: z.string().min(10).optional(),
}

function checkProvenance(value: { assumption?: true | undefined; assumptionNote?: string | undefined }) {
  return (value.assumption === true) === (value.assumptionNote !== undefined)
}
const provenanceMessage = { message: 'assumption: true and assumptionNote go together', path: ['assumptionNote'] }

/**
 * How a priced line relates to VAT, as rule data states it: charged at the standard rate, exempt, or
 * outside VAT altogether (taxes, deposits, public fees).
 *
 * @example
 * VatClass.parse('outOfScope')
 */
export const VatClass = z.enum(['standard', 'exempt', 'outOfScope'])
export type VatClass = z.infer<typeof VatClass>

/**
 * How prices are shown to a buyer: VAT inside every line, or lines net of VAT plus a VAT line.
 *
 * @example
 * VatDisplay.parse('exclVat')
 */
export const VatDisplay = z.enum(['inclVat', 'exclVat'])
export type VatDisplay = z.infer<typeof VatDisplay>

const LineKey = z.string().regex(/^price\.line\.[a-zA-Z]+$/)
const NoteKey = z.string().regex(/^price\.note\.[a-zA-Z]+$/)

/**
 * A fee or tax line of a country: a fixed amount, or an amount per kilogram of the version's weight
 * above a base weight (the Norwegian weight component). `when` limits it to a usage, to cars that
 * have one of the listed options (winter-tyre handling only with a winter wheel set), or to a delivery
 * address outside an area (known only once the buyer gives it).
 *
 * @example
 * FeeRule.parse({ code: 'weight-tax', labelKey: 'price.line.weightTax', vat: 'outOfScope', countsAs: 'weightTax',
 *   amount: { kind: 'perKgAboveBase', baseKg: 500, perKgMinor: 1250 }, source: 'Skatteetaten' })
 */
export const FeeRule = z
  .strictObject({
    code: OptionCode,
    labelKey: LineKey,
    amount: z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('fixed'), minor: MinorUnits }),
      z.strictObject({ kind: z.literal('perKgAboveBase'), baseKg: z.int().min(0), perKgMinor: MinorUnits }),
    ]),
    vat: VatClass,
    countsAs: z.enum(['deliveryFee', 'weightTax', 'other']),
    when: z
      .strictObject({
        usage: z.array(UsageSchema).min(1).optional(),
        anyOptionSelected: z.array(OptionCode).min(1).optional(),
        /**
         * Only when the car is delivered to a postal code outside an area (Norway: shipping outside
         * Oslo, SPEC §9); inclusive ranges of equally long digit codes.
         */
        deliveredOutside: z
          .strictObject({
            area: z.string().min(2),
            zipRanges: z
              .array(z.tuple([z.string().regex(/^\d{3,6}$/), z.string().regex(/^\d{3,6}$/)]))
              .min(1)
              .refine((ranges) => ranges.every(([from, to]) => from.length === to.length && from <= to), {
                message: 'a range runs from a lower to a higher code of the same length',
              }),
          })
          .optional(),
      })
      .optional(),
    ...provenance,
  })
  .refine(checkProvenance, provenanceMessage)
export type FeeRule = z.infer<typeof FeeRule>

const ItemKind = z.enum(['version', 'paint', 'wheel', 'interior', 'pack', 'accessory'])

const Exemption = z.discriminatedUnion('kind', [
  z
    .strictObject({
      kind: z.literal('full'),
      /** The exemption covers leasing too: a lease's rent carries no VAT. */
      coversLeasing: z.boolean(),
      ...provenance,
    })
    .refine(checkProvenance, provenanceMessage),
  z
    .strictObject({
      /** VAT-free up to this VAT-able amount, full rate on the part above (NO electric cars). */
      kind: z.literal('upTo'),
      thresholdMinor: MinorUnits,
      /**
       * What counts towards the threshold: the car's own catalog items (by kind) and the delivery costs
       * sold with it (by fee code). Any other standard-VAT line (an accessory, fitting a winter wheel set)
       * pays the full rate from the first krone.
       */
      covers: z.strictObject({ itemKinds: z.array(ItemKind).min(1), feeCodes: z.array(OptionCode) }),
      /**
       * The exemption covers leasing too (NO mval. § 6-8 (2)): a lease pays VAT only on the share of its
       * rent that the part of the car's cost above the threshold makes of that cost.
       */
      coversLeasing: z.boolean(),
      ...provenance,
    })
    .refine(checkProvenance, provenanceMessage),
])

/**
 * A country's VAT: the standard rate in basis points and an optional exemption, full or up to a threshold.
 *
 * @example
 * VatRule.parse({ rateBasisPoints: 2500, source: 'Skatteverket' })
 */
export const VatRule = z
  .strictObject({
    rateBasisPoints: z.int().min(0).max(10_000),
    exemption: Exemption.optional(),
    ...provenance,
  })
  .refine(checkProvenance, provenanceMessage)
export type VatRule = z.infer<typeof VatRule>

/**
 * A recurring cost of owning the car, shown next to the price and never added to it.
 *
 * @example
 * RunningCostRule.parse({ code: 'green-owner-tax', labelKey: 'price.line.greenOwnerTax', amountMinor: 42000,
 *   period: 'halfYear', source: 'SPEC §9' })
 */
export const RunningCostRule = z
  .strictObject({
    code: OptionCode,
    labelKey: LineKey,
    amountMinor: MinorUnits,
    period: z.enum(['month', 'quarter', 'halfYear', 'year']),
    ...provenance,
  })
  .refine(checkProvenance, provenanceMessage)
export type RunningCostRule = z.infer<typeof RunningCostRule>

/**
 * A country's own message to show with the price, optionally for one usage only.
 *
 * @example
 * NoteRule.parse({ key: 'price.note.extraCostsIncludeVat', values: { rate: 25 }, source: 'SPEC §9' })
 */
export const NoteRule = z.strictObject({
  key: NoteKey,
  values: z.record(z.string().regex(/^[a-zA-Z]+$/), z.union([z.number(), z.string()])).optional(),
  usage: z.array(UsageSchema).min(1).optional(),
  source: z.string().min(3),
})
export type NoteRule = z.infer<typeof NoteRule>

/**
 * One country's price rules from a date on. Amounts are minor units of `currency`; `amountsIncludeVat`
 * says whether catalog prices and fixed standard-VAT fees are entered with VAT.
 *
 * @example
 * PriceRuleSet.parse(nlJson.ruleSets[0]).vat.rateBasisPoints // 2100
 */
export const PriceRuleSet = z
  .strictObject({
    validFrom: IsoDate,
    /** The day somebody last compared this set with its official sources. */
    checkedOn: IsoDate,
    /**
     * The day by which it must be checked again (a budget, an announced change). CI fails once today is
     * past it for a set that is in force or still to come, so stale law is caught before a customer sees it;
     * a set that a later one has replaced is history, and its reviewBy is the day it stopped applying.
     */
    reviewBy: IsoDate,
    currency: CurrencySchema,
    amountsIncludeVat: z.boolean(),
    vat: VatRule,
    display: z.strictObject({ personal: VatDisplay, business: VatDisplay }),
    fees: z.array(FeeRule),
    runningCosts: z.array(RunningCostRule).default([]),
    notes: z.array(NoteRule).default([]),
    preorderFee: z
      .strictObject({ amountMinor: MinorUnits, ...provenance })
      .refine(checkProvenance, provenanceMessage)
      .nullable(),
    orderable: z.boolean(),
    /** Business buyers must give this company number (Denmark: CVR). */
    requiresCompanyNumber: z.enum(['CVR']).optional(),
    ...provenance,
  })
  .refine(checkProvenance, provenanceMessage)
  .superRefine((rules, ctx) => {
    const codes = new Set<string>()
    rules.fees.forEach((fee, index) => {
      if (codes.has(fee.code)) ctx.addIssue({ code: 'custom', message: 'duplicate fee code', path: ['fees', index] })
      codes.add(fee.code)
    })
    if (rules.vat.exemption?.kind === 'upTo') {
      // The threshold applies to the sum of net amounts (shown with VAT inside, the engine spreads it in order).
      if (rules.amountsIncludeVat) {
        ctx.addIssue({ code: 'custom', message: 'a VAT threshold needs net amounts', path: ['amountsIncludeVat'] })
      }
    }
    const exemption = rules.vat.exemption
    if (exemption?.kind === 'upTo') {
      const codes = new Set(rules.fees.map((fee) => fee.code))
      exemption.covers.feeCodes.forEach((code, index) => {
        const fee = rules.fees.find((f) => f.code === code)
        if (!codes.has(code) || fee?.vat !== 'standard') {
          ctx.addIssue({
            code: 'custom',
            message: `${code} is not a standard-VAT fee of this set`,
            path: ['vat', 'exemption', 'covers', 'feeCodes', index],
          })
        }
      })
    }
    if (!rules.orderable && rules.preorderFee !== null) {
      ctx.addIssue({ code: 'custom', message: 'no pre-order fee where nothing can be ordered', path: ['preorderFee'] })
    }
  })
export type PriceRuleSet = z.infer<typeof PriceRuleSet>

/**
 * A country's price rules over time (data/pricing/<country>.json); the engine picks the set valid on
 * the pricing date.
 *
 * @example
 * const rules = CountryPriceRules.parse(noJson)
 */
export const CountryPriceRules = z
  .strictObject({ country: CountryCodeSchema, ruleSets: z.array(PriceRuleSet).min(1) })
  .superRefine((rules, ctx) => {
    const dates = rules.ruleSets.map((set) => set.validFrom)
    if (new Set(dates).size !== dates.length) {
      ctx.addIssue({ code: 'custom', message: 'two rule sets start on the same day', path: ['ruleSets'] })
    }
  })
export type CountryPriceRules = z.infer<typeof CountryPriceRules>

/**
 * Parses untrusted price-rule data (seed file, KV value).
 *
 * @example
 * const result = parseCountryPriceRules(JSON.parse(text))
 */
export function parseCountryPriceRules(data: unknown): z.ZodSafeParseResult<CountryPriceRules> {
  return CountryPriceRules.safeParse(data)
}

export { ruleSetValidOn } from './valid-on'
