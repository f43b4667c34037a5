import type { ReactNode } from 'react'
import type { MessageKey } from '../../i18n/intl'
import { useT } from '../intl-context'
import { useSiteContext } from '../site-context'

/** The car a form is about, as its summary shows it (built by routes/helpers/form-car.ts). */
export interface FormCar {
  /** The car's front three-quarter view as a hosted image (src/ui/car/image-path.ts). */
  picture: string
  names: { model: string; version: string; paint: string; wheels: string; interior: string }
  /** Names of the options that the picture shows. */
  extras: string[]
  /** The headline price, formatted, on the basis it is stated on. */
  price: { basis: 'inclVat' | 'exclVat' | 'indicative'; amount: string }
}

const PRICE_LABELS = {
  inclVat: 'configurator.price.total',
  exclVat: 'configurator.price.totalExclVat',
  indicative: 'price.indicative.label',
} as const satisfies Record<FormCar['price']['basis'], MessageKey>

/**
 * The frame of every form about a car (order, pre-order, quote, test drive): the car and its price
 * beside the form on a desktop, above it in one compact row on a phone. It wraps the form without
 * touching its fields; with no car (`car` null) it renders the form alone.
 *
 * @example
 * <FormWithCar car={data.car}><form>…</form></FormWithCar>
 */
export function FormWithCar({
  car,
  details,
  children,
}: {
  car: FormCar | null | undefined
  /** More about the car's price under the summary (the order form's folded breakdown, `FoldedPrice`). */
  details?: ReactNode
  children: ReactNode
}) {
  const t = useT()
  const { site } = useSiteContext()
  if (!car)
    return (
      <>
        {details}
        {children}
      </>
    )
  const described = t('configurator.picture.front', car.names)
  const alt = car.extras.length
    ? `${described} ${t('configurator.picture.extras', {
        list: new Intl.ListFormat(site.locale, { type: 'conjunction' }).format(car.extras),
      })}`
    : described
  return (
    <div className="form-with-car">
      <aside className="form-car" aria-labelledby="form-car-title">
        <img className="car-image form-car__picture" src={car.picture} alt={alt} width="1200" height="600" />
        <div className="form-car__text">
          <h2 id="form-car-title" className="form-car__title">
            {t('page.overview.heading', { model: car.names.model })}
          </h2>
          <p className="form-car__name">
            {car.names.version} · {car.names.paint}
          </p>
          <p className="form-car__price">
            <span className="form-car__price-label">{t(PRICE_LABELS[car.price.basis])}</span>{' '}
            <span className="form-car__amount">{car.price.amount}</span>
          </p>
        </div>
        {details}
      </aside>
      <div className="form-with-car__form">{children}</div>
    </div>
  )
}

/**
 * The itemised price under the car's summary, folded on a phone (a long block before the first field
 * otherwise): a `<details>` that opens without JavaScript, its toggle worded as the configurator's
 * ("Show every price line"), its state said by the browser (expanded or collapsed) and drawn by a chevron
 * that turns. Beside the form on a desktop the stylesheet shows it open and drops the toggle.
 *
 * @example
 * <FormWithCar car={data.car} details={<FoldedPrice><OrderPrice … /></FoldedPrice>}>…</FormWithCar>
 */
export function FoldedPrice({ children }: { children: ReactNode }) {
  const t = useT()
  return (
    <details className="form-car__details">
      <summary className="form-car__toggle">{t('configurator.price.details')}</summary>
      {children}
    </details>
  )
}
