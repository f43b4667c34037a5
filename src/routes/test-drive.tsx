import { bookTestDrive as bookTestDriveStep, storeSlots } from '../app/test-drive'
import { defaultConfiguration } from '../domain/catalog/configuration'
import { queryText, stateFromQuery } from '../domain/configurator/url'
import type { Store } from '../domain/testdrive/schema'
import { linkTo } from '../i18n/links'
import { today } from '../i18n/sites'
import { randomId } from '../store/ids'
import { type TestDriveData, TestDrivePage } from '../ui/testdrive/TestDrivePage'
import { problemErrors } from './form-errors'
import { formCar } from './helpers/form-car'
import { autoDealer, jsonLd } from './helpers/structured-data'
import { loadModel } from './lookups'
import { type ActionContext, defineRoute, type LoadContext, type PageRoute } from './route'

const storeOption = (store: Store) => ({
  id: store.id,
  name: store.name,
  city: store.address.city,
  address: `${store.address.street}, ${store.address.postalCode} ${store.address.city}`,
})

/** The messages the booking pages hydrate with: the form's, and the car beside it (ui/form-car). */
export const TEST_DRIVE_NAMESPACES = [
  'page.testDrive',
  'testDrive',
  'auth.field',
  'profile.field',
  'validation',
  'page.overview',
  'configurator.picture',
  'configurator.price',
  'price.indicative',
]

/** The booking form's data: the chosen (or first) store, its models on show and free slots. */
export async function loadTestDrive(
  ctx: LoadContext,
  options: { modelCode: string; configurationId: string | null; storeId?: string | null },
): Promise<TestDriveData> {
  const stores = await ctx.store.showrooms(ctx.site.countryCode)
  const store = stores.find((s) => s.id === (options.storeId ?? ctx.url.searchParams.get('store'))) ?? stores[0]
  const models = (await ctx.store.modelsForCountry(ctx.site.countryCode)).filter(
    (model) => !store || store.modelsOnShow.includes(model.code),
  )
  const modelCode = models.some((m) => m.code === options.modelCode)
    ? options.modelCode
    : (models[0]?.code ?? options.modelCode)
  const addressed = options.configurationId ? null : await addressedBuild(ctx, modelCode)
  const configuration = options.configurationId ? await ctx.store.findConfiguration(options.configurationId) : addressed
  return {
    idempotencyKey: randomId(),
    stores: stores.map(storeOption),
    storeId: store?.id ?? '',
    models: models.map((m) => ({ code: m.code, name: m.name })),
    modelCode,
    slots: store ? await storeSlots(store, ctx.store) : [],
    values: {
      name: ctx.session.user?.name ?? '',
      email: ctx.session.user?.email ?? '',
      phone: ctx.session.user?.phone ?? '',
      slotStart: '',
    },
    errors: {},
    message: null,
    configurationId: options.configurationId,
    modelInAddress: Boolean(ctx.params.carCode),
    buildQuery: addressed ? queryText(addressed.state) : null,
    car: await formCar(ctx, configuration?.modelCode ?? modelCode, configuration),
  }
}

/**
 * The car in the address (`?version=…`: the header's test-drive link from a configurator keeps the build), in a saved
 * build's shape; null without one. What cannot be built here is reconciled by the form's car (formCar).
 */
async function addressedBuild(ctx: LoadContext, modelCode: string) {
  const query = ctx.url.searchParams
  if (!query.has('version')) return null
  const catalog = await ctx.store.catalog(modelCode)
  if (!catalog) return null
  const state = stateFromQuery(query, defaultConfiguration(catalog, ctx.site.countryCode))
  return { modelCode, choices: state.configuration, usage: state.usage, state }
}

/** Books the slot once per form (idempotency key), within the store's capacity, or says why not. */
export async function bookTestDrive(ctx: ActionContext, configurationId: string | null) {
  const { form } = ctx
  const data = await loadTestDrive(ctx, { modelCode: form.modelCode ?? 'p5', configurationId, storeId: form.storeId })
  data.idempotencyKey = /^[\w-]{12,64}$/.test(form.idempotencyKey ?? '')
    ? (form.idempotencyKey as string)
    : data.idempotencyKey
  data.values = {
    name: form.name ?? '',
    email: form.email ?? '',
    phone: form.phone ?? '',
    slotStart: form.slotStart ?? '',
    privacyAccepted: form.privacyAccepted ?? '',
  }
  const outcome = await bookTestDriveStep(
    ctx.store,
    ctx.site,
    {
      storeId: form.storeId,
      modelCode: form.modelCode,
      slotStart: form.slotStart,
      name: form.name,
      phone: form.phone,
      email: form.email,
      privacyAccepted: form.privacyAccepted === 'yes',
      carCode: ctx.params.carCode ?? null,
    },
    { idempotencyKey: data.idempotencyKey, ownerId: ctx.session.user?.id ?? null },
  )
  if (outcome.status === 'invalid') {
    data.errors = problemErrors(outcome.problems)
    return { status: 422 as const, data }
  }
  if (outcome.status === 'full') {
    data.message = 'testDrive.problem.slotUnavailable'
    data.slots = outcome.slots
    return { status: 409 as const, data }
  }
  if (outcome.notificationId) ctx.notify([outcome.notificationId])
  return { redirect: linkTo(ctx.site, '/test-drive-result', { query: `booking=${outcome.id}` }) }
}

/** `/test-drive/{carCode}`: book a test drive, of a given model when carCode is present. */
export default defineRoute<TestDriveData>({
  id: 'testDrive',
  path: '/test-drive/:carCode?',
  label: 'book_a_test_drive',
  namespaces: TEST_DRIVE_NAMESPACES,
  client: 'testDrive',
  // Booking is checked by origin (Origin / Sec-Fetch-Site, sent with every current browser's form post, JavaScript
  // or not): a token would set a cookie and keep the page out of the edge and back/forward caches.
  indexable: true,
  load: async (ctx) => {
    const modelCode = ctx.params.carCode
      ? (await loadModel(ctx, ctx.params.carCode)).code
      : (ctx.url.searchParams.get('model') ?? 'p5')
    return loadTestDrive(ctx, { modelCode, configurationId: null })
  },
  action: (ctx) => bookTestDrive(ctx, null),
  // `/test-drive` and `/test-drive/p5` are two pages for a search engine: each has a title of its own.
  meta: (data) => ({
    title: data.modelInAddress ? 'page.testDrive.heading' : 'page.testDrive.titleAnyModel',
    description: 'page.testDrive.lead',
    values: { model: 'P5' },
    ...(data.buildQuery ? { build: { query: data.buildQuery } } : {}),
  }),
  // The stores one may book at, with their addresses and opening hours (from the store data, not the page's).
  structuredData: async (_data, page) => {
    const stores = await page.store.showrooms(page.site.countryCode)
    if (stores.length === 0) return null
    const day = today(page.site)
    const url = (store: Store) => `${page.url}?${new URLSearchParams({ store: store.id })}`
    return jsonLd(...stores.map((store) => autoDealer(store, { url: url(store), today: day })))
  },
  Page: TestDrivePage,
}) satisfies PageRoute<TestDriveData>
