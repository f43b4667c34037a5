import { type Configuration, selectedCodes, validateConfiguration } from '../catalog/configuration'
import { type CatalogItemKind, catalogItem } from '../catalog/items'
import type { CountryCode, IsoDate, Usage } from '../catalog/markets'
import type { Catalog } from '../catalog/schema'
import { type CurrencyCode, type Money, money } from '../money'
import { percentOf, ratePercent, vatIncludedIn } from './rounding'
import type { CountryPriceRules, FeeRule, PriceRuleSet, VatDisplay } from './rules'
import { ruleSetValidOn } from './valid-on'

/**
 * How a line's amount relates to VAT:
 * - includesVat: the amount contains VAT (`vatIncluded` says how much);
 * - excludesVat: the amount is net; its VAT is in the VAT line;
 * - vatExempt: VAT-able kind of supply, but exempt here (no VAT);
 * - outOfScope: a tax, deposit or public fee that VAT does not apply to;
 * - vat: the line is the VAT itself.
 */
export type VatTreatment = 'includesVat' | 'excludesVat' | 'vatExempt' | 'outOfScope' | 'vat'

/** Which SPEC §3 breakdown figure a line belongs to. */
export type LineRole = 'vehicle' | 'deliveryFee' | 'weightTax' | 'other' | 'vat'

/** One line of the itemised price, in minor units of the quote's currency. */
export interface PriceLine {
  /** The version or option code for vehicle lines, the rule's code for fees, 'vat' for the VAT line. */
  code: string
  /** Message key of the label, e.g. 'price.line.weightTax'; option names come from the catalog by code. */
  labelKey: string
  role: LineRole
  amount: number
  vatTreatment: VatTreatment
  /** VAT contained in `amount`; non-zero only for includesVat lines. */
  vatIncluded: number
  source: string
  assumption: boolean
}

/** A message to show with the price; Money values are formatted with formatMoney before interpolation. */
export interface PriceNote {
  key: string
  values: Record<string, number | string | Money>
}

/** A cost of owning the car (DK green owner tax), shown beside the price and never part of the total. */
export interface RunningCost {
  code: string
  labelKey: string
  amount: number
  period: 'month' | 'quarter' | 'halfYear' | 'year'
  /** Message key of the period text, e.g. 'price.period.halfYear' ("every six months"). */
  periodKey: `price.period.${'month' | 'quarter' | 'halfYear' | 'year'}`
  source: string
  assumption: boolean
}

/**
 * The price breakdown fields of SPEC §3, in minor units:
 * - msrp: the configured car (version, options, accessories) including the VAT that falls on it;
 * - msrpWithoutVat: the same without VAT;
 * - deliveryFee: the lines that make up the delivery fee (NL: preparation, recycling, registration), as shown;
 * - weightTax: the weight component of a registration tax (0 where there is none);
 * - msrpPrice: the on-the-road price to pay, i.e. totalInclVat;
 * - preorderFee: the deposit due to pre-order (0 where the site cannot take orders); part of, not added to, the total.
 */
export interface PriceBreakdown {
  msrp: number
  msrpWithoutVat: number
  deliveryFee: number
  weightTax: number
  msrpPrice: number
  preorderFee: number
}

export interface PriceQuote {
  country: CountryCode
  usage: Usage
  currency: CurrencyCode
  /** False on the global site: priced for the experience, cannot be ordered. */
  orderable: boolean
  /** Whether lines are shown with VAT inside (consumer custom) or net plus a VAT line (business custom, NO). */
  display: VatDisplay
  configuration: Configuration
  lines: PriceLine[]
  /** Sum of every line's amount. */
  totalInclVat: number
  /** totalInclVat minus vat. */
  totalExclVat: number
  /** VAT contained in includesVat lines plus the VAT line. */
  vat: number
  breakdown: PriceBreakdown
  /** Deposit to pre-order; null where the site cannot take orders. */
  depositAmount: number | null
  validOn: { date: IsoDate; rulesValidFrom: IsoDate; rulesSource: string; catalogVersion: string }
  runningCosts: RunningCost[]
  notes: PriceNote[]
  requiresCompanyNumber: 'CVR' | null
  /** Some figure in this quote is an assumption (see each line) rather than a confirmed fact. */
  hasAssumptions: boolean
  /** How VAT falls on a lease of this car under the rules of the quote's date (see LeaseVatShare). */
  leaseVat: LeaseVatShare
}

