import { ConfiguratorPage } from '../../ui/configurator/ConfiguratorPage'
import { hydratePage } from '../hydrate'

void hydratePage(ConfiguratorPage)
