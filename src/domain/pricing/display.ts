// No zod here: the browser's configurator shows prices with it.
import { type CatalogItemKind, catalogItem } from '../catalog/items'
import type { Catalog } from '../catalog/schema'
import type { PriceLine, PriceQuote } from './engine'
import { percentOf, vatIncludedIn } from './rounding'
import type { PriceRuleSet } from './rules'

/** Whether the figures shown include VAT ('inclVat') or are net of it ('exclVat'). */
export type PriceBasis = 'inclVat' | 'exclVat'

/**
 * The basis a visitor sees a price page on: net of VAT for a business buyer where the country shows
 * business prices net (the summary's lines are net then too), including VAT for everyone else. The
 * option cards, the headline, the sticky price bar and the summary of one page all use it.
 *
 * @example
 * priceBasis(nlBusinessQuote) // 'exclVat'
 * priceBasis(nlPersonalQuote) // 'inclVat'
 */
export function priceBasis(quote: Pick<PriceQuote, 'usage' | 'display' | 'orderable'>): PriceBasis {
  return quote.orderable && quote.usage === 'business' && quote.display === 'exclVat' ? 'exclVat' : 'inclVat'
}

/**
 * The total a page puts in its headline and price bar, on the page's basis.
 *
 * @example
 * headlinePrice(nlBusinessQuote) // { basis: 'exclVat', amount: 4_065_996 } (49 188.00 less 8 528.04 VAT)
 */
export function headlinePrice(
  quote: Pick<PriceQuote, 'usage' | 'display' | 'orderable' | 'totalExclVat' | 'totalInclVat'>,
): { basis: PriceBasis; amount: number } {
  const basis = priceBasis(quote)
  return { basis, amount: basis === 'exclVat' ? quote.totalExclVat : quote.totalInclVat }
}

/** One row of a displayed breakdown: a price line as shown, on the breakdown's basis. */
export interface BreakdownRow {
  code: string
  labelKey: string
  role: PriceLine['role']
  amount: number
}

/**
 * An itemised price as a page, an e-mail or an order shows it, stated on one basis so that it adds up:
 * - 'exclVat': net rows, their sum (`subtotal` = total excluding VAT), the VAT on its own row (`vat`),
 *   then `total` = subtotal + vat;
 * - 'inclVat': rows including VAT, their sum (`subtotal` = `total`), and the VAT they contain (`vat`),
 *   shown as "of which VAT", not added.
 * `indicative` marks the global site's price: no country's fees or VAT, for the experience only.
 */
export interface DisplayedBreakdown {
  basis: PriceBasis
  rows: BreakdownRow[]
  subtotal: number
  vat: number
  total: number
  indicative: boolean
}

/** What a breakdown is made from: a quote, or the part of one an order stored. */
export type BreakdownSource = Pick<PriceQuote, 'display' | 'totalExclVat' | 'totalInclVat' | 'vat' | 'orderable'> & {
  lines: readonly Pick<PriceLine, 'code' | 'labelKey' | 'role' | 'amount' | 'vatTreatment' | 'vatIncluded'>[]
}

/**
 * The breakdown of a quote on one basis. The engine states lines either all with their VAT inside or
 * all net with a VAT line; this keeps that basis, takes the VAT line out of the rows, and checks that
 * the rows add up to the totals the page prints (a breakdown that does not add up throws rather than
 * being shown).
 *
 * @example
 * const shown = displayedBreakdown(nlBusinessQuote)
 * shown.basis // 'exclVat'
 * shown.subtotal + shown.vat === shown.total // true
 */
export function displayedBreakdown(quote: BreakdownSource): DisplayedBreakdown {
  const vatLine = quote.lines.some((line) => line.vatTreatment === 'vat')
  const basis: PriceBasis = vatLine || quote.display === 'exclVat' ? 'exclVat' : 'inclVat'
  const rows = quote.lines
    .filter((line) => line.vatTreatment !== 'vat')
    .map((line) => ({
      code: line.code,
      labelKey: line.labelKey,
      role: line.role,
      // An inclVat line carries its VAT inside; on the net basis every line is stated net.
      amount: basis === 'exclVat' ? line.amount - line.vatIncluded : line.amount,
    }))
  const subtotal = rows.reduce((total, row) => total + row.amount, 0)
  const expected = basis === 'exclVat' ? quote.totalExclVat : quote.totalInclVat
  if (subtotal !== expected) throw new RangeError(`breakdown rows add up to ${subtotal}, not ${expected}`)
  return { basis, rows, subtotal, vat: quote.vat, total: quote.totalInclVat, indicative: !quote.orderable }
}

