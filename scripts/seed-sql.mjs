// SQL that upserts the catalog, price rules, marketing facts, finance products, stores, quick-delivery stock,
// the trade-in valuation table and the subscription offers from data/ into D1. Shared by `npm run db:setup`
// (local and remote) and the worker tests, so both hold the same data.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const quote = (text) => `'${text.replace(/'/g, "''")}'`

/** @param {string} root the project folder */
export function dataSeedSql(root = '.') {
  const now = new Date().toISOString()
  const statements = []
  for (const file of readdirSync(join(root, 'data/catalog')).filter((f) => f.endsWith('.json'))) {
    const body = JSON.parse(readFileSync(join(root, 'data/catalog', file), 'utf8'))
    statements.push(
      `INSERT INTO catalog_documents (model_code, body, updated_at) VALUES (${quote(body.model.code)}, ${quote(JSON.stringify(body))}, ${quote(now)})
ON CONFLICT (model_code) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at;`,
    )
  }
  for (const file of readdirSync(join(root, 'data/pricing')).filter((f) => f.endsWith('.json'))) {
    const body = JSON.parse(readFileSync(join(root, 'data/pricing', file), 'utf8'))
    if (file === 'marketing.json') {
      statements.push(
        `INSERT INTO marketing_documents (id, body, updated_at) VALUES ('marketing', ${quote(JSON.stringify(body))}, ${quote(now)})
ON CONFLICT (id) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at;`,
      )
      continue
    }
    statements.push(
      `INSERT INTO price_rule_documents (country_code, body, updated_at) VALUES (${quote(body.country)}, ${quote(JSON.stringify(body))}, ${quote(now)})
ON CONFLICT (country_code) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at;`,
    )
  }
  for (const file of readdirSync(join(root, 'data/finance')).filter((f) => f.endsWith('.json'))) {
    const body = JSON.parse(readFileSync(join(root, 'data/finance', file), 'utf8'))
    statements.push(
      `INSERT INTO finance_product_documents (country_code, body, updated_at) VALUES (${quote(body.country)}, ${quote(JSON.stringify(body))}, ${quote(now)})
ON CONFLICT (country_code) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at;`,
    )
  }
  for (const file of readdirSync(join(root, 'data/stores')).filter((f) => f.endsWith('.json'))) {
    const body = JSON.parse(readFileSync(join(root, 'data/stores', file), 'utf8'))
    statements.push(
      `INSERT INTO store_documents (country_code, body, updated_at) VALUES (${quote(body.country)}, ${quote(JSON.stringify(body))}, ${quote(now)})
ON CONFLICT (country_code) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at;`,
    )
  }
  // Quick-delivery stock: a car's description follows the data, but its remaining count is only set when
  // the car first appears, so orders taken (and cancellations returned) survive every restart.
  for (const file of readdirSync(join(root, 'data/stock')).filter((f) => f.endsWith('.json'))) {
    const body = JSON.parse(readFileSync(join(root, 'data/stock', file), 'utf8'))
    body.cars.forEach((car, index) => {
      statements.push(
        `INSERT INTO stock_cars (id, country_code, model_code, configuration, delivery_weeks, remaining, sort, updated_at)
VALUES (${quote(car.id)}, ${quote(body.country)}, ${quote(car.configuration.modelCode)}, ${quote(JSON.stringify(car.configuration))}, ${Number(car.deliveryWeeks)}, ${Number(car.stock)}, ${index}, ${quote(now)})
ON CONFLICT (id) DO UPDATE SET country_code = excluded.country_code, model_code = excluded.model_code, configuration = excluded.configuration,
  delivery_weeks = excluded.delivery_weeks, sort = excluded.sort, updated_at = excluded.updated_at;`,
      )
    })
  }
  for (const [id, file] of [
    ['tradein-valuation', 'data/tradein/valuation.json'],
    ['subscription-offers', 'data/subscription/offers.json'],
  ]) {
    const body = JSON.parse(readFileSync(join(root, file), 'utf8'))
    statements.push(
      `INSERT INTO program_documents (id, body, updated_at) VALUES (${quote(id)}, ${quote(JSON.stringify(body))}, ${quote(now)})
ON CONFLICT (id) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at;`,
    )
  }
  return `${statements.join('\n\n')}\n`
}
