import { loadPreOrder } from './lookups'
import { shellRoute } from './shell'

/** `/pre-order/info-submission/{id}/{carId}`: the personal details of a pre-order. */
export default shellRoute({
  id: 'preOrderInfoSubmission',
  path: '/pre-order/info-submission/:id/:carId',
  label: 'order_personal_info_submission',
  indexable: false,
  load: loadPreOrder,
  values: (data) => ({ model: data.model.name }),
})
