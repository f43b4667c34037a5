import { loadOrder } from './lookups'
import { shellRoute } from './shell'

/** `/order/result-confirmation/{id}`: the order was placed. */
export default shellRoute({
  id: 'resultConfirmation',
  path: '/order/result-confirmation/:id',
  label: 'order_success',
  indexable: false,
  load: loadOrder,
  values: (data) => ({ order: data.order.id }),
})
