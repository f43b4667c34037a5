import type { ModelSummary } from '../domain/catalog/model'
import type { ConfigurationRecord } from '../store'
import { found, type LoadContext, PageError } from './route'

/** A record id or model code in an address (a plain pattern: every page view checks one). */
const RECORD_ID = /^[A-Za-z0-9_-]{1,64}$/

function validId(value: string | undefined, type: 'noRecord' | 'configuratorNotFound'): string {
  if (value === undefined || !RECORD_ID.test(value)) throw new PageError(type, 404)
  return value
}

/**
 * What `/configurator/{id}` opens: a model of the site's country by code, or a saved configuration
 * by id. Anything else is "the car configurator you're looking for does not exist" (404).
 */
export async function loadConfiguratorTarget(
  ctx: LoadContext,
): Promise<{ model: ModelSummary; configuration: ConfigurationRecord | null }> {
  const id = validId(ctx.params.id, 'configuratorNotFound')
  const model = await ctx.store.findModel(ctx.site.countryCode, id)
  if (model) return { model, configuration: null }
  const configuration = found(await ctx.store.findConfiguration(id), 'configuratorNotFound')
  return {
    model: found(await ctx.store.findModel(ctx.site.countryCode, configuration.modelCode), 'configuratorNotFound'),
    configuration,
  }
}

/** A saved configuration by id, with its model; unknown → "configurator does not exist" (404). */
export async function loadConfiguration(
  ctx: LoadContext,
): Promise<{ model: ModelSummary; configuration: ConfigurationRecord }> {
  const id = validId(ctx.params.id, 'configuratorNotFound')
  const configuration = found(await ctx.store.findConfiguration(id), 'configuratorNotFound')
  const model = found(await ctx.store.findModel(ctx.site.countryCode, configuration.modelCode), 'configuratorNotFound')
  return { model, configuration }
}

/** A model of the site's country by its code; unknown → "No record is found" (404). */
export async function loadModel(ctx: LoadContext, code: string | undefined): Promise<ModelSummary> {
  const valid = validId(code, 'noRecord')
  return found(await ctx.store.findModel(ctx.site.countryCode, valid), 'noRecord')
}

/**
 * A pre-order's saved configuration ({id}) and its model ({carId}); both must exist and belong
 * together, else "No record is found" (404).
 */
export async function loadPreOrder(
  ctx: LoadContext,
): Promise<{ model: ModelSummary; configuration: ConfigurationRecord }> {
  const model = await loadModel(ctx, ctx.params.carId)
  const configuration = found(await ctx.store.findConfiguration(validId(ctx.params.id, 'noRecord')), 'noRecord')
  if (configuration.modelCode !== model.code) throw new PageError('noRecord', 404)
  return { model, configuration }
}
