import { carName } from '../app/trade-in'
import { ConfigurationError, defaultConfiguration } from '../domain/catalog/configuration'
import { LEGAL_ENTITIES } from '../domain/content/legal-entities'
import { logLine } from '../domain/log'
import { CURRENCY_EXPONENT, type CurrencyCode, formatDeduction, formatMoney } from '../domain/money'
import { PAID_METHOD_KEYS, type PaymentMethod } from '../domain/payment/methods'
import { priceStatement } from '../domain/pricing/display'
import { catalogFor } from '../i18n/catalog-store'
import { formatDate, formatDateTime } from '../i18n/dates'
import { intlFor } from '../i18n/intl'
import { COUNTRY_SITES, type CountryCode, LOCALES, type Locale } from '../i18n/sites'
import { storedOrderPrice } from '../routes/order-price'
import { createStore } from '../store'
import { randomId } from '../store/ids'
import { carPngPath } from '../ui/car/image-path'
import { carLabel } from '../ui/configurator/car-look'
import { appConfig } from './env'
import { type MailSecrets, MailSendError, mailTransportFor } from './mail'
import type { MailPicture } from './mail-html'
import { orderMailParts } from './order-mail'

/** What goes on the queue: just the outbox row to deliver. */
export interface NotificationMessage {
  id: string
}

interface NotificationRow {
  id: string
  kind: string
  locale: string
  recipient: string
  payload: string
  status: string
}

export interface RenderedMail {
  subject: string
  body: string
  /** The HTML part, for e-mails about a car (which show it); null for text-only e-mails. */
  html: string | null
}

/** The official origin (a Worker variable), for the absolute addresses of pictures in e-mails. */
type Bindings = Env & MailSecrets & { OFFICIAL_URL?: string }

/** The e-mail of an outbox row, in the recipient's language. */
export async function renderNotification(env: Bindings, row: NotificationRow): Promise<RenderedMail> {
  const locale: Locale = (LOCALES as readonly string[]).includes(row.locale) ? (row.locale as Locale) : 'en-US'
  const intl = intlFor(locale, await catalogFor(env, locale))
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values)
  const payload = JSON.parse(row.payload) as Record<string, string>
  const values: Record<string, string> = { name: payload.name ?? '', number: payload.number ?? '' }
  // Values written with the e-mail as text (a link built with the public origin, a new address, an amount formatted
  // in the recipient's language, a note): passed through as they are.
  for (const key of ['link', 'newEmail', 'amount', 'previous', 'difference', 'note', 'date'] as const) {
    const value = payload[key]
    if (typeof value === 'string') values[key] = value
  }
  if (['testDriveBooked', 'handoverBooked', 'handoverMoved'].includes(row.kind)) {
    const stores = await createStore(env).stores(
      (payload.country ?? 'NO') as Parameters<ReturnType<typeof createStore>['stores']>[0],
    )
    values.store = stores.find((s) => s.id === payload.storeId)?.name ?? payload.storeId ?? ''
    values.date = payload.localDate ? formatDate(payload.localDate, locale) : ''
    values.time = payload.localTime ?? ''
  }
  // The moment of an order event (a withdrawal's receipt), in the time of the order's country.
  if (payload.at) {
    const zone = COUNTRY_SITES.find((site) => site.countryCode === payload.country)?.timeZone ?? 'UTC'
    values.at = formatDateTime(new Date(payload.at), locale, zone)
  }
  // Money, a payment method and a day travel as data, and are written in the recipient's language.
  if (payload.amountMinor !== undefined && payload.currency && payload.currency in CURRENCY_EXPONENT)
    values.amount = formatMoney(
      { amount: Number(payload.amountMinor), currency: payload.currency as CurrencyCode },
      locale,
    )
  if (payload.method && payload.method in PAID_METHOD_KEYS)
    values.method = t(PAID_METHOD_KEYS[payload.method as PaymentMethod], {})
  if (payload.reference) values.reference = payload.reference
  if (payload.on) values.date = formatDate(payload.on, locale)
  // A request's new status travels as its message key, so it is named in the recipient's language.
  if (payload.statusKey) values.status = t(payload.statusKey, {})
  // An e-mail about an order: its delivery window, a lowered price and the link to it.
  const about = payload.orderId
    ? await orderMailParts(env, row, payload.orderId, locale, t, appConfig(env).OFFICIAL_URL)
    : { lines: [], values: {} }
  for (const [key, value] of Object.entries(about.values)) values[key] ??= value
  // A kind with a dot names its own message namespace ('charger.mail' → charger.mail.subject); others are mail.*.
  const keys = row.kind.includes('.') ? row.kind : `mail.${row.kind}`
  const body = t(`${keys}.body`, values)
  const price = row.kind === 'orderPlaced' ? await orderPriceText(env, payload, locale, t) : null
  const withdrawal = row.kind === 'orderPlaced' ? await withdrawalInformation(env, payload, t) : null
  const subject = t(`${keys}.subject`, values)
  const text = [body, price, ...about.lines, withdrawal].filter((part) => part).join('\n\n')
  const picture = await mailPicture(env, payload, locale, t)
  if (!picture) return { subject, body: text, html: null }
  const { mailHtml } = await import('./mail-html')
  return { subject, body: text, html: mailHtml(locale, subject, text, picture) }
}

