import { carName } from '../../app/trade-in'
import { LEGAL_ENTITIES } from '../../domain/content/legal-entities'
import { monthlyOnBasis } from '../../domain/finance/basis'
import { CREDIT_KINDS } from '../../domain/finance/products'
import { creditInScope } from '../../domain/legal/data'
import { type Order, orderFlow } from '../../domain/order/order'
import { withdrawalPeriod } from '../../domain/order/withdrawal'
import { priceStatement } from '../../domain/pricing/display'
import { formatDate, formatDateTime } from '../../i18n/dates'
import { describeFinance } from '../../i18n/finance'
import { formatDeduction, formatMoney } from '../../i18n/formats'
import type { MessageKey } from '../../i18n/intl'
import { dataMessageKey } from '../../i18n/keys'
import { type Site, today } from '../../i18n/sites'
import type { Store } from '../../store'
import { type OrderPriceView, storedOrderPrice } from '../order-price'

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string

/**
 * One block of the confirmation: a heading, label–value rows, then paragraphs; `prominent` sets it apart in a frame,
 * `whole` keeps it on one page (a form to print and send).
 */
export interface DocumentSection {
  heading: string
  rows: { label: string; value: string; strong?: boolean }[]
  paragraphs: string[]
  prominent?: boolean
  whole?: boolean
}

/** The order confirmation on a durable medium (Directive 2011/83/EU, Art. 8(7)), in the customer's language. */
export interface ConfirmationDocument {
  locale: string
  title: string
  fileName: string
  sections: DocumentSection[]
}

/** A stored order as the document reads it. */
export interface StoredOrder {
  id: string
  configurationId: string
  order: Order
}

const label = (text: string) => text.replace(/[:\s]+$/, '')

/**
 * The itemised price exactly as the order page's table prints it (PriceBreakdownTable); with a trade-in valuation
 * attached to the order, its estimate as a credit and the estimated balance, as the order e-mail states them.
 */
function priceSection(
  price: OrderPriceView,
  tradeIn: { estimate: number; car: string } | null,
  locale: string,
  t: Translate,
): DocumentSection {
  const money = (amount: number) => formatMoney({ amount, currency: price.currency }, locale)
  const { breakdown } = price
  const rows: DocumentSection['rows'] = breakdown.rows.map((row) => {
    const name = row.role === 'vehicle' ? price.vehicleNames[row.code] : undefined
    const text = t(dataMessageKey(row.labelKey))
    return { label: name ? `${text}: ${name}` : text, value: money(row.amount) }
  })
  const total = breakdown.indicative ? t('price.indicative.label') : t('configurator.price.total')
  if (breakdown.basis === 'exclVat') {
    rows.push({ label: t('price.totalExclVat'), value: money(breakdown.subtotal) })
    rows.push({ label: t('price.line.vat'), value: money(breakdown.vat) })
    rows.push({ label: total, value: money(breakdown.total), strong: true })
  } else {
    rows.push({ label: total, value: money(breakdown.total), strong: true })
    if (breakdown.vat > 0) rows.push({ label: t('price.vatIncluded'), value: money(breakdown.vat) })
  }
  const paragraphs = [breakdown.indicative ? t('price.indicative.label') : t(`price.basis.${breakdown.basis}` as const)]
  for (const line of tradeIn ? priceStatement(breakdown, tradeIn.estimate) : []) {
    if (line.kind === 'credit')
      rows.push({
        label: t(line.labelKey as MessageKey, { car: tradeIn?.car ?? '' }),
        value: formatDeduction({ amount: line.amount, currency: price.currency }, locale),
      })
    else if (line.kind === 'balance')
      rows.push({ label: t(line.labelKey as MessageKey), value: money(line.amount), strong: true })
    else if (line.kind === 'toReceive') paragraphs.push(t('price.tradeIn.toReceive', { amount: money(line.amount) }))
  }
  if (tradeIn) paragraphs.push(t('price.tradeIn.note'))
  return { heading: t('order.price.heading'), rows, paragraphs }
}

