import { legalRoute } from './legal'

/** `/terms-conditions`: the terms of sale. */
export default legalRoute({ id: 'terms', path: '/terms-conditions', document: 'terms-conditions', label: 'order_term' })
