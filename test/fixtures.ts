import { env } from 'cloudflare:test'

/** A private cash order on the Swedish site, as the order form posts it without JavaScript. */
export const SWEDISH_ORDER_FORM = {
  kind: 'order',
  firstName: 'Anna',
  lastName: 'Berg',
  zip: '111 52',
  city: 'Stockholm',
  street: 'Storgatan 1',
  email: 'anna@example.se',
  phone: '070 123 45 67',
  usage: 'personal',
  financePreference: 'cash',
  terms: 'yes',
  orderAgreement: 'yes',
} as const

/** The kinds of e-mail written to the outbox for an order, oldest first. */
export async function orderMailKinds(orderId: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `SELECT kind FROM notifications WHERE json_extract(payload, '$.orderId') = ?1 ORDER BY created_at, rowid`,
  )
    .bind(orderId)
    .all<{ kind: string }>()
  return results.map((row) => row.kind)
}

/** The card form of the payment step, filled with a test card (4242… succeeds, 4000…0002 is declined). */
export const cardForm = (cardNumber: string) => ({ cardNumber, expiry: '12/35', cvc: '123', cardName: 'Anne Test' })

/** Saves the records `routeAddress` points at: a configuration `cfg-test` and its order `ord-test` (Norway). */
export async function seedRouteRecords(): Promise<void> {
  await env.DB.batch([
    env.DB.prepare(
      `INSERT OR IGNORE INTO configurations (id, model_code, country_code, created_at) VALUES ('cfg-test', 'p5', 'NO', '2026-11-01T10:00:00Z')`,
    ),
    env.DB.prepare(
      `INSERT OR IGNORE INTO orders (id, configuration_id, country_code, created_at) VALUES ('ord-test', 'cfg-test', 'NO', '2026-11-02T10:00:00Z')`,
    ),
  ])
}

/** A concrete address for a route pattern, using the records `seedRouteRecords` saves. */
export function routeAddress(pattern: string): string {
  return pattern
    .replace(':id', pattern.startsWith('/order') ? 'ord-test' : 'cfg-test')
    .replace(':carId', 'p5')
    .replace(':carCode?', 'p5')
}
