import type { Configuration } from '../../domain/catalog/configuration'
import { catalogItem } from '../../domain/catalog/items'
import type { Catalog } from '../../domain/catalog/schema'
import type { CarLook } from '../CarRender'
import { useT } from '../intl-context'
import { useRenderContext } from '../site-context'

// Kept apart from the configurator page so the overview can draw the car without loading the configurator.

/** How the picture shows a configuration. */
export function carLook(catalog: Catalog, configuration: Configuration): CarLook {
  const paint = catalog.paints.find((p) => p.code === configuration.paintCode)
  const wheel = catalog.wheels.find((w) => w.code === configuration.wheelCode)
  const interior = catalog.interiors.find((i) => i.code === configuration.interiorCode)
  return {
    paintColours: paint?.colours ?? ['#cccccc'],
    wheelInches: wheel?.inches ?? 18,
    wheelDesign: wheel && wheel.inches >= 19 ? 'sport' : 'aero',
    interiorColours: interior?.colours ?? ['#444444'],
  }
}

/** The text alternative of the picture: the model and every visible choice, by name. */
export function useCarLabel(catalog: Catalog, configuration: Configuration): string {
  const t = useT()
  const { site } = useRenderContext()
  const name = (code: string) => catalogItem(catalog, code)?.names[site.locale] ?? code
  return t('configurator.picture.alt', {
    model: catalog.model.name,
    version: name(configuration.versionCode),
    paint: name(configuration.paintCode),
    wheels: name(configuration.wheelCode),
    interior: name(configuration.interiorCode),
  })
}
