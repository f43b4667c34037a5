/**
 * Store finding: distance, nearest stores, stores per city.
 */
import type { CountryCode } from '../catalog/markets'

/** A point on earth in decimal degrees (WGS 84). */
export interface GeoPoint {
  lat: number
  lon: number
}

/** Mean earth radius (IUGG) used by the haversine formula. */
const EARTH_RADIUS_KM = 6371.0088

/**
 * Whether a point has finite coordinates within latitude −90..90 and longitude −180..180.
 *
 * @example
 * isValidLocation({ lat: 91, lon: 0 }) // false
 */
export function isValidLocation(point: GeoPoint | null | undefined): point is GeoPoint {
  return (
    point != null &&
    typeof point.lat === 'number' &&
    typeof point.lon === 'number' &&
    Number.isFinite(point.lat) &&
    Number.isFinite(point.lon) &&
    point.lat >= -90 &&
    point.lat <= 90 &&
    point.lon >= -180 &&
    point.lon <= 180
  )
}

const radians = (degrees: number) => (degrees * Math.PI) / 180

/**
 * Great-circle distance in kilometres (haversine on a sphere; within 0.5 % of the ellipsoid distance).
 * Throws a RangeError for coordinates out of range.
 *
 * @example
 * Math.round(distanceKm({ lat: 59.9139, lon: 10.7522 }, { lat: 59.3293, lon: 18.0686 })) // 416 (Oslo–Stockholm)
 */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  if (!isValidLocation(a) || !isValidLocation(b)) throw new RangeError('invalidLocation')
  const dLat = radians(b.lat - a.lat)
  const dLon = radians(b.lon - a.lon)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** The part of a store the store finder needs. */
export interface LocatedStore {
  id: string
  location: GeoPoint
}

/**
 * Stores nearest to a point, or the `invalidLocation` error (message: SPEC §8 "Failed to retrieve nearest store…").
 *
 * @example
 * const r: NearestStores<Store> = { ok: true, stores: [{ store, distanceKm: 3.2 }] }
 */
export type NearestStores<S> =
  | { ok: true; stores: { store: S; distanceKm: number }[] }
  | { ok: false; code: 'invalidLocation'; messageKey: 'testDrive.error.nearestStore' }

/**
 * The `limit` stores nearest to a point, nearest first with their distance (ties by id). A missing or
 * out-of-range point (a failed or refused geolocation) answers `{ ok: false, code: 'invalidLocation' }`.
 *
 * @example
 * nearestStores(stores, { lat: 59.91, lon: 10.75 }, 2) // { ok: true, stores: [{ store: oslo, distanceKm: 4.1 }, …] }
 */
export function nearestStores<S extends LocatedStore>(
  stores: readonly S[],
  point: GeoPoint | null | undefined,
  limit = 3,
): NearestStores<S> {
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be a whole number ≥ 0, got ${limit}`)
  if (!isValidLocation(point)) return { ok: false, code: 'invalidLocation', messageKey: 'testDrive.error.nearestStore' }
  const ranked = stores
    .map((store) => ({ store, distanceKm: distanceKm(point, store.location) }))
    .sort((a, b) => a.distanceKm - b.distanceKm || (a.store.id < b.store.id ? -1 : a.store.id > b.store.id ? 1 : 0))
  return { ok: true, stores: ranked.slice(0, limit) }
}

/** The part of a store the city filter needs. */
export interface CityStore {
  country: CountryCode
  address: { city: string }
}

/** Same city when equal ignoring case (accents count: Malmö is not Malmo). */
const sameCity = new Intl.Collator('en', { sensitivity: 'accent', usage: 'search' })

/**
 * The stores in a city, compared ignoring case and surrounding spaces.
 *
 * @example
 * storesInCity(stores, 'münchen').map((store) => store.id) // ['de-muenchen-schwabing']
 */
export function storesInCity<S extends CityStore>(stores: readonly S[], city: string): S[] {
  const wanted = city.trim()
  if (wanted === '') return []
  return stores.filter((store) => sameCity.compare(store.address.city.trim(), wanted) === 0)
}

/**
 * The cities of a country that have stores, each once, sorted for the given locale (Ö after Z in Swedish).
 *
 * @example
 * citiesOf(stores, 'SE', 'sv-SE') // ['Göteborg', 'Malmö', 'Stockholm']
 */
export function citiesOf(stores: readonly CityStore[], country: CountryCode, locale = 'en-US'): string[] {
  const cities: string[] = []
  for (const store of stores) {
    const city = store.address.city.trim()
    if (store.country === country && !cities.some((known) => sameCity.compare(known, city) === 0)) cities.push(city)
  }
  return cities.sort(new Intl.Collator(locale).compare)
}
