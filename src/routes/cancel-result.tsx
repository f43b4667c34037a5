import { loadOrder } from './lookups'
import { shellRoute } from './shell'

/** `/order/cancel-result/{id}`: a cancellation request was received. */
export default shellRoute({
  id: 'cancelResult',
  path: '/order/cancel-result/:id',
  label: 'cancelation_request_submission_successful',
  indexable: false,
  load: loadOrder,
  values: (data) => ({ order: data.order.id }),
})
