/** Parsed seed stock for the domain tests: every country's quick-delivery cars. */
import at from '../../../data/stock/at.json'
import be from '../../../data/stock/be.json'
import de from '../../../data/stock/de.json'
import dk from '../../../data/stock/dk.json'
import fr from '../../../data/stock/fr.json'
import is from '../../../data/stock/is.json'
import lu from '../../../data/stock/lu.json'
import nl from '../../../data/stock/nl.json'
import no from '../../../data/stock/no.json'
import se from '../../../data/stock/se.json'
import th from '../../../data/stock/th.json'
import { StockFile } from './schema'
import type { StockCar } from './stock'

export const stockFiles = [no, se, dk, nl, de, fr, be, th, is, lu, at].map((file) => StockFile.parse(file))

/** A country's seeded cars as the store reads them back (remaining = the seeded count). */
export function seededCars(country: string): StockCar[] {
  const file = stockFiles.find((f) => f.country === country)
  return (file?.cars ?? []).map((car, index) => ({
    id: car.id,
    country: file?.country ?? 'NO',
    configuration: car.configuration,
    deliveryWeeks: car.deliveryWeeks,
    remaining: car.stock,
    sort: index,
  }))
}
