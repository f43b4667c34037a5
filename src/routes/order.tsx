import { loadOrder } from './lookups'
import { shellRoute } from './shell'

/** `/order/{id}`: an order and its delivery-status timeline. Unknown → "No record is found". */
export default shellRoute({
  id: 'order',
  path: '/order/:id',
  label: 'order_detail',
  indexable: false,
  load: loadOrder,
  values: (data) => ({ order: data.order.id }),
})