/**
 * The car an e-mail is about, as a picture: an order's or a quote's car as configured, or the model of a test drive
 * as it comes in that country; null for e-mails about no car. The address is absolute on the official origin.
 */
async function mailPicture(
  env: Bindings,
  payload: Record<string, string>,
  locale: Locale,
  t: (key: string, values?: Record<string, string | number>) => string,
): Promise<MailPicture | null> {
  const origin = appConfig(env).OFFICIAL_URL
  const store = createStore(env)
  const configurationId = payload.orderId
    ? (await store.orders.find(payload.orderId))?.configurationId
    : payload.configurationId
  const record = configurationId ? await store.findConfiguration(configurationId) : null
  const modelCode = record?.modelCode ?? (payload.bookingId ? payload.modelCode : undefined)
  const catalog = modelCode ? await store.catalog(modelCode) : null
  if (!catalog) return null
  const country = (record?.countryCode ?? payload.country ?? '') as CountryCode
  let configuration = record?.choices ?? null
  try {
    configuration ??= defaultConfiguration(catalog, country)
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error
    return null
  }
  return {
    src: `${origin}${carPngPath(configuration, 'front', '1200x600')}`,
    width: 600,
    height: 300,
    alt: carLabel(t, locale, catalog, configuration, 'front'),
  }
}

/**
 * The order's price as the order pages show it, as plain text: its basis, every line, the totals and VAT, then a
 * trade-in estimate as a credit (written as the locale writes a deduction) and the estimated balance.
 */
/**
 * The confirmation of a distance contract on a durable medium (Directive 2011/83/EU, Art. 8(7)): the seller, the right
 * of withdrawal with its period and the model withdrawal form of Annex I(B), filled in; in Thailand the 7-day right
 * to cancel and the OCPB registration (Direct Sales and Direct Marketing Act, s. 30).
 */
async function withdrawalInformation(
  env: Bindings,
  payload: Record<string, string>,
  t: (key: string, values?: Record<string, string | number>) => string,
): Promise<string | null> {
  if (!payload.orderId) return null
  const stored = await createStore(env).orders.find(payload.orderId)
  if (!stored) return null
  const entity = LEGAL_ENTITIES[stored.order.country]
  const seller = `${t('legal.pre.seller')}: ${entity.company}, ${entity.companyAddress}. ${entity.companyRegistration}. ${entity.contactEmail}, ${entity.contactPhone}`
  if (stored.order.country === 'TH') {
    const registration = entity.directMarketingRegistration
      ? `\n${t('legal.th.registration', { number: entity.directMarketingRegistration })}`
      : ''
    return `${seller}${registration}\n\n${t('legal.th.cancel')}`
  }
  const goods = `P5 (${payload.number ?? ''})`
  const form = [
    t('legal.form.heading'),
    t('legal.form.instruction'),
    `– ${t('legal.form.to', { trader: `${entity.company}, ${entity.companyAddress}, ${entity.contactEmail}` })}`,
    `– ${t('legal.form.notice', { goods })}`,
    `– ${t('legal.form.ordered')}`,
    `– ${t('legal.form.name')}`,
    `– ${t('legal.form.address')}`,
    `– ${t('legal.form.signature')}`,
    `– ${t('legal.form.date')}`,
    t('legal.form.deleteNote'),
  ].join('\n')
  return `${seller}\n\n${t('legal.pre.withdrawal')}: ${t('legal.pre.withdrawalValue', { days: entity.withdrawalDays })}\n\n${form}`
}

