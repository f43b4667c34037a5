import type { Configuration } from '../../domain/catalog/configuration'
import { catalogItem } from '../../domain/catalog/items'
import type { IsoDate } from '../../domain/catalog/markets'
import type { Catalog } from '../../domain/catalog/schema'
import { CURRENCY_EXPONENT, type Money } from '../../domain/money'
import type { Store } from '../../domain/testdrive/schema'
import { WEEKDAYS, type Weekday } from '../../domain/testdrive/time'
import type { Locale } from '../../i18n/sites'
import { carPngPath } from '../../ui/car/image-path'
import type { StructuredData } from '../route'

const SCHEMA = 'https://schema.org' as const
const BRAND = 'Nordvolt'

const DRIVE_WHEELS: Record<Catalog['model']['facts']['drive'], string> = {
  frontWheelDrive: `${SCHEMA}/FrontWheelDriveConfiguration`,
  rearWheelDrive: `${SCHEMA}/RearWheelDriveConfiguration`,
  allWheelDrive: `${SCHEMA}/AllWheelDriveConfiguration`,
}

const DAYS_OF_WEEK: Record<Weekday, string> = {
  mon: `${SCHEMA}/Monday`,
  tue: `${SCHEMA}/Tuesday`,
  wed: `${SCHEMA}/Wednesday`,
  thu: `${SCHEMA}/Thursday`,
  fri: `${SCHEMA}/Friday`,
  sat: `${SCHEMA}/Saturday`,
  sun: `${SCHEMA}/Sunday`,
}

/** A JSON-LD document of one thing, or of several things in an `@graph`. */
export function jsonLd(...things: Record<string, unknown>[]): StructuredData {
  const [only] = things
  return things.length === 1 && only ? { '@context': SCHEMA, ...only } : { '@context': SCHEMA, '@graph': things }
}

/** An amount as schema.org's `price` writes it: a decimal string with the currency's digits, '449900.00'. */
export function schemaPrice(price: Money): string {
  const exponent = CURRENCY_EXPONENT[price.currency]
  const whole = Math.trunc(Math.abs(price.amount) / 10 ** exponent)
  const fraction = String(Math.abs(price.amount) % 10 ** exponent).padStart(exponent, '0')
  return `${price.amount < 0 ? '-' : ''}${whole}${exponent > 0 ? `.${fraction}` : ''}`
}

/** A car on sale: the configured car (built to order) or a stock car (in stock). */
export interface CarOnSale {
  catalog: Catalog
  configuration: Configuration
  locale: Locale
  /** The on-the-road price the page shows. */
  price: Money
  availability: 'PreOrder' | 'InStock'
  /** The official origin, without a trailing slash: the picture's address starts with it. */
  origin: string
  /** The absolute address of the page that sells this car. */
  url: string
}

/**
 * A schema.org Car with this site's offer: what Google's product results need (name, image, offers with price and
 * currency) and the vehicle's facts from the catalog. The picture is the PNG link previews use, on the official origin.
 *
 * @example
 * carProduct({ catalog, configuration, locale: 'nb-NO', price, availability: 'InStock', origin, url }).offers.price
 * // '449900.00'
 */
