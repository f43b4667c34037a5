import type { CarView } from '../../car/look'
import { stepView, swipeOf } from './views'

/** What the stage's gestures act on: the views in their order, the one shown now, and how to show another. */
export interface StageControls {
  views: readonly CarView[]
  current(): CarView
  /** Shows a view; `focus` moves the keyboard focus to its link (the arrow keys), a swipe leaves it. */
  show(view: CarView, focus: boolean): void
}

/**
 * The stage's shortcuts, added after hydration (they are not needed to see or change a view: the view links do
 * that for everyone): the arrow keys, Home and End in the view switcher, and a sideways swipe of the picture.
 * Returns what removes them.
 *
 * @example
 * const detach = attachStageGestures(picture, nav, { views: CAR_VIEWS, current: () => view, show })
 */
export function attachStageGestures(picture: HTMLElement, nav: HTMLElement, controls: StageControls): () => void {
  let start: { x: number; y: number; id: number } | null = null
  const onKeyDown = (event: KeyboardEvent) => {
    const { views } = controls
    const view = controls.current()
    const next =
      event.key === 'ArrowRight'
        ? stepView(views, view, 1)
        : event.key === 'ArrowLeft'
          ? stepView(views, view, -1)
          : event.key === 'Home'
            ? views[0]
            : event.key === 'End'
              ? views[views.length - 1]
              : null
    if (!next || event.altKey || event.ctrlKey || event.metaKey) return
    event.preventDefault()
    controls.show(next, true)
  }
  const onPointerDown = (event: PointerEvent) => {
    if (event.isPrimary) start = { x: event.clientX, y: event.clientY, id: event.pointerId }
  }
  const onPointerUp = (event: PointerEvent) => {
    const from = start
    start = null
    if (!from || from.id !== event.pointerId) return
    const swipe = swipeOf(event.clientX - from.x, event.clientY - from.y)
    // A swipe to the left brings the next view in from the right, as on a carousel.
    if (swipe !== 0) controls.show(stepView(controls.views, controls.current(), swipe === -1 ? 1 : -1), false)
  }
  const onPointerCancel = () => {
    start = null
  }
  // A view the strip shows only in part when it takes the focus is scrolled in whole, clear of the strip's edge
  // (its scroll padding): the browser scrolls only a view that is out of sight altogether.
  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof Element) event.target.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }
  nav.addEventListener('keydown', onKeyDown)
  nav.addEventListener('focusin', onFocusIn)
  picture.addEventListener('pointerdown', onPointerDown)
  picture.addEventListener('pointerup', onPointerUp)
  picture.addEventListener('pointercancel', onPointerCancel)
  return () => {
    nav.removeEventListener('keydown', onKeyDown)
    nav.removeEventListener('focusin', onFocusIn)
    picture.removeEventListener('pointerdown', onPointerDown)
    picture.removeEventListener('pointerup', onPointerUp)
    picture.removeEventListener('pointercancel', onPointerCancel)
  }
}