async function orderPriceText(
  env: Bindings,
  payload: Record<string, string>,
  locale: Locale,
  t: (key: string, values: Record<string, string>) => string,
): Promise<string | null> {
  if (!payload.orderId) return null
  const store = createStore(env)
  const price = storedOrderPrice(await store.orders.priceOf(payload.orderId), await store.catalog('p5'), locale)
  if (!price) return null
  // The valuation attached to the order (attached before the e-mail is queued), read through the order.
  const valuation = await store.programs.valuationOfOrder(payload.orderId)
  const tradeIn = valuation && valuation.currency === price.currency ? valuation : null
  const car = tradeIn ? await carName(store, tradeIn) : ''
  const money = (amount: number) => formatMoney({ amount, currency: price.currency }, locale)
  const caption = price.breakdown.indicative
    ? 'price.indicative.label'
    : price.breakdown.basis === 'exclVat'
      ? 'price.basis.exclVat'
      : 'price.basis.inclVat'
  const lines = priceStatement(price.breakdown, tradeIn?.estimateAmount ?? null).map((line) => {
    if (line.kind === 'toReceive') return t('price.tradeIn.toReceive', { amount: money(line.amount) })
    const name = line.code ? price.vehicleNames[line.code] : undefined
    const label =
      line.kind === 'credit'
        ? t(line.labelKey, { car })
        : name
          ? t('mail.priceLine', { label: t(line.labelKey, {}), amount: name })
          : t(line.labelKey, {})
    const amount =
      line.kind === 'credit'
        ? formatDeduction({ amount: line.amount, currency: price.currency }, locale)
        : money(line.amount)
    return t('mail.priceLine', { label, amount })
  })
  return [t('order.price.heading', {}), t(caption, {}), ...lines].join('\n')
}

/**
 * Delivers one outbox row: renders it and hands it to the mail transport: the mail provider when its secrets are
 * set (MAIL_API_KEY, MAIL_FROM; src/worker/mail.ts), else the dev mailbox table (readable at /dev/mailbox outside
 * production). A failure throws and leaves the row pending, so the queue and the sweep retry it. Delivering twice
 * is harmless: the mailbox keeps one copy per notification, and the provider gets the row's id as idempotency key.
 */
