import { memo } from '../../lib/memo'
import type { DrawCar } from '../../ui/car'

/**
 * A car drawing that remembers its last pictures: the same look, view and id prefix always give the same markup, and
 * the configurator shows the same few cars again and again, so the server draws each once instead of on every
 * request. At most `limit` pictures are kept (the oldest goes first); they hold only catalogue colours and choices,
 * nothing of a visitor.
 *
 * @example
 * const draw = rememberedDrawing(drawCar, 64)
 * draw(look, 'front', 'c1') === draw(look, 'front', 'c1') // drawn once
 */
export function rememberedDrawing(draw: DrawCar, limit: number): DrawCar {
  const pictures = memo<[], string>(limit)
  return (look, view, u) => pictures([], JSON.stringify([look, view, u]), () => draw(look, view, u))
}
