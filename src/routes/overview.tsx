import type { Configuration } from '../domain/catalog/configuration'
import { deliveryWindow } from '../domain/catalog/delivery'
import type { Catalog } from '../domain/catalog/schema'
import { creditInScope } from '../domain/legal/data'
import { mobilityMessage } from '../domain/legal/energy'
import { energyRows } from '../i18n/energy-rows'
import { formatQuantity } from '../i18n/formats'
import { type OverviewData, OverviewPage, type OverviewSpec } from '../ui/configurator/OverviewPage'
import { visitorCatalog } from './helpers/configurator-views'
import { financeKindOf, orderFinance } from './order/finance-offer'
import { priceOf } from './order/price-of'
import { defineRoute } from './route'
import { tradeInEstimate } from './trade-in-line'

/**
 * The version's specifications as the overview lists them: message keys with their figures already written for the
 * page's locale (so neither the formatting nor the facts are in its client code).
 */
function overviewSpecs(catalog: Catalog, configuration: Configuration, locale: string): OverviewSpec[] {
  const facts = catalog.versions.find((v) => v.code === configuration.versionCode)?.facts
  if (!facts) return []
  const n = (value: number) => formatQuantity(value, locale)
  return [
    { term: 'compare.range', value: 'compare.rangeValue', values: { km: n(facts.rangeKmWltp) } },
    { term: 'compare.battery', value: 'facts.batteryValue', values: { kwh: n(facts.batteryKwh) } },
    { term: 'overview.cargo', value: 'facts.cargoValue', values: { litres: n(catalog.model.facts.cargoLitres) } },
    { term: 'overview.drive', value: `overview.drive.${catalog.model.facts.drive}` },
    {
      term: 'compare.consumption',
      value: 'compare.consumptionValue',
      values: { min: n(facts.consumptionKwhPer100km.min), max: n(facts.consumptionKwhPer100km.max) },
    },
    {
      term: 'compare.charging',
      value: 'compare.chargingValue',
      values: {
        ac: n(facts.acChargingKw),
        from: n(facts.fastCharging.fromPercent),
        to: n(facts.fastCharging.toPercent),
        minutes: n(facts.fastCharging.minutes),
      },
    },
  ]
}

/** `/configurator/overview/{id}`: a saved configuration with today's price next to its saved one. */
export default defineRoute<OverviewData>({
  id: 'overview',
  path: '/configurator/overview/:id',
  label: 'configuration_overview',
  namespaces: ['page.overview', 'overview', 'configurator', 'compare', 'price', 'facts', 'finance.product'],
  client: 'overview',
  indexable: false,
  shareable: true,
  // Right after saving, the overview counts down to the home page.
  leavesOnItsOwn: (data) => data.justSaved,
  load: async (ctx) => {
    const country = ctx.site.countryCode
    // A record saved without choices is the default car.
    const priced = await priceOf(ctx, ctx.params.id ?? '')
    const { configuration: record, choices: configuration, quote, date, products } = priced
    const catalog = priced.catalog
    // The finance chosen while configuring, with its figures as kept (or quoted anew, saying what changed).
    const kind = financeKindOf(
      ctx.url.searchParams,
      record,
      products.map((p) => p.kind),
    )
    const tradeIn = ctx.tradeIn.id ? await tradeInEstimate(ctx, ctx.tradeIn.id) : null
    const finance = kind === 'cash' ? null : orderFinance(ctx, { record, quote, products, kind, tradeIn })
    return {
      finance: finance?.chosen
        ? {
            chosen: finance.chosen,
            requoted: finance.requoted,
            creditWarning: creditInScope(finance.chosen.kind, record.usage),
          }
        : null,
      id: record.id,
      // Shipped to the browser for hydration: only this site's texts and prices.
      catalog: visitorCatalog(catalog, country, ctx.site.locale),
      configuration,
      quote,
      delivery: deliveryWindow(catalog, country, configuration, date),
      savedPrice: record.savedPrice,
      justSaved: ctx.url.searchParams.get('saved') === '1',
      // How the visitor chose to pay while configuring (the address carries it): shown and passed on.
      // ...or, opened later by its link, the one saved with the build.
      financeKind: ctx.url.searchParams.has('finance') || record.finance ? kind : null,
      specs: [
        ...overviewSpecs(catalog, configuration, ctx.site.locale),
        // The configured car's energy and emissions information its country's law asks for (Pkw-EnVKV, France).
        ...energyRows(catalog, country, ctx.site.locale).map((row) => ({
          term: row.label,
          value: 'compare.energy.value' as const,
          values: { value: row.values[configuration.versionCode] ?? '' },
        })),
      ],
      mobility: mobilityMessage(country, date),
    }
  },
  meta: (data) => ({
    title: 'page.overview.heading',
    description: 'page.overview.lead',
    values: { model: data.catalog.model.name },
    car: { catalog: data.catalog, configuration: data.configuration },
    // The header's configurator and test-drive links are this saved build's.
    build: { savedId: data.id },
  }),
  Page: OverviewPage,
})