/**
 * The VAT a lease of the car charges on its rent: the standard rate on `taxable / of` of the rent. That
 * share is the part of the car's VAT-able net cost on which a sale pays VAT: all of it (1/1) in most
 * countries, none (0/1) under a full exemption that covers leasing, and under a threshold (NO mval.
 * § 6-8 (2)) the cost above the threshold over the cost, plus any line outside the threshold.
 *
 * @example
 * // Standard Range in Fjord Blue in Norway, 2026: 478 880 kr VAT-able, 178 880 of it above NOK 300 000
 * onTheRoadPrice(noInput).leaseVat // { rateBasisPoints: 2500, taxable: 17_888_000, of: 47_888_000 }
 */
export interface LeaseVatShare {
  rateBasisPoints: number
  taxable: number
  of: number
}

export type PricingErrorCode =
  | 'countryMismatch'
  | 'noRuleSetForDate'
  | 'notSoldInCountry'
  | 'currencyMismatch'
  | 'priceBasisMismatch'
  | 'invalidConfiguration'

/**
 * The inputs cannot be priced; the code says which assumption of the engine they break.
 *
 * @example
 * if (error instanceof PricingError && error.code === 'invalidConfiguration') reconcileFirst()
 */
export class PricingError extends Error {
  constructor(
    readonly code: PricingErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'PricingError'
  }
}

export interface PriceInput {
  catalog: Catalog
  rules: CountryPriceRules
  country: CountryCode
  usage: Usage
  configuration: Configuration
  /** The day the price is for; picks the rule set in force. */
  date: IsoDate
  /**
   * The buyer's postal code, once known (the order form): fees for delivery outside an area apply
   * only with it. Without it the price is the one inside the area.
   */
  deliveryZip?: string | null
}

interface Item {
  code: string
  /** The catalog kind of a vehicle item; null for a fee. */
  kind: CatalogItemKind | null
  labelKey: string
  role: Exclude<LineRole, 'vat'>
  vatClass: 'standard' | 'exempt' | 'outOfScope'
  /** The amount as entered in catalog or rules: with VAT when the rule set says amountsIncludeVat. */
  entered: number
  source: string
  assumption: boolean
}

const VEHICLE_LABEL = {
  version: 'price.line.vehicle',
  paint: 'price.line.paint',
  wheel: 'price.line.wheels',
  interior: 'price.line.interior',
  pack: 'price.line.pack',
  accessory: 'price.line.accessory',
} as const

function vehicleItems(catalog: Catalog, country: CountryCode, configuration: Configuration): Item[] {
  const codes = [
    configuration.versionCode,
    configuration.paintCode,
    configuration.wheelCode,
    configuration.interiorCode,
    ...configuration.packCodes,
    ...configuration.accessoryCodes,
  ]
  return codes.map((code) => {
    const item = catalogItem(catalog, code)
    const price = item?.prices[country]
    // validateConfiguration has already refused unknown or unpriced codes.
    if (!item || price === undefined) throw new PricingError('invalidConfiguration', `${code} has no price`)
    return {
      code,
      kind: item.kind,
      labelKey: VEHICLE_LABEL[item.kind],
      role: 'vehicle',
      vatClass: 'standard',
      entered: price,
      source: `catalog ${catalog.version}`,
      assumption: catalog.assumption === true,
    }
  })
}

/** Whether a postal code lies in one of the ranges (codes compared as digits of the ranges' length). */
export function zipInRanges(zip: string, ranges: readonly (readonly [string, string])[]): boolean {
  const digits = zip.replace(/\s/g, '')
  return ranges.some(([from, to]) => digits.length === from.length && from <= digits && digits <= to)
}

function feeApplies(fee: FeeRule, usage: Usage, selected: ReadonlySet<string>, zip: string | null): boolean {
  if (fee.when?.usage && !fee.when.usage.includes(usage)) return false
  if (fee.when?.anyOptionSelected && !fee.when.anyOptionSelected.some((code) => selected.has(code))) return false
  const outside = fee.when?.deliveredOutside
  if (outside && (zip === null || zipInRanges(zip, outside.zipRanges))) return false
  return true
}

