/**
 * Finance products per country (data/finance/<country>.json): who lends or leases, to whom, for how
 * long, at what rate, within which limits and for which fees. Rates are stored in basis points
 * (399 = 3.99 %), money in whole minor units of the country's currency, shares of the price (down
 * payment, balloon, residual value) in basis points of the cash price. Only this module and nothing
 * else in src/domain/finance imports zod, so the browser can run every calculation without it.
 */
import { z } from 'zod'
import { CountryCodeSchema, IsoDate, UsageSchema } from '../catalog/markets-schema'
import { CurrencySchema, MinorUnits } from '../catalog/schema'
import type { ChosenFinance, KeptSummary } from './chosen'
import { CREDIT_KINDS, FINANCE_KINDS, isCreditProduct, LEASE_KINDS, LEASE_SERVICES } from './products'
import { DUTCH_FINANCE_STATUS_CODES } from './status'

/**
 * A rate or a share of a price in basis points: 10 000 = 100 %.
 *
 * @example
 * BasisPoints.parse(399) // 3.99 %
 */
export const BasisPoints = z.int().min(0).max(10_000)

const provenance = {
  source: z.string().min(3),
  assumption: z.literal(true).optional(),
  assumptionNote: z.string().min(10).optional(),
}
function checkProvenance(value: { assumption?: true | undefined; assumptionNote?: string | undefined }) {
  return (value.assumption === true) === (value.assumptionNote !== undefined)
}
const provenanceMessage = { message: 'assumption: true and assumptionNote go together', path: ['assumptionNote'] }

const BpRange = z
  .strictObject({ min: BasisPoints, max: BasisPoints })
  .refine((range) => range.min <= range.max, { message: 'min is at most max' })
const MinorRange = z
  .strictObject({ min: MinorUnits, max: MinorUnits })
  .refine((range) => range.min <= range.max, { message: 'min is at most max' })
const Terms = z
  .array(z.int().min(1).max(120))
  .min(1)
  .refine((terms) => terms.every((term, i) => i === 0 || term > (terms[i - 1] ?? 0)), {
    message: 'terms are listed once, ascending',
  })
const Fees = z.strictObject({
  /** Establishment (set-up) fee, paid once when the contract starts; minor units. */
  fee1: MinorUnits,
  /** Term (administration) fee charged with every monthly payment; minor units. */
  fee3: MinorUnits,
})

const common = {
  usage: z.array(UsageSchema).min(1),
  validFrom: IsoDate,
  validTo: IsoDate,
  ...provenance,
}

/**
 * Paying the full price; no partner, no limits.
 *
 * @example
 * CashProduct.parse({ kind: 'cash', usage: ['personal', 'business'], validFrom: '2025-01-01', validTo: '2026-12-31',
 *   source: 'Sales terms' })
 */
export const CashProduct = z.strictObject({ kind: z.literal('cash'), ...common })
export type CashProduct = z.infer<typeof CashProduct>

/**
 * An annuity loan or hire purchase, optionally with a balloon (a final lump sum) as a share of the price.
 *
 * @example
 * CreditProduct.parse(noJson.products[1]).nominalRateBp // 595
 */
export const CreditProduct = z.strictObject({
  kind: z.enum(CREDIT_KINDS),
  partnerName: z.string().min(2),
  ...common,
  /** Nominal yearly interest; the monthly rate is this / 12. */
  nominalRateBp: BasisPoints,
  limits: z.strictObject({
    /** Down payment as a share of the cash price. */
    downPaymentBp: BpRange,
    termsMonths: Terms,
    /** What the partner lends: price − down payment must fall in here. */
    financedAmountMinor: MinorRange,
    /** Balloon as a share of the cash price; absent when the product has no balloon. */
    balloonBp: BpRange.optional(),
  }),
  fees: Fees,
  defaults: z.strictObject({
    termMonths: z.int().min(1),
    downPaymentBp: BasisPoints,
    balloonBp: BasisPoints.optional(),
  }),
  /** Days a calculated offer stays valid. */
  offerValidityDays: z.int().min(1).max(90),
})
export type CreditProduct = z.infer<typeof CreditProduct>

/**
 * A lease. Monthly price model (lease.ts): on amounts net of VAT,
 * `base = (C − RV) / n + (C + RV) × rate / 24`, that is straight-line depreciation of the capitalised
 * amount C = net price − net down payment to the residual value RV, plus a month's interest on the
 * average capital (C + RV) / 2. RV = residual share (by term and mileage band) × net price.
 *
 * @example
 * LeaseProduct.parse(nlJson.products[2]).residualValues.length // terms × mileage bands
 */
