// Imports nothing at run time: it goes into the stage's own chunk (stage-gestures.ts), which shares no module with
// the page's first JavaScript.
import type { CarView } from '../../car/look'

/** How far a finger must travel sideways, in CSS pixels, before a swipe changes the view. */
export const SWIPE_MIN_PX = 40

/**
 * The view a swipe or an arrow key leads to: the next one of `views` to the left or right, wrapping around,
 * so every view is one gesture from its neighbours.
 *
 * @example
 * stepView(CAR_VIEWS, 'front', 1) // 'side'
 */
export function stepView(views: readonly CarView[], current: CarView, by: 1 | -1): CarView {
  const at = views.indexOf(current)
  return views[(at + by + views.length) % views.length] ?? current
}

/**
 * Which way a pointer gesture swiped: -1 (towards the left: the next view), 1 (towards the right: the
 * previous one), or 0 for a tap, a short or a mostly vertical move (the page scrolls instead).
 */
export function swipeOf(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return 0
  return dx < 0 ? -1 : 1
}