function feeAmount(fee: FeeRule, weightKg: number): number {
  if (fee.amount.kind === 'fixed') return fee.amount.minor
  return Math.max(0, weightKg - fee.amount.baseKg) * fee.amount.perKgMinor
}

function feeItems(
  ruleSet: PriceRuleSet,
  usage: Usage,
  selected: ReadonlySet<string>,
  weightKg: number,
  zip: string | null,
): Item[] {
  return ruleSet.fees
    .filter((fee) => feeApplies(fee, usage, selected, zip))
    .map((fee) => ({
      code: fee.code,
      kind: null,
      labelKey: fee.labelKey,
      role: fee.countsAs,
      vatClass: fee.vat,
      entered: feeAmount(fee, weightKg),
      source: fee.source,
      assumption: fee.assumption === true,
    }))
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0)

function checkInputs(input: PriceInput): PriceRuleSet {
  const { catalog, rules, country, configuration, date } = input
  if (rules.country !== country) throw new PricingError('countryMismatch', `rules for ${rules.country}, not ${country}`)
  const ruleSet = ruleSetValidOn(rules, date)
  if (!ruleSet) throw new PricingError('noRuleSetForDate', `no ${country} price rules valid on ${date}`)
  const market = catalog.markets[country]
  if (!market) throw new PricingError('notSoldInCountry', `${catalog.model.code} is not sold in ${country}`)
  if (market.currency !== ruleSet.currency) {
    throw new PricingError(
      'currencyMismatch',
      `catalog prices ${country} in ${market.currency}, rules in ${ruleSet.currency}`,
    )
  }
  if (market.pricesIncludeVat !== ruleSet.amountsIncludeVat) {
    throw new PricingError('priceBasisMismatch', `catalog and rules disagree on whether ${country} prices include VAT`)
  }
  const problems = validateConfiguration(catalog, country, configuration)
  if (problems.length > 0) {
    const list = problems.map((p) => `${p.path}: ${p.code}`).join(', ')
    throw new PricingError('invalidConfiguration', `reconcile the configuration first (${list})`)
  }
  return ruleSet
}

/**
 * The itemised on-the-road price of a configured car in a country on a date, recomputed from the
 * catalog and the country's price rules alone (a price sent by a client is never an input).
 *
 * Country differences are rule data: VAT rate and exemption, which amounts include VAT, fixed and
 * per-kg fee lines with their own VAT class, whether a usage sees VAT inside the lines or as its own
 * line. VAT is rounded half up per line, so net lines plus the VAT line always equal the gross total;
 * under a VAT threshold (NO) it is computed once on the sum of VAT-able net amounts (and, shown with VAT
 * inside the lines, spread over them by what each adds in the build's order).
 *
 * @example
 * const quote = onTheRoadPrice({ catalog, rules: nlRules, country: 'NL', usage: 'personal',
 *   configuration: defaultConfiguration(catalog, 'NL'), date: '2025-06-01' })
 * quote.totalInclVat // 4_918_800 (47 990.00 + 1 198.00 delivery fee)
 */