export const LeaseProduct = z.strictObject({
  kind: z.enum(LEASE_KINDS),
  partnerName: z.string().min(2),
  ...common,
  nominalRateBp: BasisPoints,
  limits: z.strictObject({
    downPaymentBp: BpRange,
    termsMonths: Terms,
    /** Mileage bands offered, km per year, ascending. */
    mileageKmPerYear: z
      .array(z.int().min(1000).max(100_000))
      .min(1)
      .refine((bands) => bands.every((km, i) => i === 0 || km > (bands[i - 1] ?? 0)), {
        message: 'mileage bands are listed once, ascending',
      }),
  }),
  fees: Fees,
  /** Optional services, priced per month net of VAT. */
  services: z.array(z.strictObject({ code: z.enum(LEASE_SERVICES), monthlyMinor: MinorUnits })),
  /** Residual value as a share of the net price, one row per term and mileage band. */
  residualValues: z.array(
    z.strictObject({ termMonths: z.int().min(1), mileageKmPerYear: z.int().min(1), residualBp: BasisPoints }),
  ),
  /** True when the lessee buys the car for the residual value at the end (financial lease). */
  purchaseAtEnd: z.boolean(),
  /** SPEC §5: the Dutch private lease asks for a birthday. */
  requiresBirthday: z.boolean().default(false),
  defaults: z.strictObject({
    termMonths: z.int().min(1),
    downPaymentBp: BasisPoints,
    mileageKmPerYear: z.int().min(1),
  }),
  offerValidityDays: z.int().min(1).max(90),
})
export type LeaseProduct = z.infer<typeof LeaseProduct>

/**
 * Any finance product, told apart by `kind`.
 *
 * @example
 * FinanceProduct.parse({ kind: 'cash', ... }).kind // 'cash'
 */
export const FinanceProduct = z.discriminatedUnion('kind', [CashProduct, CreditProduct, LeaseProduct])
export type FinanceProduct = z.infer<typeof FinanceProduct>

function productProblems(product: FinanceProduct): string[] {
  const problems: string[] = []
  if (!checkProvenance(product)) problems.push(provenanceMessage.message)
  if (product.validFrom > product.validTo) problems.push('validFrom is on or before validTo')
  if (product.kind === 'cash') return problems
  if (product.assumption !== true) problems.push('partner figures are assumptions until a contract confirms them')
  const { limits, defaults } = product
  if (!limits.termsMonths.includes(defaults.termMonths)) problems.push('the default term is an offered term')
  if (defaults.downPaymentBp < limits.downPaymentBp.min || defaults.downPaymentBp > limits.downPaymentBp.max) {
    problems.push('the default down payment is within the limits')
  }
  if (isCreditProduct(product)) {
    const balloon = product.limits.balloonBp
    const chosen = product.defaults.balloonBp
    if (balloon === undefined && chosen !== undefined) problems.push('a default balloon needs balloon limits')
    if (balloon !== undefined && chosen !== undefined && (chosen < balloon.min || chosen > balloon.max)) {
      problems.push('the default balloon is within the limits')
    }
    if (balloon !== undefined && balloon.max + product.limits.downPaymentBp.max >= 10_000) {
      problems.push('down payment and balloon together stay below the price')
    }
    return problems
  }
  if (!product.limits.mileageKmPerYear.includes(product.defaults.mileageKmPerYear)) {
    problems.push('the default mileage is an offered band')
  }
  const codes = product.services.map((s) => s.code)
  if (new Set(codes).size !== codes.length) problems.push('each service is priced once')
  const rows = product.residualValues
  const keys = rows.map((row) => `${row.termMonths}/${row.mileageKmPerYear}`)
  if (new Set(keys).size !== keys.length) problems.push('one residual value per term and mileage')
  for (const term of product.limits.termsMonths) {
    for (const km of product.limits.mileageKmPerYear) {
      if (!keys.includes(`${term}/${km}`)) problems.push(`a residual value for ${term} months at ${km} km`)
    }
  }
  if (rows.length !== product.limits.termsMonths.length * product.limits.mileageKmPerYear.length) {
    problems.push('residual values only for offered terms and mileages')
  }
  const highestResidual = Math.max(0, ...rows.map((row) => row.residualBp))
  if (product.limits.downPaymentBp.max + highestResidual > 10_000) {
    problems.push('the largest down payment still leaves at least the residual value to lease')
  }
  // A car is worth less the longer and the more it is driven: residual never rises with term or mileage.
  for (const row of rows) {
    for (const other of rows) {
      if (other.termMonths >= row.termMonths && other.mileageKmPerYear >= row.mileageKmPerYear) {
        if (other.residualBp > row.residualBp) {
          problems.push(`residual falls with term and mileage (${row.termMonths}/${row.mileageKmPerYear})`)
        }
      }
    }
  }
  return problems
}

