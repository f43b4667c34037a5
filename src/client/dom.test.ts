import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEBOUNCE_MS, debounce, SCROLL_OFFSET_PX, scrollToFirstInvalid } from './dom'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('debounce', () => {
  it('calls once, with the last arguments, 200 ms after the last call by default', () => {
    vi.useFakeTimers()
    const calls: string[] = []
    const search = debounce((q: string) => calls.push(q))
    search('p')
    vi.advanceTimersByTime(150)
    search('p5')
    vi.advanceTimersByTime(DEBOUNCE_MS - 1)
    expect(calls).toEqual([])
    vi.advanceTimersByTime(1)
    expect(calls).toEqual(['p5'])
    expect(DEBOUNCE_MS).toBe(200)
  })

  it('can be cancelled and takes another delay', () => {
    vi.useFakeTimers()
    const fn = vi.fn()
    const save = debounce(fn, 50)
    save()
    save.cancel()
    vi.advanceTimersByTime(100)
    expect(fn).not.toHaveBeenCalled()
    save()
    vi.advanceTimersByTime(50)
    expect(fn).toHaveBeenCalledTimes(1)
  })
})

describe('scrollToFirstInvalid', () => {
  function fakeField(top: number) {
    return { getBoundingClientRect: () => ({ top }), focus: vi.fn() }
  }

  it('scrolls the first invalid field to 200 px below the top and focuses it', () => {
    const scrollTo = vi.fn()
    vi.stubGlobal('window', { scrollY: 1000, scrollTo })
    const field = fakeField(600)
    const root = { querySelector: vi.fn(() => field) }
    expect(scrollToFirstInvalid(root as unknown as ParentNode)).toBe(field)
    expect(root.querySelector).toHaveBeenCalledWith(expect.stringContaining('[aria-invalid="true"]'))
    expect(scrollTo).toHaveBeenCalledWith({ top: 1000 + 600 - SCROLL_OFFSET_PX, behavior: 'smooth' })
    expect(field.focus).toHaveBeenCalledWith({ preventScroll: true })
    expect(SCROLL_OFFSET_PX).toBe(200)
  })

  it('never scrolls above the top of the page, and does nothing when all is valid', () => {
    const scrollTo = vi.fn()
    vi.stubGlobal('window', { scrollY: 0, scrollTo })
    scrollToFirstInvalid({ querySelector: () => fakeField(50) } as unknown as ParentNode)
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' })
    expect(scrollToFirstInvalid({ querySelector: () => null } as unknown as ParentNode)).toBeNull()
  })
})
