import { OverviewPage } from '../../ui/configurator/OverviewPage'
import { hydratePage } from '../hydrate'

void hydratePage(OverviewPage)
