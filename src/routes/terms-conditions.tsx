import { noRecord, shellRoute } from './shell'

/** `/terms-conditions`: the terms of sale. */
export default shellRoute({
  id: 'terms',
  path: '/terms-conditions',
  label: 'order_term',
  indexable: true,
  load: noRecord,
})
