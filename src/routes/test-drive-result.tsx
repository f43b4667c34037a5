import { noRecord, shellRoute } from './shell'

/** `/test-drive-result`: a test-drive request was received. */
export default shellRoute({
  id: 'testDriveResult',
  path: '/test-drive-result',
  label: 'book_a_test_drive_successful',
  indexable: false,
  load: noRecord,
})
