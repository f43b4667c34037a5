import { TestDrivePage } from '../../ui/testdrive/TestDrivePage'
import { hydratePage } from '../hydrate'

void hydratePage(TestDrivePage)
