import { describe, expect, it } from 'vitest'
import { CAR_VIEWS, type CarView } from '../../car/look'
import { SWIPE_MIN_PX, stepView, swipeOf } from './views'

describe('stepView', () => {
  it('walks through every view and wraps around both ways', () => {
    let view: CarView = CAR_VIEWS[0]
    const seen = []
    for (const _ of CAR_VIEWS) {
      seen.push(view)
      view = stepView(CAR_VIEWS, view, 1)
    }
    expect(seen).toEqual([...CAR_VIEWS])
    expect(view).toBe(CAR_VIEWS[0])
    expect(stepView(CAR_VIEWS, CAR_VIEWS[0], -1)).toBe(CAR_VIEWS[CAR_VIEWS.length - 1])
  })
})

describe('swipeOf', () => {
  it('reads a sideways swipe as the next or the previous view', () => {
    expect(swipeOf(-SWIPE_MIN_PX - 10, 5)).toBe(-1)
    expect(swipeOf(SWIPE_MIN_PX + 10, -5)).toBe(1)
  })

  it('leaves taps, short moves and scrolling alone', () => {
    expect(swipeOf(2, 1)).toBe(0)
    expect(swipeOf(SWIPE_MIN_PX - 1, 0)).toBe(0)
    expect(swipeOf(-80, 120)).toBe(0)
  })
})
