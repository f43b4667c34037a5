import { loadPreOrder } from './lookups'
import { shellRoute } from './shell'

/** `/pre-order/{id}/{carId}`: pre-order a saved configuration ({id}) of a model ({carId}). */
export default shellRoute({
  id: 'preOrder',
  path: '/pre-order/:id/:carId',
  label: 'blind_order_incentive',
  indexable: false,
  load: loadPreOrder,
  values: (data) => ({ model: data.model.name }),
})
