/** What the storefront holds about one account, for its export (GDPR Art. 15, 20) and its erasure (Art. 17). */

import { anonymisedContact, erasedEmail, MARKETING_CONSENT_VERSION } from '../domain/privacy/erasure'
import { randomId } from './ids'

type Row = Record<string, unknown>

/** A stored JSON column that is not JSON: exported as the text it holds, and named in the export's `notReadable`. */
interface Unreadable {
  table: string
  id: unknown
  column: string
}

/** Parses stored JSON columns for the export, noting each one that cannot be read instead of failing the export. */
function jsonReader(unreadable: Unreadable[]) {
  return (text: unknown, where: Unreadable): unknown => {
    if (typeof text !== 'string') return text ?? null
    try {
      return JSON.parse(text)
    } catch {
      unreadable.push(where)
      return text
    }
  }
}

/** Every e-mail address the account used: its own and the ones given on its orders, bookings and requests. */
async function addressesOf(db: D1Database, userId: string): Promise<string[]> {
  // One SELECT each: D1 limits how many a compound SELECT may join.
  const queries = [
    'SELECT email FROM users WHERE id = ?1',
    "SELECT CASE WHEN json_valid(personal) THEN json_extract(personal, '$.email') END AS email FROM orders WHERE owner_id = ?1 AND personal IS NOT NULL",
    "SELECT CASE WHEN json_valid(document) THEN json_extract(document, '$.contact.email') END AS email FROM orders WHERE owner_id = ?1 AND document IS NOT NULL",
    'SELECT email FROM test_drive_bookings WHERE owner_id = ?1',
    'SELECT email FROM quote_requests WHERE owner_id = ?1',
    'SELECT email FROM charger_enquiries WHERE owner_id = ?1',
    "SELECT CASE WHEN json_valid(personal) THEN json_extract(personal, '$.email') END AS email FROM subscription_requests WHERE owner_id = ?1",
  ]
  const answers = await db.batch<{ email: string | null }>(queries.map((sql) => db.prepare(sql).bind(userId)))
  const addresses = new Set<string>()
  for (const { results } of answers) for (const { email } of results) if (email) addresses.add(email.toLowerCase())
  return [...addresses]
}

/**
 * Data access for the privacy page: the export, marketing consent and erasure.
 *
 * @example
 * const privacy = createPrivacyStore(env.DB)
 * const data = await privacy.exportOf(user.id)
 */