export function onTheRoadPrice(input: PriceInput): PriceQuote {
  const ruleSet = checkInputs(input)
  const { catalog, country, usage, configuration, date } = input
  const items = pricedItems(input, ruleSet)

  const { rateBasisPoints: rate, exemption } = ruleSet.vat
  const display = ruleSet.display[usage]
  const band = exemption?.kind === 'upTo' ? exemption.thresholdMinor : null
  const fullyExempt = exemption?.kind === 'full'
  /** Under a threshold: whether an item counts towards it (the car and its delivery) or pays VAT in full. */
  const inBand = (item: Item): boolean =>
    exemption?.kind === 'upTo' &&
    (item.kind === null
      ? exemption.covers.feeCodes.includes(item.code)
      : exemption.covers.itemKinds.includes(item.kind))

  /** VAT of one standard-class item charged on its own line amount (everything but the threshold band). */
  const vatOf = (item: Item): number => {
    if (item.vatClass !== 'standard' || fullyExempt || inBand(item)) return 0
    return ruleSet.amountsIncludeVat ? vatIncludedIn(item.entered, rate) : percentOf(item.entered, rate)
  }
  const netOf = (item: Item) => (ruleSet.amountsIncludeVat ? item.entered - vatOf(item) : item.entered)
  const vatAbove = (base: number, threshold: number) => percentOf(Math.max(0, base - threshold), rate)
  // Under a threshold shown with VAT inside the lines, each item it covers carries the VAT it adds on top of the
  // items before it (the car, its options, then its delivery costs), so the lines' VAT adds up to the band's.
  const bandShare = new Map<Item, number>()
  let counted = 0
  for (const item of items) {
    if (band === null || item.vatClass !== 'standard' || !inBand(item)) continue
    bandShare.set(item, vatAbove(counted + item.entered, band) - vatAbove(counted, band))
    counted += item.entered
  }

  const lines = items.map((item) => {
    if (item.vatClass === 'outOfScope') return priceLine(item, 'outOfScope', item.entered)
    if (item.vatClass === 'exempt' || fullyExempt) return priceLine(item, 'vatExempt', item.entered)
    if (display !== 'inclVat') return priceLine(item, 'excludesVat', netOf(item))
    const vat = vatOf(item) + (bandShare.get(item) ?? 0)
    return priceLine(item, 'includesVat', netOf(item) + vat, vat)
  })

  const standardItems = items.filter((item) => item.vatClass === 'standard')
  const banded = standardItems.filter(inBand)
  const bandVat = band === null ? 0 : vatAbove(sum(banded.map((item) => item.entered)), band)
  const vatCharged = bandVat + sum(standardItems.map(vatOf))
  if (!fullyExempt && display === 'exclVat') lines.push(vatLine(ruleSet, vatCharged))

  const totalInclVat = sum(lines.map((line) => line.amount))
  const vat = sum(lines.map((line) => (line.vatTreatment === 'vat' ? line.amount : line.vatIncluded)))
  const vehicle = items.filter((item) => item.role === 'vehicle')
  const msrpWithoutVat = sum(vehicle.map(netOf))
  // Under a threshold the car itself uses the VAT-free band first; delivery costs only pay VAT on what is left.
  const vehicleBandVat = band === null ? 0 : vatAbove(sum(vehicle.filter(inBand).map((item) => item.entered)), band)
  const vehicleVat = vehicleBandVat + sum(vehicle.map(vatOf))
  const linesOf = (role: LineRole) => sum(lines.filter((line) => line.role === role).map((line) => line.amount))
  const depositAmount = ruleSet.orderable && ruleSet.preorderFee ? ruleSet.preorderFee.amountMinor : null

  for (const amount of [totalInclVat, vat, vehicleVat]) money(amount, ruleSet.currency)
  return {
    country,
    usage,
    currency: ruleSet.currency,
    orderable: ruleSet.orderable,
    display,
    configuration,
    lines,
    totalInclVat,
    totalExclVat: totalInclVat - vat,
    vat,
    breakdown: {
      msrp: msrpWithoutVat + vehicleVat,
      msrpWithoutVat,
      deliveryFee: linesOf('deliveryFee'),
      weightTax: linesOf('weightTax'),
      msrpPrice: totalInclVat,
      preorderFee: depositAmount ?? 0,
    },
    depositAmount,
    validOn: { date, rulesValidFrom: ruleSet.validFrom, rulesSource: ruleSet.source, catalogVersion: catalog.version },
    runningCosts: runningCostsOf(ruleSet),
    notes: notesFor(ruleSet, usage, display),
    requiresCompanyNumber: usage === 'business' ? (ruleSet.requiresCompanyNumber ?? null) : null,
    hasAssumptions:
      ruleSet.assumption === true || lines.some((line) => line.assumption) || ruleSet.preorderFee?.assumption === true,
    leaseVat: leaseVatShare(ruleSet, banded.map(netOf), standardItems.filter((item) => !inBand(item)).map(netOf)),
  }
}

