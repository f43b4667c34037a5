import { useT } from '../intl-context'

/** A quick-delivery car ready to show: names in the site's language, money already formatted. */
export interface StockCarView {
  id: string
  model: string
  version: string
  colour: string
  interior: string
  rim: string
  options: string[]
  /** The car's side view as an image address (src/ui/car/image-path.ts). */
  picture: string
  deliveryWeeks: number
  remaining: number
  /** The on-the-road price; null where the page shows none (order detail). */
  price: string | null
  outsideArea: { area: string; amount: string } | null
}

/**
 * The facts of SPEC §3's quick-delivery car as a description list: colour, interior, rim, options,
 * delivery, stock and (when given) the price.
 */
export function StockCarFacts({
  car,
  showStock = true,
  showDelivery = true,
}: {
  car: StockCarView
  showStock?: boolean
  showDelivery?: boolean
}) {
  const t = useT()
  return (
    <dl className="choices-list">
      <dt>{t('stock.car.colour')}</dt>
      <dd>{car.colour}</dd>
      <dt>{t('stock.car.interior')}</dt>
      <dd>{car.interior}</dd>
      <dt>{t('stock.car.rim')}</dt>
      <dd>{car.rim}</dd>
      <dt>{t('stock.car.options')}</dt>
      <dd>{car.options.length > 0 ? car.options.join(', ') : t('stock.car.noOptions')}</dd>
      {showDelivery ? (
        <>
          <dt>{t('stock.car.delivery')}</dt>
          <dd>{t('stock.car.deliveryWeeks', { weeks: car.deliveryWeeks })}</dd>
        </>
      ) : null}
      {showStock ? (
        <>
          <dt>{t('stock.car.remaining')}</dt>
          <dd>{t('stock.car.remainingCount', { count: car.remaining })}</dd>
        </>
      ) : null}
      {car.price ? (
        <>
          <dt>{t('stock.car.price')}</dt>
          <dd className="stock-car__price">{car.price}</dd>
        </>
      ) : null}
    </dl>
  )
}

/** "P5 Long Range": the car's title. */
export function stockCarTitle(car: Pick<StockCarView, 'model' | 'version'>): string {
  return `${car.model} ${car.version}`
}

/**
 * The stock car in its own paint and wheels, from the side: a hosted SVG (cached, loaded as the
 * card scrolls into view), so a page of cars stays light.
 */
export function StockCarPicture({ car, eager = false }: { car: StockCarView; eager?: boolean }) {
  const t = useT()
  return (
    <img
      className="car-image"
      src={car.picture}
      alt={t('configurator.picture.side', {
        model: car.model,
        version: car.version,
        paint: car.colour,
        wheels: car.rim,
      })}
      width={1200}
      height={600}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  )
}
