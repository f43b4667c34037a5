import type { Configuration } from '../../domain/catalog/configuration'
import { catalogItem } from '../../domain/catalog/items'
import type { Catalog } from '../../domain/catalog/schema'
import type { MessageKey } from '../../i18n/intl'
import type { Locale } from '../../i18n/sites'
import { type CarFeature, type CarLook, type CarView, FEATURE_VIEWS } from '../car/look'
import { useT } from '../intl-context'
import { useSiteContext } from '../site-context'

// Kept apart from the configurator page so the overview can draw the car without loading the configurator.

/**
 * What each option adds to the picture. The cargo organiser lives in the closed boot and adds
 * nothing; an option missing here is not drawn.
 */
export const OPTION_FEATURES: Readonly<Record<string, readonly CarFeature[]>> = {
  'comfort-pack': ['heatedSeats'],
  'tech-pack': ['matrixLights', 'headUpDisplay'],
  'premium-sound': ['premiumSound'],
  'tow-pack': ['towBar'],
  'bike-carrier': ['bikeCarrier'],
  'floor-mats': ['floorMats'],
  'winter-wheels-18': ['winterWheels'],
}

/** Every option on the car, standard packs of its version included. */
function optionCodes(catalog: Catalog, configuration: Configuration): string[] {
  const version = catalog.versions.find((v) => v.code === configuration.versionCode)
  return [
    ...new Set([...(version?.standardPackCodes ?? []), ...configuration.packCodes, ...configuration.accessoryCodes]),
  ]
}

/** How the picture shows a configuration. */
export function carLook(catalog: Catalog, configuration: Configuration): CarLook {
  const paint = catalog.paints.find((p) => p.code === configuration.paintCode)
  const wheel = catalog.wheels.find((w) => w.code === configuration.wheelCode)
  const interior = catalog.interiors.find((i) => i.code === configuration.interiorCode)
  return {
    paintColours: paint?.colours ?? ['#cccccc'],
    paintFinish: paint?.finish,
    wheelInches: wheel?.inches ?? 18,
    wheelDesign: wheel && (wheel.code.startsWith('sport') || wheel.inches >= 19) ? 'sport' : 'aero',
    interiorColours: interior?.colours ?? ['#444444'],
    interiorMaterial: interior?.material === 'veganLeather' ? 'leather' : 'textile',
    features: optionCodes(catalog, configuration).flatMap((code) => OPTION_FEATURES[code] ?? []),
  }
}

/** The options on the car that can be seen in a view. */
export function visibleOptions(catalog: Catalog, configuration: Configuration, view: CarView): string[] {
  return optionCodes(catalog, configuration).filter((code) =>
    (OPTION_FEATURES[code] ?? []).some((feature) => FEATURE_VIEWS[feature].includes(view)),
  )
}

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string

/** The text alternative of one view: what it shows of the car, by name, in the page's language. */
export function carLabel(
  t: Translate,
  locale: Locale,
  catalog: Catalog,
  configuration: Configuration,
  view: CarView,
): string {
  const name = (code: string) => catalogItem(catalog, code)?.names[locale] ?? code
  const described = t(`configurator.picture.${view}`, {
    model: catalog.model.name,
    version: name(configuration.versionCode),
    paint: name(configuration.paintCode),
    wheels: name(configuration.wheelCode),
    interior: name(configuration.interiorCode),
  })
  const extras = visibleOptions(catalog, configuration, view).map(name)
  return extras.length
    ? `${described} ${t('configurator.picture.extras', { list: new Intl.ListFormat(locale, { type: 'conjunction' }).format(extras) })}`
    : described
}

/** carLabel in the page's language. */
export function useCarLabel(catalog: Catalog, configuration: Configuration, view: CarView = 'front'): string {
  const t = useT()
  const { site } = useSiteContext()
  return carLabel(t, site.locale, catalog, configuration, view)
}
