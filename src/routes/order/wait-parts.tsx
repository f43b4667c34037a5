import type { Order } from '../../domain/order/order'
import { formatDate } from '../../i18n/dates'
import { formatMoney } from '../../i18n/formats'
import { linkTo } from '../../i18n/links'
import { useT } from '../../ui/intl-context'
import { useSiteContext } from '../../ui/site-context'
import type { WaitView } from './wait'

// What the order page shows of the wait for the car: the delivery window, the handover, the contact and price
// protection.

/** The estimated delivery window and when (at which step) it was last estimated. */
export function DeliveryWindowSection({ delivery }: { delivery: NonNullable<WaitView['delivery']> }) {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <section className="card order-wait" aria-labelledby="order-delivery-title">
      <h2 id="order-delivery-title">{t('myOrder.delivery.heading')}</h2>
      <p className="order-wait__window">
        {t('myOrder.delivery.window', {
          from: formatDate(delivery.from, site.locale),
          to: formatDate(delivery.to, site.locale),
        })}
      </p>
      <p className="field__hint">
        {t('myOrder.delivery.basis', { step: delivery.step, date: formatDate(delivery.estimatedOn, site.locale) })}
      </p>
    </section>
  )
}

/** The delivery store: who looks after the delivery, with its address, phone and e-mail. */
export function ContactSection({ contact }: { contact: NonNullable<WaitView['contact']> }) {
  const t = useT()
  return (
    <section className="card order-wait" aria-labelledby="order-contact-title">
      <h2 id="order-contact-title">{t('myOrder.contact.heading')}</h2>
      <p>{t('myOrder.contact.lead', { store: contact.name })}</p>
      <address className="order-wait__address">
        {contact.name}
        <br />
        {contact.street}
        <br />
        {contact.postalCode} {contact.city}
      </address>
      <dl className="choices-list">
        {contact.phone ? (
          <>
            <dt>{t('myOrder.contact.phone')}</dt>
            <dd>
              <a href={`tel:${contact.phone.replace(/\s/g, '')}`}>{contact.phone}</a>
            </dd>
          </>
        ) : null}
        {contact.email ? (
          <>
            <dt>{t('auth.field.email')}</dt>
            <dd>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  )
}

/**
 * The handover: the appointment with its calendar file and a way to move it, or (once the car is allocated) the
 * store and slot picker: a GET form for the store, then a POST of the chosen slot. Works without JavaScript.
 */
export function HandoverSection({
  orderId,
  handover,
  calendar,
}: {
  orderId: string
  handover: WaitView['handover']
  calendar: string | null
}) {
  const t = useT()
  const { site } = useSiteContext()
  const here = linkTo(site, `/order/${orderId}`)
  const { booking } = handover
  return (
    <section className="card order-wait" id="handover" aria-labelledby="order-handover-title">
      <h2 id="order-handover-title">{t('myOrder.handover.heading')}</h2>
      {booking ? (
        <p className="order-wait__window">
          {t('myOrder.handover.booked', {
            date: formatDate(booking.localDate, site.locale),
            time: booking.localTime,
            store: booking.storeName,
          })}
        </p>
      ) : !handover.bookable ? (
        <p>{t('myOrder.handover.notYet')}</p>
      ) : null}
      {booking ? (
        <p className="order-actions">
          {calendar ? (
            <a className="button" href={calendar}>
              {t('myOrder.handover.calendar')}
            </a>
          ) : null}
          {handover.bookable && !handover.picking ? (
            <a className="button" href={`${linkTo(site, `/order/${orderId}`, { query: 'handover=pick' })}#handover`}>
              {t('myOrder.handover.move')}
            </a>
          ) : null}
        </p>
      ) : null}
      {handover.picking ? <SlotPicker here={here} handover={handover} moving={booking !== null} /> : null}
    </section>
  )
}

function SlotPicker({ here, handover, moving }: { here: string; handover: WaitView['handover']; moving: boolean }) {
  const t = useT()
  const { site } = useSiteContext()
  const byDate = new Map<string, typeof handover.slots>()
  for (const slot of handover.slots) byDate.set(slot.localDate, [...(byDate.get(slot.localDate) ?? []), slot])
  return (
    <>
      <form className="form" method="get" action={`${here}#handover`}>
        <input type="hidden" name="handover" value="pick" />
        <div className="field">
          <label htmlFor="handover-store">{t('myOrder.handover.store')}</label>
          <select id="handover-store" name="store" defaultValue={handover.storeId}>
            {handover.stores.map((store) => (
              <option key={store.id} value={store.id}>
                {store.name}
              </option>
            ))}
          </select>
        </div>
        <button className="button" type="submit">
          {t('myOrder.handover.showSlots')}
        </button>
      </form>
      {handover.slots.length === 0 ? (
        <p>{t('myOrder.handover.noSlots')}</p>
      ) : (
        <form className="form" method="post" action={here}>
          <input type="hidden" name="intent" value="handover" />
          <input type="hidden" name="storeId" value={handover.storeId} />
          <div className="field">
            <label htmlFor="handover-slot">{t('myOrder.handover.slot')}</label>
            <select id="handover-slot" name="slotStart">
              {[...byDate].map(([date, slots]) => (
                <optgroup key={date} label={formatDate(date, site.locale)}>
                  {slots.map((slot) => (
                    <option key={slot.start} value={slot.start}>
                      {formatDate(date, site.locale)} · {slot.localTime}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          <button className="button button--primary" type="submit">
            {t(moving ? 'myOrder.handover.moveSubmit' : 'myOrder.handover.book')}
          </button>
        </form>
      )}
    </>
  )
}

/** Price protection: the price locked, and each time it fell since, with the monthly figure where financed. */
export function PriceProtectionNotice({ order }: { order: Order }) {
  const t = useT()
  const { site } = useSiteContext()
  const protection = order.priceProtection
  if (!protection) return null
  const money = (amount: number) => formatMoney({ amount, currency: order.amounts.totalInclVat.currency }, site.locale)
  return (
    <section className="card order-wait" aria-labelledby="order-protection-title">
      <h2 id="order-protection-title">{t('myOrder.protection.heading')}</h2>
      <p>{t('myOrder.protection.lead')}</p>
      {protection.changes.map((change) => (
        <p key={`${change.on}-${change.to}`} className="notice" role="status">
          {t('myOrder.protection.lowered', {
            date: formatDate(change.on, site.locale),
            from: money(change.from),
            to: money(change.to),
          })}
          {change.monthlyFrom !== undefined && change.monthlyTo !== undefined
            ? ` ${t('myOrder.protection.monthly', { from: money(change.monthlyFrom), to: money(change.monthlyTo) })}`
            : null}
        </p>
      ))}
    </section>
  )
}
