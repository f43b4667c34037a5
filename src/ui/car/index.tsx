import { createContext, useContext, useEffect, useId, useRef, useState } from 'react'
import { importLater } from '../entry-import'
import type { CarLook, CarView } from './look'

export type { CarFeature, CarLook, CarView } from './look'
export { CAR_FEATURES, CAR_VIEWS, FEATURE_VIEWS } from './look'

/** Draws the inside of the picture as SVG markup (src/ui/car/draw.tsx). */
export type DrawCar = (look: CarLook, view: CarView, u: string) => string

/**
 * Who draws the car. The server provides the drawing code itself (src/worker/ssr/render.tsx), so
 * the picture is in the HTML; without it (in the browser) the code loads as its own small module
 * once needed, and until it arrives hydration keeps the server's picture.
 */
export const CarDrawing = createContext<DrawCar | null>(null)

let loaded: DrawCar | undefined
let loading: Promise<DrawCar> | undefined
function loadDrawing(): Promise<DrawCar> {
  loading ??= importLater<typeof import('./draw')>('car').then((module) => {
    loaded = module.drawCar
    return module.drawCar
  })
  return loading
}

/**
 * The drawing inside the picture. In the browser it keeps what the server drew (React leaves hydrated inner HTML
 * alone while the string does not change) until the look or view changes and the drawing code has arrived.
 * No Suspense: React would move a large suspended boundary out of place in the streamed HTML.
 */
function Drawing({ look, view, u, live }: { look: CarLook; view: CarView; u: string; live: boolean }) {
  const provided = useContext(CarDrawing)
  const [draw, setDraw] = useState<DrawCar | undefined>(() => provided ?? loaded)
  const drawn = useRef(JSON.stringify([look, view]))
  const changed = drawn.current !== JSON.stringify([look, view])
  useEffect(() => {
    if (draw) return
    if (changed) void loadDrawing().then((next) => setDraw(() => next))
    // A picture that will change fetches the code ahead, in a task of its own rather than hydration's last, and draws
    // nothing yet: redrawing the server's own picture would only make the browser parse and paint it again (a long
    // task on a phone, right after hydration).
    else if (live) {
      const later = setTimeout(() => void loadDrawing())
      return () => clearTimeout(later)
    }
  }, [draw, live, changed])
  // Once the look or view changes, the code fetched ahead draws at once.
  const drawing = draw ?? (changed ? loaded : undefined)
  // biome-ignore lint/security/noDangerouslySetInnerHtml: markup of our own drawing code from catalog colours; no visitor text
  return <g dangerouslySetInnerHTML={{ __html: drawing ? drawing(look, view, u) : '' }} suppressHydrationWarning />
}

export interface CarPictureProps {
  look: CarLook
  view: CarView
  /** The text alternative: what the view shows, in the page's language. */
  label: string
  /** The picture will change (configurator): fetch the drawing code right after hydration. */
  live?: boolean
}

/**
 * The car as configured, drawn in SVG from plain data (see CarLook): front and rear three-quarter,
 * side, interior and a wheel close-up. A fixed 2:1 box, so a new choice or view never moves the
 * layout; ids unique per picture; no JavaScript needed to see it.
 */
export function CarPicture({ look, view, label, live = false }: CarPictureProps) {
  const u = `c${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`
  return (
    <svg
      className="car-render"
      viewBox="0 0 1200 600"
      role="img"
      aria-labelledby={`${u}t`}
      preserveAspectRatio="xMidYMid meet"
      data-view={view}
    >
      <title id={`${u}t`}>{label}</title>
      <Drawing look={look} view={view} u={u} live={live} />
    </svg>
  )
}