/**
 * A catalog price (a version, paint, wheel, interior, pack or accessory) on a basis, exactly as the
 * engine states that item's line: net where VAT is charged per line and the basis is net, with VAT
 * where the basis includes it. Under a VAT threshold (NO) on a basis with VAT, an item the threshold
 * covers shows itself with the VAT it adds on top of `rest` (what of the build counts towards the
 * threshold before it, see `optionPriceOn`), one it does not cover with its full VAT; without `item`
 * the entered amount is shown as it is. A full exemption shows it as it is.
 *
 * @example
 * catalogPriceOn(nlRuleSet, 4_799_000, 'exclVat') // 3_966_116 (47 990.00 / 1.21, rounded half up)
 * catalogPriceOn(nlRuleSet, 4_799_000, 'inclVat') // 4_799_000
 * catalogPriceOn(noRuleSet, 1_990_000, 'inclVat', { kind: 'paint', rest: 45_000_000 }) // 2_487_500 (19 900 + 25 %)
 */
export function catalogPriceOn(
  ruleSet: PriceRuleSet,
  entered: number,
  basis: PriceBasis,
  item?: { kind: CatalogItemKind; rest: number },
): number {
  const rate = ruleSet.vat.rateBasisPoints
  const exemption = ruleSet.vat.exemption
  if (exemption?.kind === 'upTo' && rate > 0 && basis === 'inclVat' && item) {
    if (!exemption.covers.itemKinds.includes(item.kind)) return entered + percentOf(entered, rate)
    const above = (base: number) => percentOf(Math.max(0, base - exemption.thresholdMinor), rate)
    return entered + above(item.rest + entered) - above(item.rest)
  }
  const perLine = exemption === undefined && rate > 0
  if (!perLine) return entered
  if (ruleSet.amountsIncludeVat) return basis === 'exclVat' ? entered - vatIncludedIn(entered, rate) : entered
  return basis === 'inclVat' ? entered + percentOf(entered, rate) : entered
}

const SLOT_ORDER: readonly CatalogItemKind[] = ['version', 'paint', 'wheel', 'interior']

/**
 * An option card's price for a quote's build on a basis (`catalogPriceOn`). Under a VAT threshold the
 * item is counted where the engine counts it: after what comes before it in the build (the version,
 * paint, wheel and interior in that order, then packs and accessories as chosen, a new one after those
 * of its kind), so a chosen item's card shows exactly its summary line.
 *
 * @example
 * // Norway 2026, private buyer, Standard Range in Arctic White: Fjord Blue adds 19 900 kr and its 25 % VAT
 * optionPriceOn(noRuleSet, catalog, noQuote, 'fjord-blue', 'inclVat') // 2_487_500
 */
export function optionPriceOn(
  ruleSet: PriceRuleSet,
  catalog: Catalog,
  quote: Pick<PriceQuote, 'country' | 'configuration'>,
  code: string,
  basis: PriceBasis,
): number {
  const { country, configuration: build } = quote
  const item = catalogItem(catalog, code)
  const entered = item?.prices[country] ?? 0
  const exemption = ruleSet.vat.exemption
  if (!item || exemption?.kind !== 'upTo') return catalogPriceOn(ruleSet, entered, basis)
  const slots = [build.versionCode, build.paintCode, build.wheelCode, build.interiorCode]
  const upTo = (list: readonly string[]) => (list.includes(code) ? list.indexOf(code) : list.length)
  const slot = SLOT_ORDER.indexOf(item.kind)
  const before =
    slot >= 0
      ? slots.slice(0, slot)
      : item.kind === 'pack'
        ? [...slots, ...build.packCodes.slice(0, upTo(build.packCodes))]
        : [...slots, ...build.packCodes, ...build.accessoryCodes.slice(0, upTo(build.accessoryCodes))]
  const rest = before.reduce((total, each) => {
    const counted = catalogItem(catalog, each)
    return counted && exemption.covers.itemKinds.includes(counted.kind) ? total + (counted.prices[country] ?? 0) : total
  }, 0)
  return catalogPriceOn(ruleSet, entered, basis, { kind: item.kind, rest })
}

/**
 * The basis the catalog prices on a page's option cards are on, once `catalogPriceOn` has converted
 * them, so the page can state it; null where a full exemption leaves no VAT to state or no VAT
 * applies (the global site's indicative price).
 *
 * @example
 * catalogPricesStated(nlRuleSet, 'exclVat') // 'exclVat'
 * catalogPricesStated(noRuleSet, 'inclVat') // 'inclVat' (with the VAT each adds above the threshold)
 */
export function catalogPricesStated(ruleSet: PriceRuleSet, basis: PriceBasis): PriceBasis | null {
  const rate = ruleSet.vat.rateBasisPoints
  if (rate === 0 || ruleSet.vat.exemption?.kind === 'full') return null
  return basis
}