function overlaps(a: FinanceProduct, b: FinanceProduct): boolean {
  return (
    a.kind === b.kind &&
    a.usage.some((usage) => b.usage.includes(usage)) &&
    a.validFrom <= b.validTo &&
    b.validFrom <= a.validTo
  )
}

/**
 * One country's finance products. A kind may appear several times (per usage or per period) but never
 * twice for the same usage on the same day, so `productsFor` finds at most one product per kind.
 *
 * @example
 * CountryFinanceProducts.parse(nlJson).products.map((p) => p.kind)
 */
export const CountryFinanceProducts = z
  .strictObject({
    country: CountryCodeSchema.exclude(['GLOBAL']),
    currency: CurrencySchema,
    products: z.array(FinanceProduct).min(1),
    source: z.string().min(3),
  })
  .superRefine((data, ctx) => {
    data.products.forEach((product, index) => {
      for (const message of productProblems(product))
        ctx.addIssue({ code: 'custom', message, path: ['products', index] })
      data.products.forEach((other, otherIndex) => {
        if (otherIndex > index && overlaps(product, other)) {
          ctx.addIssue({
            code: 'custom',
            message: `two ${product.kind} products for the same usage and days`,
            path: ['products', otherIndex],
          })
        }
      })
    })
  })
export type CountryFinanceProducts = z.infer<typeof CountryFinanceProducts>

/**
 * Parses one country's finance data file; throws a ZodError naming the broken field.
 *
 * @example
 * parseFinanceProducts(noJson).country // 'NO'
 */
export function parseFinanceProducts(json: unknown): CountryFinanceProducts {
  return CountryFinanceProducts.parse(json)
}

/**
 * Parses a Dutch finance application status code from the partner or the database.
 *
 * @example
 * DutchFinanceStatusSchema.parse(6) // 6
 */
export const DutchFinanceStatusSchema = z.union(DUTCH_FINANCE_STATUS_CODES.map((code) => z.literal(code)))

// The stored shape of a chosen finance offer (chosen.ts), as a saved build and an order keep it. Strict: a record
// that does not pass is left out as unreadable, never shown with invented figures.

const whole = z.int().min(0)

const FigureSchema = z.discriminatedUnion('kind', [
  z.strictObject({ key: z.string().max(80), kind: z.literal('money'), value: z.int() }),
  z.strictObject({ key: z.string().max(80), kind: z.literal('rate'), value: z.int() }),
  z.strictObject({ key: z.string().max(80), kind: z.literal('months'), value: z.int() }),
  z.strictObject({ key: z.string().max(80), kind: z.literal('km'), value: z.int() }),
  z.strictObject({ key: z.string().max(80), kind: z.literal('date'), value: IsoDate }),
])

const KeptSummarySchema: z.ZodType<KeptSummary> = z.strictObject({
  kind: z.enum(FINANCE_KINDS),
  partnerName: z.string().max(120).nullable(),
  monthlyPayment: z.int().nullable(),
  totalCost: z.int(),
  applied: z.strictObject({
    downPayment: whole,
    termMonths: whole,
    balloonAmount: whole.optional(),
    mileageKmPerYear: whole.optional(),
    services: z.array(z.enum(LEASE_SERVICES)).max(LEASE_SERVICES.length).optional(),
    birthday: IsoDate.optional(),
  }),
  figures: z.array(FigureSchema).max(40),
  expirationDate: IsoDate.nullable(),
  assumption: z.boolean(),
})

/**
 * A chosen finance offer as stored (JSON).
 *
 * @example
 * ChosenFinanceSchema.parse(JSON.parse(row.finance).offer)
 */
export const ChosenFinanceSchema: z.ZodType<ChosenFinance> = z.strictObject({
  kind: z.enum(FINANCE_KINDS.filter((kind) => kind !== 'cash') as [ChosenFinance['kind'], ...ChosenFinance['kind'][]]),
  currency: CurrencySchema,
  price: whole,
  tradeInCredit: whole,
  quotedOn: IsoDate,
  summary: KeptSummarySchema,
})
