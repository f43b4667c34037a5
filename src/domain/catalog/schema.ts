import { z } from 'zod'
import { CURRENCY_EXPONENT, type CurrencyCode } from '../money'
import { COUNTRY_CODES } from './markets'
import { CountryCodeSchema, IsoDate, LocalizedText } from './markets-schema'

const CURRENCIES = Object.keys(CURRENCY_EXPONENT) as [CurrencyCode, ...CurrencyCode[]]
/**
 * Currencies a market or rule set may use; the list comes from money.ts so the two never drift.
 *
 * @example
 * CurrencySchema.parse('NOK')
 */
export const CurrencySchema = z.enum(CURRENCIES)

/**
 * A stable option code: lower-case words joined by hyphens. Codes are shared by versions and every
 * option kind, so a rule such as "requires comfort-pack" can point anywhere in the catalog.
 *
 * @example
 * OptionCode.parse('fjord-blue')
 */
export const OptionCode = z
  .string()
  .max(40)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
export type OptionCode = z.infer<typeof OptionCode>

/**
 * Whole minor units of the market's currency (ISK has none, so krónur); fractions are refused.
 *
 * @example
 * MinorUnits.parse(4_799_000) // EUR 47 990.00
 */
export const MinorUnits = z.int().min(0)

/**
 * Retail price per country in minor units. A country without a price does not sell the item, so
 * availability and price can never disagree.
 *
 * @example
 * CountryPrices.parse({ NO: 1_990_000, NL: 99_000 }) // not sold in the other countries
 */
export const CountryPrices = z.partialRecord(CountryCodeSchema, MinorUnits)
export type CountryPrices = z.infer<typeof CountryPrices>

