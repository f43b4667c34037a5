import type { ReactNode } from 'react'
import type { CarView } from '../car/look'
import { useT } from '../intl-context'

/** The model as it comes in this country, as a hosted picture (built by routes/helpers/form-car.ts). */
export interface ModelPicture {
  /** The hosted SVG's address (src/ui/car/image-path.ts). */
  src: string
  view: CarView
  names: { model: string; version: string; paint: string; wheels: string; interior: string }
}

/**
 * A form that is not about a particular build (trade-in, home charger): on a desktop the car stands
 * beside it, so the page's right half is not empty; on a phone the form is alone, as the picture would
 * only push the fields down. The picture is lazy and hidden on phones, so a phone never loads it.
 *
 * @example
 * <FormBesideCar picture={data.picture}><form className="form card">…</form></FormBesideCar>
 */
export function FormBesideCar({ picture, children }: { picture: ModelPicture | null; children: ReactNode }) {
  const t = useT()
  if (!picture) return <>{children}</>
  return (
    <div className="form-with-car form-beside-car">
      <div className="form-car form-beside-car__car">
        <img
          className="car-image form-car__picture"
          src={picture.src}
          alt={t(`configurator.picture.${picture.view}`, picture.names)}
          width="1200"
          height="600"
          loading="lazy"
          decoding="async"
        />
      </div>
      <div className="form-with-car__form">{children}</div>
    </div>
  )
}