/** The car's items and the fees that apply to it, each amount checked to be whole minor units. */
function pricedItems(input: PriceInput, ruleSet: PriceRuleSet): Item[] {
  const { catalog, configuration } = input
  const version = catalog.versions.find((v) => v.code === configuration.versionCode)
  if (!version) throw new PricingError('invalidConfiguration', `no version ${configuration.versionCode}`)
  const selected = selectedCodes(catalog, configuration)
  const items = [
    ...vehicleItems(catalog, input.country, configuration),
    ...feeItems(ruleSet, input.usage, selected, version.facts.weightKg, input.deliveryZip ?? null),
  ]
  for (const item of items) money(item.entered, ruleSet.currency)
  return items
}

/** An item's line: its amount as the display shows it and the VAT that amount contains. */
function priceLine(item: Item, vatTreatment: VatTreatment, amount: number, vatIncluded = 0): PriceLine {
  return {
    code: item.code,
    labelKey: item.labelKey,
    role: item.role,
    source: item.source,
    amount,
    vatTreatment,
    vatIncluded,
    assumption: item.assumption,
  }
}

/** The VAT charged on the whole build, as its own line (a usage that sees prices without VAT). */
function vatLine(ruleSet: PriceRuleSet, amount: number): PriceLine {
  return {
    code: 'vat',
    labelKey: 'price.line.vat',
    role: 'vat',
    amount,
    vatTreatment: 'vat',
    vatIncluded: 0,
    source: ruleSet.vat.source,
    assumption: ruleSet.vat.assumption === true || ruleSet.vat.exemption?.assumption === true,
  }
}

/** The costs of owning the car that the rules name, beside the price and never part of it. */
function runningCostsOf(ruleSet: PriceRuleSet): RunningCost[] {
  return ruleSet.runningCosts.map((cost) => ({
    code: cost.code,
    labelKey: cost.labelKey,
    amount: cost.amountMinor,
    period: cost.period,
    periodKey: `price.period.${cost.period}`,
    source: cost.source,
    assumption: cost.assumption === true,
  }))
}

/** The share of the car's VAT-able net cost that bears VAT in a sale, as a lease's rent must follow it. */
function leaseVatShare(ruleSet: PriceRuleSet, banded: readonly number[], unbanded: readonly number[]): LeaseVatShare {
  const rate = ruleSet.vat.rateBasisPoints
  const exemption = ruleSet.vat.exemption
  if (!exemption?.coversLeasing) return { rateBasisPoints: rate, taxable: 1, of: 1 }
  const of = sum(banded) + sum(unbanded)
  if (exemption.kind === 'full' || of === 0) return { rateBasisPoints: rate, taxable: 0, of: 1 }
  return { rateBasisPoints: rate, taxable: Math.max(0, sum(banded) - exemption.thresholdMinor) + sum(unbanded), of }
}

/** Notes that follow from the rule kinds, then the country's own notes for this usage. */
function notesFor(ruleSet: PriceRuleSet, usage: Usage, display: VatDisplay): PriceNote[] {
  const rate = ratePercent(ruleSet.vat.rateBasisPoints)
  const exemption = ruleSet.vat.exemption
  const notes: PriceNote[] = []
  // The global site's price is indicative: it claims no country's VAT, so it says nothing about VAT.
  if (!ruleSet.orderable) return [{ key: 'price.note.experienceOnly', values: {} }]
  if (exemption?.kind === 'full') notes.push({ key: 'price.note.vatExempt', values: {} })
  else if (display === 'inclVat') notes.push({ key: 'price.note.pricesIncludeVat', values: { rate } })
  else notes.push({ key: 'price.note.pricesExcludeVat', values: { rate } })
  if (exemption?.kind === 'upTo') {
    const threshold = money(exemption.thresholdMinor, ruleSet.currency)
    notes.push({ key: 'price.note.vatThreshold', values: { rate, threshold } })
  }
  if (usage === 'business' && ruleSet.requiresCompanyNumber) {
    notes.push({ key: 'price.note.companyNumberRequired', values: { type: ruleSet.requiresCompanyNumber } })
  }
  if (ruleSet.runningCosts.length > 0) notes.push({ key: 'price.note.runningCostsNotIncluded', values: {} })
  for (const note of ruleSet.notes) {
    if (note.usage && !note.usage.includes(usage)) continue
    notes.push({ key: note.key, values: { ...note.values } })
  }
  return notes
}
