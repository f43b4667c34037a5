import { StockCarSchema } from '../domain/stock/schema'
import type { StockCar } from '../domain/stock/stock'
import { type BadRecordLog, badRecordLog } from './bad-records'
import type { Database } from './database'

interface Row {
  id: string
  country_code: string
  configuration: string
  delivery_weeks: number
  remaining: number
  sort: number
}

/** A row as a stock car, or null (reported) when it no longer fits its schema: never sell a wrong car. */
function parseCar(row: Row, bad: BadRecordLog): StockCar | null {
  const configuration = bad.parse(StockCarSchema.shape.configuration, row.configuration, {
    table: 'stock_cars',
    id: row.id,
  })
  if (!configuration) return null
  const car = StockCarSchema.safeParse({
    id: row.id,
    country: row.country_code,
    configuration,
    deliveryWeeks: row.delivery_weeks,
    remaining: row.remaining,
    sort: row.sort,
  })
  if (car.success) return car.data
  bad.add({ table: 'stock_cars', id: row.id, error: car.error })
  return null
}

const COLUMNS = 'id, country_code, configuration, delivery_weeks, remaining, sort'
/** The time of a change, as the seed writes it (ISO 8601 in UTC): a sale and a return date the list anew. */
const NOW_SQL = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"

/**
 * How long an isolate lists a country's stock cars as it last read them, for every visitor but one who has just
 * written (their D1 bookmark): 20 s, as the free test-drive slots (decision 29), within the 5 minutes an anonymous
 * visitor's list may come from the edge cache anyway. A launch's quick-delivery views then do not each read D1
 * (docs/scale.md). The sale itself never relies on it: the order form reads its car anew (`find`), and the order takes
 * its unit in its own statement (`takeStockStatement`), so a car sold meanwhile elsewhere is refused, never sold twice.
 * An order or cancellation of this isolate drops what it kept (`forgetStockLists`, from the order store).
 */
export const STOCK_LIST_SECONDS = 20

/** Each country's stock cars as last read by this isolate, and when (epoch ms). */
const lists = new Map<string, { cars: readonly StockCar[]; readAt: number }>()

/** Forgets the lists this isolate kept: a unit was taken or given back, and the next list reads D1. */
export function forgetStockLists(): void {
  lists.clear()
}

/**
 * Quick-delivery stock in D1. A country's list is read at most once per STOCK_LIST_SECONDS by an isolate, and at once
 * for a visitor who has just written (`recentWrite`); a single car (the one being ordered) is always read from D1.
 */
export function createStockStore(
  db: Database,
  { recentWrite = false, bad = badRecordLog() }: { recentWrite?: boolean; bad?: BadRecordLog } = {},
) {
  return {
    /** When a country's list last changed (a car added or described anew, a unit sold or given back), or null. */
    async lastChanged(country: string): Promise<string | null> {
      const row = await db
        .prepare('SELECT MAX(updated_at) AS changed FROM stock_cars WHERE country_code = ?1')
        .bind(country)
        .first<{ changed: string | null }>()
      return row?.changed ?? null
    },
    /** A country's stock cars, sold-out ones included (the domain decides what is shown). */
    async ofCountry(country: string, now = Date.now()): Promise<StockCar[]> {
      const kept = lists.get(country)
      if (!recentWrite && kept && now >= kept.readAt && now - kept.readAt < STOCK_LIST_SECONDS * 1000) {
        return kept.cars.map((car) => structuredClone(car))
      }
      const { results } = await db
        .prepare(`SELECT ${COLUMNS} FROM stock_cars WHERE country_code = ?1 ORDER BY sort, id`)
        .bind(country)
        .all<Row>()
      const cars = results.map((row) => parseCar(row, bad)).filter((car): car is StockCar => car !== null)
      lists.set(country, { cars, readAt: now })
      return cars.map((car) => structuredClone(car))
    },

    async find(id: string): Promise<StockCar | null> {
      const row = await db.prepare(`SELECT ${COLUMNS} FROM stock_cars WHERE id = ?1`).bind(id).first<Row>()
      return row ? parseCar(row, bad) : null
    },

    /** The stock car an order took, if it was a quick-delivery order. */
    async ofOrder(orderId: string): Promise<StockCar | null> {
      const row = await db
        .prepare(`SELECT ${COLUMNS} FROM stock_cars WHERE id = (SELECT stock_car_id FROM orders WHERE id = ?1)`)
        .bind(orderId)
        .first<Row>()
      return row ? parseCar(row, bad) : null
    },
  }
}

export type StockStore = ReturnType<typeof createStockStore>

/**
 * Takes one unit for an order, to run in the same batch before the order's INSERT: one conditional
 * UPDATE that only succeeds while a unit remains and no order has this form's key yet (a retry
 * must not take a second unit). It marks the car with the order's id, which the INSERT then requires
 * (see `stockTakenGuard`), so an order exists only together with its unit.
 */
export function takeStockStatement(db: Database, stockCarId: string, orderId: string, idempotencyKey: string) {
  return db
    .prepare(
      `UPDATE stock_cars SET remaining = remaining - 1, last_taken_by = ?2, updated_at = ${NOW_SQL}
        WHERE id = ?1 AND remaining > 0 AND NOT EXISTS (SELECT 1 FROM orders WHERE idempotency_key = ?3)`,
    )
    .bind(stockCarId, orderId, idempotencyKey)
}

/** SQL condition for the order INSERT: true without a stock car, else only if this order took the unit. */
export const stockTakenGuard = (stockParam: string, orderIdParam: string) =>
  `(${stockParam} IS NULL OR EXISTS (SELECT 1 FROM stock_cars WHERE id = ${stockParam} AND last_taken_by = ${orderIdParam}))`

/**
 * Gives a cancelled order's unit back, once: in the same batch as the order's update, and only if that
 * update went through (the order carries the new `updatedAt`) and the unit was not returned before.
 */
export function returnStockStatements(db: Database, orderId: string, updatedAt: string) {
  return [
    db
      .prepare(
        `UPDATE stock_cars SET remaining = remaining + 1, updated_at = ${NOW_SQL}
          WHERE id = (SELECT stock_car_id FROM orders WHERE id = ?1 AND updated_at = ?2 AND stock_returned_at IS NULL)`,
      )
      .bind(orderId, updatedAt),
    db
      .prepare(
        `UPDATE orders SET stock_returned_at = ?2
          WHERE id = ?1 AND updated_at = ?2 AND stock_car_id IS NOT NULL AND stock_returned_at IS NULL`,
      )
      .bind(orderId, updatedAt),
  ]
}