const HexColour = z.string().regex(/^#[0-9A-F]{6}$/)

const optionFields = {
  code: OptionCode,
  names: LocalizedText,
  sort: z.int(),
  prices: CountryPrices,
  /** Codes this item cannot be combined with; the relation is read both ways. */
  excludes: z.array(OptionCode).default([]),
  /** Codes that must also be in the car (standard equipment counts). */
  requires: z.array(OptionCode).default([]),
  /** Weeks this item adds to the delivery window (supplier or paint-shop capacity). */
  extraLeadWeeks: z.int().min(0).max(52).default(0),
}

/**
 * A paint with the colours the car picture needs.
 *
 * @example
 * Paint.parse(p5.paints[3]).colours // ['#2E6B5A', '#111111'] (two-tone: body, roof)
 */
export const Paint = z
  .strictObject({
    ...optionFields,
    finish: z.enum(['solid', 'metallic', 'twoTone']),
    /** Body colour first; a two-tone paint adds the roof and pillars colour for the picture. */
    colours: z.array(HexColour).min(1).max(2),
  })
  .refine((paint) => (paint.finish === 'twoTone') === (paint.colours.length === 2), {
    message: 'a two-tone paint has exactly two colours, any other paint one',
    path: ['colours'],
  })
export type Paint = z.infer<typeof Paint>

/**
 * A wheel choice with its size facts.
 *
 * @example
 * Wheel.parse(p5.wheels[1]).inches // 19
 */
export const Wheel = z.strictObject({
  ...optionFields,
  inches: z.int().min(15).max(23),
  tyreSize: z.string().regex(/^\d{3}\/\d{2} R\d{2}$/),
})
export type Wheel = z.infer<typeof Wheel>

/**
 * An interior with its material and colours.
 *
 * @example
 * Interior.parse(p5.interiors[1]).material // 'veganLeather'
 */
export const Interior = z.strictObject({
  ...optionFields,
  material: z.enum(['recycledTextile', 'veganLeather']),
  colours: z.array(HexColour).min(1).max(2),
})
export type Interior = z.infer<typeof Interior>

/**
 * A factory-fitted pack of equipment.
 *
 * @example
 * Pack.parse(p5.packs[2]).requires // ['tech-pack']
 */
export const Pack = z.strictObject({
  ...optionFields,
  /** One sentence listing what the pack contains, as the configurator shows it. */
  contents: LocalizedText,
})
export type Pack = z.infer<typeof Pack>

/**
 * A dealer-fitted accessory, allowed on every version.
 *
 * @example
 * Accessory.parse(p5.accessories[0]).category // 'protection'
 */
export const Accessory = z.strictObject({
  ...optionFields,
  category: z.enum(['protection', 'wheels', 'transport', 'interior']),
})
export type Accessory = z.infer<typeof Accessory>

/**
 * A version of the model: its facts, what it includes and which choices it allows.
 *
 * @example
 * Version.parse(p5.versions[1]).standardPackCodes // ['comfort-pack']
 */
export const Version = z.strictObject({
  code: OptionCode,
  names: LocalizedText,
  sort: z.int(),
  prices: CountryPrices,
  extraLeadWeeks: z.int().min(0).max(52).default(0),
  facts: z.strictObject({
    rangeKmWltp: z.int().positive(),
    batteryKwh: z.number().positive(),
    /** Kerb weight as registered; drives the Norwegian weight component of the registration tax. */
    weightKg: z.int().positive(),
    consumptionKwhPer100km: z.strictObject({ min: z.number().positive(), max: z.number().positive() }),
    acChargingKw: z.number().positive(),
    fastCharging: z.strictObject({
      fromPercent: z.int().min(0).max(100),
      toPercent: z.int().min(0).max(100),
      minutes: z.int().positive(),
    }),
  }),
  /** Packs fitted as standard: never charged and never listed in a configuration's packCodes. */
  standardPackCodes: z.array(OptionCode),
  allowed: z.strictObject({
    paintCodes: z.array(OptionCode).min(1),
    wheelCodes: z.array(OptionCode).min(1),
    interiorCodes: z.array(OptionCode).min(1),
    packCodes: z.array(OptionCode),
  }),
  defaults: z.strictObject({ paintCode: OptionCode, wheelCode: OptionCode, interiorCode: OptionCode }),
})
export type Version = z.infer<typeof Version>

/**
 * How the model is sold in one country.
 *
 * @example
 * Market.parse({ currency: 'NOK', pricesIncludeVat: false, leadTimeWeeks: { min: 8, max: 12 } })
 */
const DayRange = z
  .strictObject({ min: z.int().min(0).max(365), max: z.int().min(0).max(365) })
  .refine((range) => range.min <= range.max, { message: 'min is at most max' })

export const Market = z.strictObject({
  currency: CurrencySchema,
  /** Whether the retail prices above include VAT for this country (the price rules must agree). */
  pricesIncludeVat: z.boolean(),
  leadTimeWeeks: z.strictObject({ min: z.int().min(0), max: z.int().min(0) }),
  /**
   * Days from a step of an order's timeline to the handover (the delivery window after allocation, shipping and the
   * start of preparation; domain/order/delivery-window.ts). Absent: the domain's planning default.
   */
  handoverDays: z.strictObject({ allocated: DayRange, shipped: DayRange, vehiclePreparation: DayRange }).optional(),
  /** Whether an order's price is protected until delivery (domain/order/price-protection.ts). */
  priceProtection: z.boolean().optional(),
})
export type Market = z.infer<typeof Market>

const CatalogShape = z.strictObject({
  version: z.string().min(1),
  validFrom: IsoDate,
  source: z.string().min(3),
  assumption: z.literal(true).optional(),
  assumptionNote: z.string().min(10).optional(),
  model: z.strictObject({
    code: OptionCode,
    /** Product name, the same in every language. */
    name: z.string().min(1),
    sort: z.int(),
    facts: z.strictObject({
      cargoLitres: z.int().positive(),
      batteryKwh: z.number().positive(),
      drive: z.enum(['frontWheelDrive', 'rearWheelDrive', 'allWheelDrive']),
      /** The body style in English, as search engines read schema.org's `bodyType` ('SUV', 'hatchback'). */
      bodyType: z.string().min(2).max(40),
      doors: z.int().min(2).max(6),
      seats: z.int().min(1).max(9),
    }),
  }),
  markets: z.partialRecord(CountryCodeSchema, Market),
  versions: z.array(Version).min(1),
  paints: z.array(Paint).min(1),
  wheels: z.array(Wheel).min(1),
  interiors: z.array(Interior).min(1),
  packs: z.array(Pack),
  accessories: z.array(Accessory),
})

/**
 * One model's catalog, with every cross-reference checked: codes unique across all kinds, rules and
 * defaults point at real items, defaults are allowed and sold wherever their version is sold.
 *
 * @example
 * const catalog = Catalog.parse(p5Json)
 */
export const Catalog = CatalogShape.superRefine((catalog, ctx) => {
  const issue = (message: string, path: (string | number)[]) => ctx.addIssue({ code: 'custom', message, path })
  if ((catalog.assumption === true) !== (catalog.assumptionNote !== undefined)) {
    issue('assumption and assumptionNote go together', ['assumptionNote'])
  }
  const kinds = ['versions', 'paints', 'wheels', 'interiors', 'packs', 'accessories'] as const
  const known = new Map<string, (typeof kinds)[number]>()
  for (const kind of kinds) {
    catalog[kind].forEach((item, index) => {
      if (known.has(item.code)) issue(`duplicate code ${item.code}`, [kind, index, 'code'])
      known.set(item.code, kind)
    })
  }
  const expectKind = (code: string, kind: (typeof kinds)[number], path: (string | number)[]) => {
    if (known.get(code) !== kind) issue(`${code} is not one of the catalog's ${kind}`, path)
  }
  for (const kind of ['paints', 'wheels', 'interiors', 'packs', 'accessories'] as const) {
    catalog[kind].forEach((item, index) => {
      for (const code of [...item.excludes, ...item.requires]) {
        if (!known.has(code)) issue(`rule refers to unknown code ${code}`, [kind, index])
        if (code === item.code) issue(`${code} refers to itself`, [kind, index])
      }
    })
  }
  for (const [country, market] of Object.entries(catalog.markets)) {
    if (market.leadTimeWeeks.min > market.leadTimeWeeks.max) {
      issue('lead time min is above max', ['markets', country, 'leadTimeWeeks'])
    }
  }
  catalog.versions.forEach((version, index) => {
    const at = (...rest: (string | number)[]) => ['versions', index, ...rest]
    const { allowed, defaults } = version
    const allowedKinds = [
      ['paintCodes', 'paints'],
      ['wheelCodes', 'wheels'],
      ['interiorCodes', 'interiors'],
      ['packCodes', 'packs'],
    ] as const
    for (const [list, kind] of allowedKinds) {
      allowed[list].forEach((code, i) => {
        expectKind(code, kind, at('allowed', list, i))
      })
    }
    version.standardPackCodes.forEach((code, i) => {
      expectKind(code, 'packs', at('standardPackCodes', i))
      if (allowed.packCodes.includes(code))
        issue('a standard pack is not also an optional one', at('standardPackCodes', i))
    })
    if (!allowed.paintCodes.includes(defaults.paintCode))
      issue('default paint not allowed', at('defaults', 'paintCode'))
    if (!allowed.wheelCodes.includes(defaults.wheelCode))
      issue('default wheel not allowed', at('defaults', 'wheelCode'))
    if (!allowed.interiorCodes.includes(defaults.interiorCode)) {
      issue('default interior not allowed', at('defaults', 'interiorCode'))
    }
    const f = version.facts
    if (f.consumptionKwhPer100km.min > f.consumptionKwhPer100km.max) issue('consumption min above max', at('facts'))
    for (const country of COUNTRY_CODES) {
      if (version.prices[country] === undefined) continue
      if (!catalog.markets[country]) issue(`priced for ${country}, which has no market`, at('prices', country))
      const defaultItems = [
        catalog.paints.find((p) => p.code === defaults.paintCode),
        catalog.wheels.find((w) => w.code === defaults.wheelCode),
        catalog.interiors.find((i) => i.code === defaults.interiorCode),
      ]
      for (const item of defaultItems) {
        if (item && item.prices[country] === undefined) {
          issue(`default ${item.code} is not sold in ${country} although the version is`, at('defaults'))
        }
      }
    }
  })
})
export type Catalog = z.infer<typeof Catalog>

export { type CatalogItem, type CatalogItemKind, catalogItem } from './items'

/**
 * Parses untrusted catalog data (a seed file, a KV value) into a checked catalog.
 *
 * @example
 * const result = parseCatalog(JSON.parse(text))
 * if (!result.success) console.warn(result.error.issues)
 */
export function parseCatalog(data: unknown): z.ZodSafeParseResult<Catalog> {
  return Catalog.safeParse(data)
}
