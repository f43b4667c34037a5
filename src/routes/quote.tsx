import { loadConfiguration } from './lookups'
import { shellRoute } from './shell'

/** `/configurator/test-drive-submission/quote/{id}`: a quote request for a saved configuration. */
export default shellRoute({
  id: 'quote',
  path: '/configurator/test-drive-submission/quote/:id',
  label: null,
  indexable: false,
  load: loadConfiguration,
  values: (data) => ({ model: data.model.name }),
})
