import { carName } from '../app/trade-in'
import { ConfigurationError, defaultConfiguration } from '../domain/catalog/configuration'
import { LEGAL_ENTITIES } from '../domain/content/legal-entities'
import { logLine } from '../domain/log'
import { CURRENCY_EXPONENT, type CurrencyCode } from '../domain/money'
import type { Order } from '../domain/order/order'
import { countryPayments, PAID_METHOD_KEYS, type PaymentMethod } from '../domain/payment/methods'
import { type PriceBasis, priceStatement } from '../domain/pricing/display'
import { catalogFor } from '../i18n/catalog-store'
import { formatDate, formatDateTime } from '../i18n/dates'
import { formatDeduction, formatMoney } from '../i18n/formats'
import { intlFor } from '../i18n/intl'
import { COUNTRY_SITES, type CountryCode, LOCALES, type Locale, SITES, type Site } from '../i18n/sites'
import { formatWeekdayDate } from '../i18n/weekday-dates'
import { financeSection } from '../routes/order/confirmation-document'
import { type OrderPriceView, storedOrderPrice } from '../routes/order-price'
import { createStore, type Store } from '../store'
import type { NotificationRow } from '../store/notifications'
import { carPngPath } from '../ui/car/image-path'
import { carLabel } from '../ui/configurator/car-look'
import { appConfig } from './env'
import type { MailAttachment, MailSecrets } from './mail'
import type { MailPicture } from './mail-html'
import { orderMailParts } from './order-mail'

export interface RenderedMail {
  subject: string
  body: string
  /** The HTML part, for e-mails about a car (which show it); null for text-only e-mails. */
  html: string | null
  /** The order confirmation PDF with the order-placed e-mail, the calendar file with a handover's. */
  attachments: MailAttachment[]
}

/** The official origin (a Worker variable), for the absolute addresses of pictures in e-mails. */
export type MailBindings = Env & MailSecrets & { OFFICIAL_URL?: string }

/** The e-mail of an outbox row, in the recipient's language. */
export async function renderNotification(env: MailBindings, row: NotificationRow): Promise<RenderedMail> {
  const store = createStore(env)
  const locale: Locale = (LOCALES as readonly string[]).includes(row.locale) ? (row.locale as Locale) : 'en-US'
  const intl = intlFor(locale, await catalogFor(env, locale))
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values)
  const payload = JSON.parse(row.payload) as Record<string, string>
  // What the customer placed names the e-mail's order (an e-mail queued before the kind was written says "order").
  const values: Record<string, string> = {
    name: payload.name ?? '',
    number: payload.number ?? '',
    kind: payload.kind ?? 'order',
  }
  // Values written with the e-mail as text (a link built with the public origin, a new address, an amount formatted
  // in the recipient's language, a note): passed through as they are.
  for (const key of ['link', 'newEmail', 'amount', 'previous', 'difference', 'note', 'date'] as const) {
    const value = payload[key]
    if (typeof value === 'string') values[key] = value
  }
  if (['testDriveBooked', 'handoverBooked', 'handoverMoved'].includes(row.kind)) {
    const stores = await store.showrooms((payload.country ?? 'NO') as Parameters<Store['showrooms']>[0])
    values.store = stores.find((s) => s.id === payload.storeId)?.name ?? payload.storeId ?? ''
    // A test drive's day is named in full, with its weekday: the customer reads it to turn up at the store.
    const day = payload.localDate ?? ''
    values.date = !day
      ? ''
      : row.kind === 'testDriveBooked'
        ? formatWeekdayDate(day, locale, { year: true })
        : formatDate(day, locale)
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
    ? await orderMailParts(store, row, payload.orderId, locale, t, appConfig(env).OFFICIAL_URL)
    : { lines: [], values: {} }
  for (const [key, value] of Object.entries(about.values)) values[key] ??= value
  // A kind with a dot names its own message namespace ('charger.mail' → charger.mail.subject); others are mail.*.
  const keys = row.kind.includes('.') ? row.kind : `mail.${row.kind}`
  const body = t(`${keys}.body`, values)
  // The order-placed e-mail states the order: read it and its stored price once for all its parts.
  const placed =
    row.kind === 'orderPlaced' && payload.orderId ? await placedOrder(store, payload.orderId, locale) : null
  const price = placed?.price ? await orderPriceText(store, payload.orderId ?? '', placed.price, locale, t) : null
  const finance = placed?.order ? financeText(placed.order, placed.price?.headline.basis ?? 'inclVat', locale, t) : null
  const withdrawal = placed?.order ? withdrawalInformation(placed.order, payload, t) : null
  const subject = t(`${keys}.subject`, values)
  const due = placed?.order ? dueTodayText(placed.order, locale, t) : null
  const text = [body, price, due, finance, ...about.lines, withdrawal].filter((part) => part).join('\n\n')
  const [picture, attachments] = await Promise.all([
    mailPicture(env, store, payload, locale, t),
    mailAttachments(env, store, row.kind, payload.orderId, locale, t),
  ])
  if (!picture) return { subject, body: text, html: null, attachments }
  const { mailHtml } = await import('./mail-html')
  const country = payload.country ?? (payload.orderId ? (await store.orders.find(payload.orderId))?.order.country : '')
  const html = mailHtml(
    locale,
    subject,
    text,
    picture,
    `${appConfig(env).OFFICIAL_URL}${mailSite(country, locale)?.prefix ?? ''}`,
  )
  return { subject, body: text, html, attachments }
}