/** The finance offer kept with the order, its figures as the order page's FinanceTerms shows them. */
export function financeSection(order: Order, basis: 'inclVat' | 'exclVat', locale: string, t: Translate) {
  const finance = order.finance
  if (!finance) return null
  const { currency, summary } = finance
  const described = describeFinance(summary, currency, locale, t)
  const onBasis = monthlyOnBasis(summary, basis)
  const money = (amount: number) => formatMoney({ amount, currency }, locale)
  const rows: DocumentSection['rows'] = []
  if (onBasis) {
    const perMonth = t('finance.unit.perMonth', { amount: money(onBasis.amount) })
    rows.push({
      label: described.label,
      value: onBasis.exclVat ? t('configurator.price.exclVat', { amount: perMonth }) : perMonth,
      strong: true,
    })
  }
  for (const figure of described.figures) rows.push({ label: figure.label, value: figure.value })
  if ((CREDIT_KINDS as readonly string[]).includes(finance.kind))
    rows.push({ label: t('finance.field.totalPurchasePrice'), value: described.totalCost })
  if (described.partnerName) rows.push({ label: t('finance.field.partnerName'), value: described.partnerName })
  const quoted = t('offer.quoted', {
    date: formatDate(finance.quotedOn, locale),
    until: summary.expirationDate ? formatDate(summary.expirationDate, locale) : '–',
  })
  // Credit the Consumer Credit Directive covers carries the country's warning (Directive (EU) 2023/2225, art. 8).
  const warning = creditInScope(finance.kind, order.contact.usage) ? [t('finance.credit.warning')] : []
  // The figures hold subject to the partner's approval, as every page that shows them says.
  const assumption = described.assumption ? [t('finance.notice.assumption')] : []
  return {
    heading: t('offer.heading', { product: described.label }),
    rows,
    paragraphs: [quoted, ...assumption, ...warning],
  }
}

/**
 * The deposit (or reservation fee) and what it commits to, in the order form's words; for a lease, which pays
 * nothing today, what is due today and the application to the lessor.
 */
function depositSection(order: Order, locale: string, t: Translate): DocumentSection {
  const { amounts } = order
  const fee = amounts.depositAmount ?? amounts.reservationFee ?? amounts.dueToday
  const paid = amounts.paidFee.amount > 0
  const lender = order.finance?.summary.partnerName
  const lease = orderFlow(order.kind, order.financePreference) === 'lease' && lender
  const commits = lease
    ? t('legal.order.commits.lease', { lender })
    : t(`legal.order.commits.${order.kind}` as const, {
        total: formatMoney(amounts.totalInclVat, locale),
        dueToday: formatMoney(fee, locale),
      })
  // A lease states that nothing is due in its own words, under what is due today: not a second "deposit" line.
  if (lease) return { heading: label(t('order.summary.dueToday', { amount: '' })), rows: [], paragraphs: [commits] }
  return {
    heading: t('orderPdf.deposit'),
    rows: [
      paid
        ? { label: t('order.status.paid'), value: formatMoney(amounts.paidFee, locale) }
        : { label: label(t('order.summary.dueToday', { amount: '' })), value: formatMoney(fee, locale) },
    ],
    paragraphs: [commits],
  }
}

/** The right of withdrawal and the model form (EU), or the Thai right to cancel, set apart. */
function withdrawalSections(stored: StoredOrder, site: Site, car: string, t: Translate): DocumentSection[] {
  const entity = LEGAL_ENTITIES[site.countryCode]
  const { order } = stored
  const number = order.orderNumber ?? order.reservationNumber ?? stored.id
  if (site.countryCode === 'TH')
    return [{ heading: t('legal.pre.withdrawal'), rows: [], paragraphs: [t('legal.th.cancel')], prominent: true }]
  const placedAt = order.orderDate ?? order.reservationDate
  const { contact } = order
  const street = [contact.street, contact.apartment].filter(Boolean).join(' ')
  const { until } = withdrawalPeriod(order, entity.withdrawalDays, today(site))
  return [
    {
      heading: t('legal.withdraw.heading'),
      rows: [],
      // Once the car is delivered the period has a last day, and the document names it, as the order page does.
      paragraphs: [
        until
          ? t('legal.withdraw.until', { date: formatDate(until, site.locale) })
          : t('legal.pre.withdrawalValue', { days: entity.withdrawalDays }),
      ],
      prominent: true,
    },
    {
      heading: t('legal.form.heading'),
      whole: true,
      rows: [],
      paragraphs: [
        t('legal.form.instruction'),
        t('legal.form.to', { trader: `${entity.company}, ${entity.companyAddress}, ${entity.contactEmail}` }),
        t('legal.form.notice', { goods: `${car} (${number})` }),
        `${t('legal.form.ordered')} ${placedAt ? formatDateTime(new Date(placedAt), site.locale, site.timeZone) : ''}`,
        `${t('legal.form.name')} ${contact.firstName} ${contact.lastName}`,
        `${t('legal.form.address')} ${street}, ${contact.zip} ${contact.city}`,
        `${t('legal.form.signature')} ______________________`,
        `${t('legal.form.date')} ______________________`,
        t('legal.form.deleteNote'),
      ],
    },
  ]
}

