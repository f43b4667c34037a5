import { type KeyboardEvent, type MouseEvent, type PointerEvent, useRef } from 'react'
import { CAR_VIEWS, type CarLook, CarPicture, type CarView } from '../../car'
import { useT } from '../../intl-context'
import { isPlainClick } from './events'
import { stepView, swipeOf } from './views'

/**
 * The car on its stage with the views under it. The views are links (`?view=`), so they work without
 * JavaScript; with it a view changes in place, by a tap, by the arrow keys in the view switcher, or
 * by swiping the picture sideways. The picture keeps its box, so no view moves the layout.
 */
export function CarStage({
  look,
  view,
  label,
  hrefFor,
  onView,
}: {
  look: CarLook
  view: CarView
  label: string
  hrefFor: (view: CarView) => string
  onView: (view: CarView) => void
}) {
  const t = useT()
  const nav = useRef<HTMLElement>(null)
  const start = useRef<{ x: number; y: number; id: number } | null>(null)

  const show = (next: CarView, focus: boolean) => {
    onView(next)
    if (focus) nav.current?.querySelector<HTMLElement>(`a[data-view="${next}"]`)?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const next =
      event.key === 'ArrowRight'
        ? stepView(view, 1)
        : event.key === 'ArrowLeft'
          ? stepView(view, -1)
          : event.key === 'Home'
            ? CAR_VIEWS[0]
            : event.key === 'End'
              ? CAR_VIEWS[CAR_VIEWS.length - 1]
              : null
    if (!next || event.altKey || event.ctrlKey || event.metaKey) return
    event.preventDefault()
    show(next, true)
  }
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.isPrimary) start.current = { x: event.clientX, y: event.clientY, id: event.pointerId }
  }
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const from = start.current
    start.current = null
    if (!from || from.id !== event.pointerId) return
    const swipe = swipeOf(event.clientX - from.x, event.clientY - from.y)
    // A swipe to the left brings the next view in from the right, as on a carousel.
    if (swipe !== 0) show(stepView(view, swipe === -1 ? 1 : -1), false)
  }
  const onClick = (next: CarView) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return
    event.preventDefault()
    show(next, false)
  }

  return (
    <div className="configurator__stage" data-view={view}>
      {/* Swiping is a shortcut: the view links below do the same for everyone. */}
      <div
        className="configurator__picture"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          start.current = null
        }}
      >
        <CarPicture look={look} view={view} label={label} live />
      </div>
      <nav ref={nav} className="segmented car-views" aria-label={t('configurator.view.label')} onKeyDown={onKeyDown}>
        {CAR_VIEWS.map((each) => (
          <a
            key={each}
            data-view={each}
            href={hrefFor(each)}
            aria-current={view === each ? 'true' : undefined}
            onClick={onClick(each)}
          >
            {t(`configurator.view.${each}`)}
          </a>
        ))}
      </nav>
    </div>
  )
}