/** The site of an e-mail's country in its language (the country's own when it has no site in that language). */
function mailSite(country: string | undefined, locale: Locale): Site | undefined {
  return (
    SITES.find((each) => each.countryCode === country && each.locale === locale) ??
    COUNTRY_SITES.find((each) => each.countryCode === country)
  )
}

/**
 * The files an e-mail about an order carries: its confirmation PDF with the order-placed e-mail (the confirmation on a
 * durable medium, Directive 2011/83/EU, Art. 8(7), which the text states too), the handover's calendar file when one
 * is booked or moved. A file that cannot be made is logged and left off: the e-mail still goes.
 */
async function mailAttachments(...args: Parameters<typeof orderFiles>): Promise<MailAttachment[]> {
  const [, , kind, orderId] = args
  try {
    return await orderFiles(...args)
  } catch (error) {
    console.warn(logLine('warn', 'notifications: an attachment could not be made', { kind, orderId, error }))
    return []
  }
}

async function orderFiles(
  env: MailBindings,
  store: Store,
  kind: string,
  orderId: string | undefined,
  locale: Locale,
  t: (key: string, values?: Record<string, string | number>) => string,
): Promise<MailAttachment[]> {
  if (!orderId || !['orderPlaced', 'handoverBooked', 'handoverMoved'].includes(kind)) return []
  const stored = await store.orders.find(orderId)
  if (!stored) return []
  const site = mailSite(stored.order.country, locale)
  if (!site) return []
  if (kind === 'orderPlaced') {
    const { confirmationPdf } = await import('./order-document')
    const pdf = await confirmationPdf(store, site, stored, t)
    return [{ filename: pdf.fileName, contentType: 'application/pdf', content: pdf.bytes }]
  }
  const { handoverCalendar, handoverFileName } = await import('./order-calendar')
  const booking = await store.handovers.ofOrder(stored.id)
  const ics = await handoverCalendar(store, site, stored, booking, t, appConfig(env).OFFICIAL_URL)
  if (!ics) return []
  const content = new TextEncoder().encode(ics)
  return [{ filename: handoverFileName(stored), contentType: 'text/calendar; charset=utf-8', content }]
}

/**
 * The car an e-mail is about, as a picture: an order's or a quote's car as configured, or the model of a test drive
 * as it comes in that country; null for e-mails about no car. The address is absolute on the official origin.
 */
async function mailPicture(
  env: MailBindings,
  store: Store,
  payload: Record<string, string>,
  locale: Locale,
  t: (key: string, values?: Record<string, string | number>) => string,
): Promise<MailPicture | null> {
  const origin = appConfig(env).OFFICIAL_URL
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
 * The confirmation of a distance contract on a durable medium (Directive 2011/83/EU, Art. 8(7)): the seller, the right
 * of withdrawal with its period and the model withdrawal form of Annex I(B), filled in; in Thailand the 7-day right
 * to cancel and the OCPB registration (Direct Sales and Direct Marketing Act, s. 30).
 */
function withdrawalInformation(
  order: Order,
  payload: Record<string, string>,
  t: (key: string, values?: Record<string, string | number>) => string,
): string {
  const entity = LEGAL_ENTITIES[order.country]
  const seller = `${t('legal.pre.seller')}: ${entity.company}, ${entity.companyAddress}. ${entity.companyRegistration}. ${entity.contactEmail}, ${entity.contactPhone}`
  if (order.country === 'TH') {
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

/**
 * What the order pays today, as the order form and page state it: due today (a lease nothing), or where the country
 * takes no payment online, the deposit paid at the store.
 */
function dueTodayText(
  order: Order,
  locale: Locale,
  t: (key: string, values?: Record<string, string | number>) => string,
): string {
  const amount = formatMoney(order.amounts.dueToday, locale)
  return countryPayments(order.country).online
    ? t('order.summary.dueToday', { amount })
    : `${t('myOrder.depositOffline')}: ${amount}`
}

/** An order as its order-placed e-mail states it, and its stored price as the order pages show it. */
async function placedOrder(store: Store, orderId: string, locale: Locale) {
  const [stored, priced, catalog] = await Promise.all([
    store.orders.find(orderId),
    store.orders.priceOf(orderId),
    store.catalog('p5'),
  ])
  return { order: stored?.order ?? null, price: storedOrderPrice(priced, catalog, locale) }
}

/**
 * The finance offer kept with the order, as the order page and its PDF show it, as plain text: the product and monthly
 * figure, every figure as quoted, the lender and the offer's dates; for credit the Consumer Credit Directive covers,
 * the country's warning (Directive (EU) 2023/2225, art. 8). Null for an order paid in cash.
 */
function financeText(
  order: Order,
  basis: PriceBasis,
  locale: Locale,
  t: (key: string, values?: Record<string, string | number>) => string,
): string | null {
  const section = order.finance ? financeSection(order, basis, locale, t) : null
  if (!order.finance || !section) return null
  const rows = section.rows.map((row) => t('mail.priceLine', { label: row.label, amount: row.value }))
  return [section.heading, ...rows, ...section.paragraphs].join('\n')
}

/**
 * The order's price as the order pages show it, as plain text: its basis, every line, the totals and VAT, then a
 * trade-in estimate as a credit (written as the locale writes a deduction) and the estimated balance.
 */
async function orderPriceText(
  store: Store,
  orderId: string,
  price: OrderPriceView,
  locale: Locale,
  t: (key: string, values: Record<string, string>) => string,
): Promise<string> {
  // The valuation attached to the order (attached before the e-mail is queued), read through the order.
  const valuation = await store.programs.valuationOfOrder(orderId)
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