/**
 * The order confirmation's content: the seller, the order, the car and its itemised price (the order page's figures),
 * the finance offer, the deposit, the delivery window and the right of withdrawal with the model form filled in.
 *
 * @example
 * const doc = await confirmationDocument(store, site, stored, t)
 */
export async function confirmationDocument(
  store: Store,
  site: Site,
  stored: StoredOrder,
  t: Translate,
): Promise<ConfirmationDocument> {
  const { order } = stored
  const locale = site.locale
  const entity = LEGAL_ENTITIES[site.countryCode]
  const number = order.orderNumber ?? order.reservationNumber ?? stored.id
  const placedAt = order.orderDate ?? order.reservationDate
  const catalog = await store.catalog('p5')
  const price = storedOrderPrice(await store.orders.priceOf(stored.id), catalog, locale)
  const car = ['Nordvolt P5', ...Object.values(price?.vehicleNames ?? {})].join(', ')
  const seller = [entity.company, entity.companyAddress, entity.companyRegistration, entity.contactEmail]
  if (entity.directMarketingRegistration)
    seller.push(t('legal.th.registration', { number: entity.directMarketingRegistration }))
  const { contact } = order
  const sections: DocumentSection[] = [
    {
      heading: t('orderPdf.title'),
      rows: [
        { label: label(t('order.number', { number: '' })), value: number, strong: true },
        {
          label: label(t('order.date', { date: '' })),
          value: placedAt ? formatDateTime(new Date(placedAt), locale, site.timeZone) : '',
        },
        { label: t('orderPdf.customer'), value: `${contact.firstName} ${contact.lastName}, ${contact.email}` },
        { label: t('legal.pre.seller'), value: `${seller.join(', ')}, ${entity.contactPhone}` },
        { label: t('legal.pre.car'), value: car },
      ],
      paragraphs: [],
    },
  ]
  const valuation = await store.programs.valuationOfOrder(stored.id)
  const tradeIn =
    valuation && price && valuation.currency === price.currency
      ? { estimate: valuation.estimateAmount, car: await carName(store, valuation) }
      : null
  if (price) sections.push(priceSection(price, tradeIn, locale, t))
  else
    sections.push({
      heading: t('order.price.heading'),
      rows: [{ label: t('configurator.price.total'), value: formatMoney(order.amounts.totalInclVat, locale) }],
      paragraphs: [],
    })
  const finance = financeSection(order, price?.headline.basis ?? 'inclVat', locale, t)
  if (finance) sections.push(finance)
  sections.push(depositSection(order, locale, t))
  if (order.delivery)
    sections.push({
      heading: t('myOrder.delivery.heading'),
      rows: [],
      paragraphs: [
        t('myOrder.delivery.window', {
          from: formatDate(order.delivery.from, locale),
          to: formatDate(order.delivery.to, locale),
        }),
        t('myOrder.delivery.basis', {
          step: order.delivery.step,
          date: formatDate(order.delivery.estimatedOn, locale),
        }),
      ],
    })
  sections.push(...withdrawalSections(stored, site, car, t))
  return { locale, title: `${t('orderPdf.title')} ${number}`, fileName: `order-confirmation-${number}.pdf`, sections }
}
