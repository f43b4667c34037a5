import { loadConfiguration } from './lookups'
import { shellRoute } from './shell'

/** `/configurator/test-drive-submission/{id}`: a test drive of the car the visitor configured. */
export default shellRoute({
  id: 'testDriveSubmission',
  path: '/configurator/test-drive-submission/:id',
  label: 'book_a_test_drive',
  indexable: false,
  load: loadConfiguration,
  values: (data) => ({ model: data.model.name }),
})
