import { describe, expect, it, vi } from 'vitest'
import type { CarLook } from '../../ui/car'
import { drawCar } from '../../ui/car/draw'
import { rememberedDrawing } from './car-drawing'

const white: CarLook = { paintColours: ['#f4f4f2'], wheelInches: 18, wheelDesign: 'aero', interiorColours: ['#333333'] }
const red: CarLook = { ...white, paintColours: ['#b3262d'] }

describe('rememberedDrawing', () => {
  it('gives the same markup as drawing afresh, drawing each picture once', () => {
    const draw = vi.fn(drawCar)
    const remembered = rememberedDrawing(draw, 8)
    const first = remembered(white, 'front', 'c1')
    expect(first).toBe(drawCar(white, 'front', 'c1'))
    expect(remembered({ ...white }, 'front', 'c1')).toBe(first)
    expect(draw).toHaveBeenCalledTimes(1)
    // Another look, view or id prefix is another picture.
    expect(remembered(red, 'front', 'c1')).toBe(drawCar(red, 'front', 'c1'))
    expect(remembered(white, 'side', 'c1')).toBe(drawCar(white, 'side', 'c1'))
    expect(remembered(white, 'front', 'c2')).toBe(drawCar(white, 'front', 'c2'))
    expect(draw).toHaveBeenCalledTimes(4)
  })

  it('keeps at most its limit, letting the least recently shown picture go', () => {
    const draw = vi.fn(drawCar)
    const remembered = rememberedDrawing(draw, 2)
    remembered(white, 'front', 'c')
    remembered(red, 'front', 'c')
    remembered(white, 'front', 'c') // white is now the most recent
    remembered(white, 'side', 'c') // red goes
    expect(draw).toHaveBeenCalledTimes(3)
    remembered(white, 'front', 'c')
    expect(draw).toHaveBeenCalledTimes(3)
    remembered(red, 'front', 'c')
    expect(draw).toHaveBeenCalledTimes(4)
  })
})