export function carProduct(car: CarOnSale) {
  const { catalog, configuration, locale } = car
  const name = (code: string) => catalogItem(catalog, code)?.names[locale]
  const version = catalog.versions.find((v) => v.code === configuration.versionCode)
  const { facts } = catalog.model
  return {
    '@type': 'Car',
    name: `${BRAND} ${catalog.model.name}`,
    image: `${car.origin}${carPngPath(configuration, 'front', '1200x630')}`,
    url: car.url,
    brand: { '@type': 'Brand', name: BRAND },
    model: catalog.model.name,
    ...(version ? { vehicleConfiguration: version.names[locale] } : {}),
    ...(name(configuration.paintCode) ? { color: name(configuration.paintCode) } : {}),
    ...(name(configuration.interiorCode) ? { vehicleInteriorColor: name(configuration.interiorCode) } : {}),
    bodyType: facts.bodyType,
    numberOfDoors: facts.doors,
    vehicleSeatingCapacity: facts.seats,
    itemCondition: `${SCHEMA}/NewCondition`,
    fuelType: 'Electricity',
    driveWheelConfiguration: DRIVE_WHEELS[facts.drive],
    cargoVolume: { '@type': 'QuantitativeValue', value: facts.cargoLitres, unitCode: 'LTR' },
    vehicleEngine: { '@type': 'EngineSpecification', fuelType: 'Electricity' },
    ...(version
      ? {
          // kWh per 100 km is a consumption (schema.org's fuelEfficiency is its reciprocal, distance per energy).
          fuelConsumption: {
            '@type': 'QuantitativeValue',
            minValue: version.facts.consumptionKwhPer100km.min,
            maxValue: version.facts.consumptionKwhPer100km.max,
            unitText: 'kWh/100 km',
          },
        }
      : {}),
    offers: {
      '@type': 'Offer',
      price: schemaPrice(car.price),
      priceCurrency: car.price.currency,
      availability: `${SCHEMA}/${car.availability}`,
      itemCondition: `${SCHEMA}/NewCondition`,
      url: car.url,
    },
  }
}

/**
 * Cars on one page as a schema.org ItemList (the quick-delivery list), each a Car with its offer, in the page's order.
 *
 * @example
 * carList(cars).itemListElement[0] // { '@type': 'ListItem', position: 1, item: { '@type': 'Car', … } }
 */
export function carList(cars: CarOnSale[]) {
  return {
    '@type': 'ItemList',
    numberOfItems: cars.length,
    itemListElement: cars.map((car, index) => ({ '@type': 'ListItem', position: index + 1, item: carProduct(car) })),
  }
}

/**
 * The maker as a schema.org Organization and this site as its WebSite, for the home page.
 *
 * @example
 * organization({ origin: 'https://www.nordvolt.example', url: 'https://www.nordvolt.example/no', locale: 'nb-NO' })
 */
export function organization(page: { origin: string; url: string; locale: Locale }) {
  const id = `${page.origin}/#organization`
  return [
    { '@type': 'Organization', '@id': id, name: BRAND, url: `${page.origin}/`, logo: `${page.origin}/favicon.svg` },
    { '@type': 'WebSite', name: BRAND, url: page.url, inLanguage: page.locale, publisher: { '@id': id } },
  ]
}

/**
 * A store as a schema.org AutoDealer: its address, position, contact and opening hours, the days of the same hours
 * together; each closed day from `today` on is an all-day closure (opens and closes at 00:00, as Google reads it).
 *
 * @example
 * autoDealer(store, { url: 'https://…/no/test-drive?store=no-oslo-skoyen', today: '2026-12-02' }).openingHoursSpecification[0]
 * // { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Monday', …], opens: '10:00', closes: '18:00' }
 */
export function autoDealer(store: Store, page: { url: string; today: IsoDate }) {
  const hours = new Map<string, { opens: string; closes: string; days: Weekday[] }>()
  for (const day of WEEKDAYS)
    for (const { open, close } of store.openingHours[day]) {
      const same = hours.get(`${open}-${close}`) ?? { opens: open, closes: close, days: [] }
      hours.set(`${open}-${close}`, { ...same, days: [...same.days, day] })
    }
  const weekly = [...hours.values()].map(({ opens, closes, days }) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: days.map((d) => DAYS_OF_WEEK[d]),
    opens,
    closes,
  }))
  const closed = store.closedDates
    .filter((date) => date >= page.today)
    .map((date) => ({
      '@type': 'OpeningHoursSpecification',
      opens: '00:00',
      closes: '00:00',
      validFrom: date,
      validThrough: date,
    }))
  return {
    '@type': 'AutoDealer',
    name: store.name,
    url: page.url,
    brand: { '@type': 'Brand', name: BRAND },
    address: {
      '@type': 'PostalAddress',
      streetAddress: store.address.street,
      postalCode: store.address.postalCode,
      addressLocality: store.address.city,
      addressCountry: store.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: store.location.lat, longitude: store.location.lon },
    ...(store.contact ? { telephone: store.contact.phone, email: store.contact.email } : {}),
    openingHoursSpecification: [...weekly, ...closed],
  }
}
