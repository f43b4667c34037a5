import { ConfiguratorPage } from '../../ui/configurator/ConfiguratorPage'
import { hydratePage } from '../hydrate'

hydratePage(ConfiguratorPage)