/** One line of a price statement in reading order (an e-mail, a plain-text copy of a breakdown). */
export interface StatementLine {
  kind: 'line' | 'subtotal' | 'vat' | 'total' | 'vatIncluded' | 'credit' | 'balance' | 'toReceive'
  /** Message key of the label; a vehicle line's name comes from the catalog by `code`. */
  labelKey: string
  code: string | null
  role: BreakdownRow['role'] | null
  /** Minor units; a credit is the size of the deduction (written with a minus sign by formatDeduction). */
  amount: number
}

/**
 * A breakdown as lines to read top to bottom, in the order the pages show it: the rows, then on the
 * net basis the total excluding VAT, the VAT and the total, or on the VAT-inclusive basis the total
 * and the VAT it contains; then, with a trade-in estimate, the estimate as a credit and the estimated
 * balance (never below zero; what the estimate exceeds the price by is a line of its own).
 *
 * @example
 * priceStatement(displayedBreakdown(nlBusinessQuote), 1_970_000).map((l) => [l.kind, l.amount]).slice(-4)
 * // [['vat', 852_804], ['total', 4_918_800], ['credit', 1_970_000], ['balance', 2_948_800]]
 */
export function priceStatement(breakdown: DisplayedBreakdown, tradeInEstimate: number | null = null): StatementLine[] {
  const totalKey = breakdown.indicative ? 'price.indicative.label' : 'configurator.price.total'
  const line = (kind: StatementLine['kind'], labelKey: string, amount: number): StatementLine => ({
    kind,
    labelKey,
    code: null,
    role: null,
    amount,
  })
  const lines: StatementLine[] = breakdown.rows.map((row) => ({
    kind: 'line',
    labelKey: row.labelKey,
    code: row.code,
    role: row.role,
    amount: row.amount,
  }))
  if (breakdown.basis === 'exclVat') {
    lines.push(line('subtotal', 'price.totalExclVat', breakdown.subtotal), line('vat', 'price.line.vat', breakdown.vat))
    lines.push(line('total', totalKey, breakdown.total))
  } else {
    lines.push(line('total', totalKey, breakdown.total))
    if (breakdown.vat > 0) lines.push(line('vatIncluded', 'price.vatIncluded', breakdown.vat))
  }
  if (tradeInEstimate !== null && tradeInEstimate > 0) {
    const left = breakdown.total - tradeInEstimate
    lines.push(line('credit', 'price.tradeIn.estimate', tradeInEstimate))
    lines.push(line('balance', 'price.tradeIn.balance', Math.max(0, left)))
    if (left < 0) lines.push(line('toReceive', 'price.tradeIn.toReceive', -left))
  }
  return lines
}

/**
 * The SPEC §3 price breakdown on one stated basis, so that its parts add up to the price to pay:
 * - 'exclVat': msrp + deliveryFee + weightTax + otherFees + vat = msrpPrice;
 * - 'inclVat': msrp + deliveryFee + weightTax + otherFees = msrpPrice, of which `vat` is VAT.
 * `msrpWithoutVat` is the car net of VAT on either basis. (The engine's own `breakdown` keeps the car
 * with VAT beside fees as shown, which mixes bases on a net display.)
 */
export interface StatedBreakdown {
  basis: PriceBasis
  msrp: number
  msrpWithoutVat: number
  deliveryFee: number
  weightTax: number
  otherFees: number
  vat: number
  msrpPrice: number
  preorderFee: number
}

/**
 * The SPEC §3 breakdown of a quote on the basis its lines are stated on.
 *
 * @example
 * statedBreakdown(nlBusinessQuote)
 * // { basis: 'exclVat', msrp: 3_966_116, deliveryFee: 99_880, vat: 852_804, msrpPrice: 4_918_800, … }
 */
export function statedBreakdown(quote: BreakdownSource & Pick<PriceQuote, 'depositAmount'>): StatedBreakdown {
  const shown = displayedBreakdown(quote)
  const of = (role: BreakdownRow['role']) =>
    shown.rows.filter((row) => row.role === role).reduce((total, row) => total + row.amount, 0)
  const msrpWithoutVat = quote.lines
    .filter((line) => line.role === 'vehicle')
    .reduce((total, line) => total + line.amount - line.vatIncluded, 0)
  return {
    basis: shown.basis,
    msrp: of('vehicle'),
    msrpWithoutVat,
    deliveryFee: of('deliveryFee'),
    weightTax: of('weightTax'),
    otherFees: of('other'),
    vat: shown.vat,
    msrpPrice: shown.total,
    preorderFee: quote.depositAmount ?? 0,
  }
}
