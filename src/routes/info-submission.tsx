import { loadConfiguration } from './lookups'
import { shellRoute } from './shell'

/** `/configurator/info-submission/{id}`: the buyer's personal details for a saved configuration. */
export default shellRoute({
  id: 'infoSubmission',
  path: '/configurator/info-submission/:id',
  label: 'order_personal_info_submission',
  indexable: false,
  load: loadConfiguration,
  values: (data) => ({ model: data.model.name }),
})
