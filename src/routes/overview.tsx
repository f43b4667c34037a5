import { loadConfiguration } from './lookups'
import { shellRoute } from './shell'

/** `/configurator/overview/{id}`: the summary of a saved configuration. */
export default shellRoute({
  id: 'overview',
  path: '/configurator/overview/:id',
  label: 'configuration_overview',
  indexable: false,
  load: loadConfiguration,
  values: (data) => ({ model: data.model.name }),
})
