import { defaultConfiguration, validateConfiguration } from '../domain/catalog/configuration'
import { impliedPrevious, parseChoice, stateFromQuery } from '../domain/configurator/url'
import { linkTo } from '../i18n/links'
import { ConfiguratorPage } from '../ui/configurator/ConfiguratorPage'
import { type ConfiguratorData, computeView } from '../ui/configurator/model'
import { loadConfiguratorTarget } from './lookups'
import { type ActionContext, defineRoute, type LoadContext, PageError } from './route'

const today = () => new Date().toISOString().slice(0, 10)

async function loadConfigurator(ctx: LoadContext, query: URLSearchParams): Promise<ConfiguratorData> {
  const target = await loadConfiguratorTarget(ctx)
  const country = ctx.site.countryCode
  const [catalog, rules] = await Promise.all([ctx.store.catalog(target.model.code), ctx.store.priceRules(country)])
  if (!catalog?.markets[country] || !rules) throw new PageError('configuratorNotFound', 404)
  const saved = target.configuration?.choices ?? null
  const base = saved ?? defaultConfiguration(catalog, country)
  const requested = stateFromQuery(query, base)
  if (saved && !query.has('usage') && target.configuration?.usage === 'business') requested.usage = 'business'
  const choice = parseChoice(query.get('chose'))
  return {
    catalog,
    rules,
    country,
    savedId: target.configuration?.id ?? null,
    targetId: ctx.params.id ?? target.model.code,
    requested,
    // A link from a choice says which choice was made; any other address means "exactly this car".
    previous: choice ? impliedPrevious(requested.configuration, choice) : requested.configuration,
    savedNoLongerBuildable: saved !== null && validateConfiguration(catalog, country, saved).length > 0,
    today: today(),
    view: query.get('view') === 'interior' ? 'interior' : 'exterior',
    csrf: await ctx.session.csrfToken(),
  }
}

/** Saves the car as shown (re-priced by the server), then opens its overview. */
async function save(ctx: ActionContext) {
  const data = await loadConfigurator(ctx, new URLSearchParams(ctx.form.configuration ?? ''))
  const { state, quote } = computeView(data, data.requested, data.requested.configuration)
  const id = await ctx.store.saveConfiguration({
    configuration: state.configuration,
    usage: state.usage,
    countryCode: data.country,
    ownerId: ctx.session.user?.id ?? null,
    savedPrice: { totalInclVat: quote.totalInclVat, currency: quote.currency, validOn: quote.validOn.date },
    now: new Date(),
  })
  return { redirect: linkTo(ctx.site, `/configurator/overview/${id}`, { query: 'saved=1' }) }
}

/** `/configurator/{id}`: build a car, by model code or from a saved configuration. */
export default defineRoute<ConfiguratorData>({
  id: 'configurator',
  path: '/configurator/:id',
  label: 'configurator',
  namespaces: ['page.configurator', 'configurator', 'configuration', 'compare', 'price', 'facts'],
  client: 'configurator',
  indexable: true,
  load: (ctx) => loadConfigurator(ctx, ctx.url.searchParams),
  action: save,
  meta: (data) => ({
    title: 'page.configurator.heading',
    description: 'page.configurator.lead',
    values: { model: data.catalog.model.name },
  }),
  Page: ConfiguratorPage,
})
