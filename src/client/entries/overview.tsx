import { OverviewPage } from '../../ui/configurator/OverviewPage'
import { hydratePage } from '../hydrate'

hydratePage(OverviewPage)
