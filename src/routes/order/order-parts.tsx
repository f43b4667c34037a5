import type { Order } from '../../domain/order/order'
import { type StepState, timeline } from '../../domain/order/state'
import { dateInTimeZone } from '../../i18n/calendar'
import { formatDate } from '../../i18n/dates'
import type { MessageKey } from '../../i18n/intl'
import { CarPicture } from '../../ui/car'
import { carLook, useCarLabel } from '../../ui/configurator/car-look'
import { useT } from '../../ui/intl-context'
import { useSiteContext } from '../../ui/site-context'
import type { OrderedCar } from './ordered-car'

// What the order detail and the order confirmation both show: the car as ordered and the timeline.

/**
 * The car as ordered, on a light stage, its text alternative naming version, paint and wheels.
 *
 * @example
 * {data.car ? <OrderCar car={data.car} /> : null}
 */
export function OrderCar({ car }: { car: OrderedCar }) {
  const t = useT()
  const label = useCarLabel(car.catalog, car.configuration, 'front')
  return (
    <section className="order-detail__car" aria-labelledby="order-car-title">
      <h2 id="order-car-title" className="visually-hidden">
        {t('order.car.heading')}
      </h2>
      <CarPicture look={carLook(car.catalog, car.configuration)} view="front" label={label} />
    </section>
  )
}

const STATE_KEYS = {
  done: 'order.timeline.done',
  current: 'order.timeline.current',
  pending: 'order.timeline.upcoming',
} as const satisfies Record<StepState, MessageKey>

/** The id of the order timeline's heading (the order page and the confirmation). */
export const TIMELINE_TITLE_ID = 'timeline-title'

/**
 * The order's steps as an ordered list: done, current and upcoming differ in their marker (a tick, a
 * ring, a hollow circle), in weight and in a written state, so colour is never the only signal.
 * The current step carries `aria-current="step"`.
 *
 * @example
 * <OrderTimeline order={order} />
 */
export function OrderTimeline({ order }: { order: Order }) {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <ol className="timeline">
      {timeline(order).map((step) => (
        <li
          key={step.status}
          className={`timeline__step timeline__step--${step.state}`}
          aria-current={step.state === 'current' ? 'step' : undefined}
        >
          <span className="timeline__name">{t(step.messageKey)}</span>{' '}
          <span className="timeline__meta">
            <span className="timeline__state">{t(STATE_KEYS[step.state])}</span>
            {step.at ? (
              <>
                {' · '}
                <span className="timeline__date">
                  {formatDate(dateInTimeZone(new Date(step.at), site.timeZone), site.locale)}
                </span>
              </>
            ) : null}
          </span>
        </li>
      ))}
    </ol>
  )
}
