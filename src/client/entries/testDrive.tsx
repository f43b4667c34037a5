import { TestDrivePage } from '../../ui/testdrive/TestDrivePage'
import { hydratePage } from '../hydrate'

hydratePage(TestDrivePage)
