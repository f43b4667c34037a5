import { loadModel } from './lookups'
import { shellRoute } from './shell'

/** `/test-drive/{carCode}`: book a test drive, of a given model when carCode is present. */
export default shellRoute({
  id: 'testDrive',
  path: '/test-drive/:carCode?',
  label: 'book_a_test_drive',
  indexable: true,
  load: async (ctx) => ({ model: ctx.params.carCode ? await loadModel(ctx, ctx.params.carCode) : null }),
  values: (data) => ({ model: data.model?.name ?? 'P5' }),
})
