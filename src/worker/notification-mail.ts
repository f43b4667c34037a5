import { carName } from '../app/trade-in'
import { ConfigurationError, defaultConfiguration } from '../domain/catalog/configuration'
import { priceStatement } from '../domain/pricing/display'
import { catalogFor } from '../i18n/catalog-store'
import { formatDate } from '../i18n/dates'
import { formatDeduction, formatMoney } from '../i18n/formats'
import { intlFor } from '../i18n/intl'
import { type CountryCode, LOCALES, type Locale } from '../i18n/sites'
import { storedOrderPrice } from '../routes/order-price'
import { createStore, type Store } from '../store'
import type { NotificationRow } from '../store/notifications'
import { carPngPath } from '../ui/car/image-path'
import { carLabel } from '../ui/configurator/car-look'
import { type MailSecrets, mailTransportFor } from './mail'
import type { MailPicture } from './mail-html'

export interface RenderedMail {
  subject: string
  body: string
  /** The HTML part, for e-mails about a car (which show it); null for text-only e-mails. */
  html: string | null
}

/** The official origin (a Worker variable), for the absolute addresses of pictures in e-mails. */
export type MailBindings = Pick<Env, 'DB' | 'KV'> & MailSecrets & { OFFICIAL_URL?: string }

/** The e-mail of an outbox row, in the recipient's language. */
export async function renderNotification(env: MailBindings, row: NotificationRow): Promise<RenderedMail> {
  const store = createStore(env)
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
  if (row.kind === 'testDriveBooked') {
    const stores = await store.stores((payload.country ?? 'NO') as Parameters<Store['stores']>[0])
    values.store = stores.find((s) => s.id === payload.storeId)?.name ?? payload.storeId ?? ''
    values.date = payload.localDate ? formatDate(payload.localDate, locale) : ''
    values.time = payload.localTime ?? ''
  }
  // A request's new status travels as its message key, so it is named in the recipient's language.
  if (payload.statusKey) values.status = t(payload.statusKey, {})
  // A kind with a dot names its own message namespace ('charger.mail' → charger.mail.subject); others are mail.*.
  const keys = row.kind.includes('.') ? row.kind : `mail.${row.kind}`
  const body = t(`${keys}.body`, values)
  const price = row.kind === 'orderPlaced' ? await orderPriceText(store, payload, locale, t) : null
  const subject = t(`${keys}.subject`, values)
  const text = price ? `${body}\n\n${price}` : body
  const picture = await mailPicture(env, store, payload, locale, t)
  if (!picture) return { subject, body: text, html: null }
  const { mailHtml } = await import('./mail-html')
  return { subject, body: text, html: mailHtml(locale, subject, text, picture) }
}

/**
 * The car an e-mail is about, as a picture: an order's or a quote's car as configured, or the model of a test drive
 * as it comes in that country; null for e-mails about no car. The address is absolute on the official origin; a
 * local run without one (only outside production) writes a path, which the dev mailbox shows from its own origin;
 * with a real mail provider but no official origin the e-mail stays text only.
 */
async function mailPicture(
  env: MailBindings,
  store: Store,
  payload: Record<string, string>,
  locale: Locale,
  t: (key: string, values?: Record<string, string | number>) => string,
): Promise<MailPicture | null> {
  const origin = env.OFFICIAL_URL?.replace(/\/$/, '') ?? (mailTransportFor(env) ? null : '')
  if (origin === null) return null
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
async function orderPriceText(
  store: Store,
  payload: Record<string, string>,
  locale: Locale,
  t: (key: string, values: Record<string, string>) => string,
): Promise<string | null> {
  if (!payload.orderId) return null
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
