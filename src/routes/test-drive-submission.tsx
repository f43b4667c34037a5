import { type TestDriveData, TestDrivePage } from '../ui/testdrive/TestDrivePage'
import { loadConfiguration } from './lookups'
import { defineRoute } from './route'
import { bookTestDrive, loadTestDrive, TEST_DRIVE_NAMESPACES } from './test-drive'

/** `/configurator/test-drive-submission/{id}`: a test drive of the car the visitor configured. */
export default defineRoute<TestDriveData>({
  id: 'testDriveSubmission',
  path: '/configurator/test-drive-submission/:id',
  label: 'book_a_test_drive',
  namespaces: TEST_DRIVE_NAMESPACES,
  client: 'testDrive',
  // The same form as /test-drive, checked the same way (routes/test-drive.tsx).
  indexable: false,
  load: async (ctx) => {
    const { configuration } = await loadConfiguration(ctx)
    return loadTestDrive(ctx, { modelCode: configuration.modelCode, configurationId: configuration.id })
  },
  action: async (ctx) => {
    const { configuration } = await loadConfiguration(ctx)
    return bookTestDrive(ctx, configuration.id)
  },
  meta: () => ({ title: 'page.testDrive.heading', description: 'page.testDrive.lead', values: { model: 'P5' } }),
  Page: TestDrivePage,
})