export function createPrivacyStore(db: D1Database) {
  return {
    /** The current marketing consent: the latest change, or not given. */
    async marketingConsent(userId: string): Promise<{ granted: boolean; at: string | null; version: string | null }> {
      const row = await db
        .prepare(
          `SELECT granted, at, text_version AS version FROM account_consents WHERE user_id = ?1 AND kind = 'marketing'
           ORDER BY at DESC, rowid DESC LIMIT 1`,
        )
        .bind(userId)
        .first<{ granted: number; at: string; version: string }>()
      return row
        ? { granted: row.granted === 1, at: row.at, version: row.version }
        : { granted: false, at: null, version: null }
    },

    /** Records a change of marketing consent with the text version it answered; no row when nothing changes. */
    async setMarketingConsent(userId: string, granted: boolean, now: Date): Promise<void> {
      await db
        .prepare(
          `INSERT INTO account_consents (id, user_id, kind, granted, text_version, at)
           SELECT ?1, ?2, 'marketing', ?3, ?4, ?5
           WHERE COALESCE((SELECT granted FROM account_consents WHERE user_id = ?2 AND kind = 'marketing'
                           ORDER BY at DESC, rowid DESC LIMIT 1), 0) != ?3`,
        )
        .bind(randomId(), userId, granted ? 1 : 0, MARKETING_CONSENT_VERSION, now.toISOString())
        .run()
    },

    /**
     * Everything held about the account, as plain data: the account, its consents (with text versions and times),
     * orders with their payments and events, test drives, quotes, trade-in valuations, home-charger and subscription
     * requests, saved builds and the e-mails sent to its addresses. Secrets (password hash, session and reset tokens)
     * are not personal data of the customer's and stay out; so do the links of reset e-mails.
     */
    async exportOf(userId: string): Promise<Record<string, unknown>> {
      const notReadable: Unreadable[] = []
      const parseJson = jsonReader(notReadable)
      const all = async (sql: string, ...binds: unknown[]) =>
        (
          await db
            .prepare(sql)
            .bind(...binds)
            .all<Row>()
        ).results
      const account = await db
        .prepare(
          'SELECT id, email, name, phone, types, created_at AS createdAt, updated_at AS updatedAt FROM users WHERE id = ?1',
        )
        .bind(userId)
        .first<Row>()
      const orders = await all(
        `SELECT id, number, kind, status, payment_status AS paymentStatus, country_code AS countryCode, locale, usage,
           personal, consents, price, finance, currency, total_amount AS totalAmount, due_today AS dueToday,
           paid_amount AS paidAmount, configuration_id AS configurationId, created_at AS createdAt, updated_at AS updatedAt
         FROM orders WHERE owner_id = ?1 ORDER BY created_at`,
        userId,
      )
      const orderIds = orders.map((o) => String(o.id))
      const inOrders = orderIds.length ? `(${orderIds.map((_, i) => `?${i + 1}`).join(', ')})` : '(NULL)'
      const payments = orderIds.length
        ? await all(
            `SELECT order_id AS orderId, amount, currency, outcome, provider, provider_reference AS providerReference,
               created_at AS createdAt FROM payments WHERE order_id IN ${inOrders} ORDER BY created_at`,
            ...orderIds,
          )
        : []
      const events = orderIds.length
        ? await all(
            `SELECT order_id AS orderId, type, actor, from_status AS fromStatus, to_status AS toStatus, at
             FROM order_events WHERE order_id IN ${inOrders} ORDER BY at`,
            ...orderIds,
          )
        : []
      const addresses = await addressesOf(db, userId)
      const mails = addresses.length
        ? await all(
            `SELECT kind, recipient, locale, payload, status, created_at AS createdAt, sent_at AS sentAt FROM notifications
             WHERE lower(recipient) IN (${addresses.map((_, i) => `?${i + 1}`).join(', ')}) ORDER BY created_at`,
            ...addresses,
          )
        : []
      const exported = {
        exportedAt: new Date().toISOString(),
        account: account
          ? { ...account, types: parseJson(account.types, { table: 'users', id: account.id, column: 'types' }) }
          : null,
        consents: {
          marketing: await all(
            `SELECT granted, text_version AS textVersion, at FROM account_consents WHERE user_id = ?1 ORDER BY at`,
            userId,
          ),
          orders: orders.map((o) => ({
            orderId: o.id,
            consents: parseJson(o.consents, { table: 'orders', id: o.id, column: 'consents' }),
          })),
        },
        orders: orders.map((o) => ({
          ...o,
          personal: parseJson(o.personal, { table: 'orders', id: o.id, column: 'personal' }),
          consents: parseJson(o.consents, { table: 'orders', id: o.id, column: 'consents' }),
          price: parseJson(o.price, { table: 'orders', id: o.id, column: 'price' }),
          finance: parseJson(o.finance, { table: 'orders', id: o.id, column: 'finance' }),
          payments: payments.filter((p) => p.orderId === o.id),
          events: events.filter((e) => e.orderId === o.id),
        })),
        testDrives: await all(
          `SELECT id, country_code AS countryCode, store_id AS storeId, slot_start AS slotStart, model_code AS modelCode,
             name, email, phone, status, privacy_accepted_at AS privacyAcceptedAt, created_at AS createdAt
           FROM test_drive_bookings WHERE owner_id = ?1 ORDER BY created_at`,
          userId,
        ),
        quotes: (
          await all(
            `SELECT id, configuration_id AS configurationId, country_code AS countryCode, store_id AS storeId, name, email,
               phone, price, consents, status, offer_amount AS offerAmount, offer_note AS offerNote, offered_at AS offeredAt,
               created_at AS createdAt FROM quote_requests WHERE owner_id = ?1 ORDER BY created_at`,
            userId,
          )
        ).map((q) => ({
          ...q,
          price: parseJson(q.price, { table: 'quote_requests', id: q.id, column: 'price' }),
          consents: parseJson(q.consents, { table: 'quote_requests', id: q.id, column: 'consents' }),
        })),
        tradeInValuations: await all(
          `SELECT id, vin, owner_name AS ownerName, plate, country_code AS countryCode, brand, series, variant,
             first_registration_year AS firstRegistrationYear, mileage_km AS mileageKm, estimate_amount AS estimateAmount,
             currency, final_amount AS finalAmount, inspected_at AS inspectedAt, order_id AS orderId,
             created_at AS createdAt, updated_at AS updatedAt
           FROM trade_in_valuations WHERE owner_id = ?1 ORDER BY created_at`,
          userId,
        ),
        homeChargerEnquiries: await all(
          `SELECT id, country_code AS countryCode, name, email, phone, street, zip, city, house_type AS houseType,
             installation_window AS installationWindow, status, privacy_accepted_at AS privacyAcceptedAt,
             created_at AS createdAt FROM charger_enquiries WHERE owner_id = ?1 ORDER BY created_at`,
          userId,
        ),
        subscriptionRequests: (
          await all(
            `SELECT id, country_code AS countryCode, offer, personal, consents, status, created_at AS createdAt
             FROM subscription_requests WHERE owner_id = ?1 ORDER BY created_at`,
            userId,
          )
        ).map((s) => ({
          ...s,
          offer: parseJson(s.offer, { table: 'subscription_requests', id: s.id, column: 'offer' }),
          personal: parseJson(s.personal, { table: 'subscription_requests', id: s.id, column: 'personal' }),
          consents: parseJson(s.consents, { table: 'subscription_requests', id: s.id, column: 'consents' }),
        })),
        savedBuilds: await all(
          `SELECT id, model_code AS modelCode, country_code AS countryCode, created_at AS createdAt FROM configurations
           WHERE owner_id = ?1 ORDER BY created_at`,
          userId,
        ),
        emails: mails.map((m) => {
          const payload = parseJson(m.payload, { table: 'notifications', id: m.kind, column: 'payload' })
          const safe = payload && typeof payload === 'object' ? { ...(payload as Row) } : payload
          if (safe && typeof safe === 'object' && 'link' in safe) delete (safe as Row).link
          return { ...m, payload: safe }
        }),
      }
      // What could not be read is exported as the text it holds, and said here (GDPR Art. 15: all of it, as it is).
      return { ...exported, notReadable }
    },

    /**
     * Erases the account's personal data, in one batch. Kept, without what identifies the person: orders (number, car,
     * amounts, consents, status, dates; country and usage for VAT) and their payments and events, for the
     * bookkeeping period; the account row itself (an unroutable address, no name, no password), because orders and the
     * audit trail point at it. Erased: sessions and reset links (everyone is signed out), saved builds that nothing
     * was ordered from, the contact details of bookings, quotes, enquiries, subscription requests and trade-in
     * valuations (with the car's VIN and plate), marketing consent, throttle counters, and every e-mail copy sent to
     * the account's addresses. Answers false when the account was already erased.
     */
    async eraseAccount(userId: string, now: Date): Promise<boolean> {
      const user = await db
        .prepare('SELECT email FROM users WHERE id = ?1 AND erased_at IS NULL')
        .bind(userId)
        .first<{ email: string }>()
      if (!user) return false
      const at = now.toISOString()
      const addresses = await addressesOf(db, userId)
      const inAddresses = `(${addresses.map((_, i) => `?${i + 1}`).join(', ')})`
      const { results: orders } = await db
        .prepare(`SELECT id, document FROM orders WHERE owner_id = ?1`)
        .bind(userId)
        .all<{ id: string; document: string | null }>()
      const unreadable: Unreadable[] = []
      const parseJson = jsonReader(unreadable)
      const anonymisedOrders = orders.map((o) => {
        const where = { table: 'orders', id: o.id, column: 'document' }
        const document = parseJson(o.document, where) as { contact?: { country: string; usage: string } } | null
        // A document that cannot be read cannot be anonymised field by field: it goes, with whatever it held.
        const next = unreadable.includes(where)
          ? null
          : document && typeof document === 'object' && document.contact
            ? JSON.stringify({
                ...document,
                contact: anonymisedContact(document.contact as Parameters<typeof anonymisedContact>[0]),
              })
            : o.document
        return db
          .prepare('UPDATE orders SET personal = NULL, document = ?2, personal_erased_at = ?3 WHERE id = ?1')
          .bind(o.id, next, at)
      })
      const blankContact = JSON.stringify(anonymisedContact({ country: 'NO', usage: 'personal' }))
      await db.batch([
        ...anonymisedOrders,
        db.prepare('DELETE FROM app_sign_in_codes WHERE user_id = ?1').bind(userId),
        db.prepare('DELETE FROM sessions WHERE user_id = ?1').bind(userId),
        db.prepare('DELETE FROM password_resets WHERE user_id = ?1').bind(userId),
        db.prepare('DELETE FROM email_confirmations WHERE user_id = ?1').bind(userId),
        db.prepare('DELETE FROM price_watches WHERE user_id = ?1').bind(userId),
        db.prepare('DELETE FROM account_consents WHERE user_id = ?1').bind(userId),
        db
          .prepare(
            `UPDATE test_drive_bookings SET name = '', email = '', phone = '', owner_id = NULL, updated_at = ?2
             WHERE owner_id = ?1`,
          )
          .bind(userId, at),
        db
          .prepare(`UPDATE quote_requests SET name = '', email = '', phone = '', owner_id = NULL WHERE owner_id = ?1`)
          .bind(userId),
        db
          .prepare(
            `UPDATE charger_enquiries SET name = '', email = '', phone = '', street = '', zip = '', city = '', owner_id = NULL,
             updated_at = ?2 WHERE owner_id = ?1`,
          )
          .bind(userId, at),
        db
          .prepare(
            `UPDATE subscription_requests
             SET personal = json_set(?2, '$.country', CASE WHEN json_valid(personal) THEN json_extract(personal, '$.country') END, '$.usage', CASE WHEN json_valid(personal) THEN json_extract(personal, '$.usage') END),
                 owner_id = NULL, updated_at = ?3
             WHERE owner_id = ?1`,
          )
          .bind(userId, blankContact, at),
        db
          .prepare(
            `UPDATE trade_in_valuations SET vin = 'ERASED-' || id, plate = '', owner_name = '', owner_id = NULL, updated_at = ?2
             WHERE owner_id = ?1`,
          )
          .bind(userId, at),
        // Saved builds: deleted unless an order or quote was made from them; those stay, owned by nobody.
        db
          .prepare(
            `DELETE FROM configurations WHERE owner_id = ?1
               AND id NOT IN (SELECT configuration_id FROM orders WHERE configuration_id IS NOT NULL)
               AND id NOT IN (SELECT configuration_id FROM quote_requests)`,
          )
          .bind(userId),
        db.prepare('UPDATE configurations SET owner_id = NULL WHERE owner_id = ?1').bind(userId),
        db.prepare(`DELETE FROM account_action_counts WHERE key = ?1`).bind(`password:account:${userId}`),
        ...(addresses.length
          ? [
              db.prepare(`DELETE FROM mailbox WHERE lower(recipient) IN ${inAddresses}`).bind(...addresses),
              db
                .prepare(
                  `UPDATE notifications SET recipient = '', payload = '{}',
                     status = CASE WHEN status = 'pending' THEN 'failed' ELSE status END
                   WHERE lower(recipient) IN ${inAddresses}`,
                )
                .bind(...addresses),
              db
                .prepare(
                  `DELETE FROM attempt_counters WHERE key IN (${addresses.map((_, i) => `?${i + 1}`).join(', ')})`,
                )
                .bind(...addresses.map((a) => `email:${a}`)),
              db
                .prepare(
                  `DELETE FROM account_action_counts WHERE key IN (${addresses.map((_, i) => `?${i + 1}`).join(', ')})`,
                )
                .bind(...addresses.map((a) => `reset:email:${a}`)),
            ]
          : []),
        db
          .prepare(
            `UPDATE users SET email = ?2, name = '', phone = '', password_hash = '', password_salt = '',
               types = '[]', roles = '[]', staff_country = NULL, erased_at = ?3, updated_at = ?3 WHERE id = ?1`,
          )
          .bind(userId, erasedEmail(userId), at),
      ])
      return true
    },
  }
}

export type PrivacyStore = ReturnType<typeof createPrivacyStore>