export async function deliverNotification(
  env: Bindings,
  id: string,
  now = new Date(),
  fetcher: typeof fetch = fetch,
): Promise<'sent' | 'missing' | 'failed' | 'withdrawn'> {
  const row = await env.DB.prepare('SELECT * FROM notifications WHERE id = ?1').bind(id).first<NotificationRow>()
  if (!row) return 'missing'
  if (row.status === 'sent') return 'sent'
  if (row.status === 'failed') return 'failed'
  // A password-reset e-mail whose link died before it went out (another of the account's links was used).
  if (row.status === 'withdrawn') return 'withdrawn'
  await env.DB.prepare('UPDATE notifications SET attempts = attempts + 1 WHERE id = ?1').bind(id).run()
  const mail = await renderNotification(env, row)
  const markSent = env.DB.prepare(`UPDATE notifications SET status = 'sent', sent_at = ?2 WHERE id = ?1`).bind(
    row.id,
    now.toISOString(),
  )
  const transport = mailTransportFor(env, fetcher)
  if (transport) {
    try {
      await transport.send({
        to: row.recipient,
        subject: mail.subject,
        text: mail.body,
        ...(mail.html ? { html: mail.html } : {}),
        idempotencyKey: row.id,
      })
    } catch (error) {
      if (!(error instanceof MailSendError && error.permanent)) throw error
      // Retrying cannot help: the row stops being retried and says so (the log names the row, not the recipient).
      await markFailed(env, row.id)
      console.error(
        logLine('error', 'notifications: failed for good', { notificationId: row.id, kind: row.kind, error }),
      )
      return 'failed'
    }
    await markSent.run()
    return 'sent'
  }
  await env.DB.batch([
    // Only while the row still names its recipient: an account erased meanwhile (src/store/privacy.ts) keeps no copy.
    env.DB.prepare(
      `INSERT INTO mailbox (id, notification_id, recipient, subject, body, html, delivered_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?7, ?6 WHERE EXISTS (SELECT 1 FROM notifications WHERE id = ?2 AND recipient = ?3)
       ON CONFLICT (notification_id) DO NOTHING`,
    ).bind(randomId(), row.id, row.recipient, mail.subject, mail.body, now.toISOString(), mail.html),
    markSent,
  ])
  return 'sent'
}

/** Queues notifications for delivery; if the queue is unreachable, the sweep delivers them later. */
export async function enqueueNotifications(env: Bindings, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  try {
    await env.NOTIFY.sendBatch(ids.map((id) => ({ body: { id } })))
  } catch (cause) {
    console.warn(logLine('warn', 'notifications: queue unavailable, the sweep will deliver', { error: cause }))
  }
}

/** The queue consumer: each message delivered, or retried (the queue backs off, up to 10 times). */
export async function handleNotificationBatch(
  batch: MessageBatch<NotificationMessage>,
  env: Bindings,
  fetcher: typeof fetch = fetch,
): Promise<void> {
  for (const message of batch.messages) {
    try {
      await deliverNotification(env, message.body.id, new Date(), fetcher)
      message.ack()
    } catch (cause) {
      console.warn(
        logLine('warn', 'notifications: delivery failed, retrying', { notificationId: message.body.id, error: cause }),
      )
      message.retry({ delaySeconds: Math.min(600, 30 * 2 ** message.attempts) })
    }
  }
}

/** After this many attempts (an hour or more of queue retries and sweeps) an e-mail is marked failed. */
export const MAX_DELIVERY_ATTEMPTS = 20

function markFailed(env: Bindings, id: string) {
  return env.DB.prepare(`UPDATE notifications SET status = 'failed' WHERE id = ?1 AND status = 'pending'`)
    .bind(id)
    .run()
}

/**
 * The scheduled sweep: anything pending for more than five minutes goes on the queue again, until it has been tried
 * MAX_DELIVERY_ATTEMPTS times; then it is marked failed and logged, so one broken e-mail is not retried forever.
 */
export async function sweepOutbox(env: Bindings, now = new Date()): Promise<number> {
  const given = await env.DB.prepare(
    `UPDATE notifications SET status = 'failed' WHERE status = 'pending' AND attempts >= ?1 RETURNING id, kind`,
  )
    .bind(MAX_DELIVERY_ATTEMPTS)
    .all<{ id: string; kind: string }>()
  for (const row of given.results)
    console.error(
      logLine('error', 'notifications: failed for good', {
        notificationId: row.id,
        kind: row.kind,
        attempts: MAX_DELIVERY_ATTEMPTS,
      }),
    )
  const { results } = await env.DB.prepare(
    `SELECT id FROM notifications WHERE status = 'pending' AND created_at < ?1 ORDER BY created_at LIMIT 100`,
  )
    .bind(new Date(now.getTime() - 5 * 60_000).toISOString())
    .all<{ id: string }>()
  await enqueueNotifications(
    env,
    results.map((r) => r.id),
  )
  return results.length
}
