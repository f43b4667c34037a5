import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { LOADER_PATIENCE_MS, startAfterFirstPaint } from './assets'

type Callback = () => void

/**
 * Runs the loader in a browser-like context: `import()` is recorded (a script run here cannot import), and the
 * frame, task and paint-observer callbacks run only when the test says so.
 */
function runLoader(paintTiming: boolean | 'no observer') {
  const imported: string[] = []
  const frames: Callback[] = []
  const tasks: { callback: Callback; ms: number }[] = []
  const observers: { callback: (list: unknown, observer: unknown) => void; disconnected: boolean }[] = []
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ['element', 'paint', 'resource'] : ['resource']
    private readonly entry: (typeof observers)[number]
    constructor(callback: (list: unknown, observer: unknown) => void) {
      this.entry = { callback, disconnected: false }
      observers.push(this.entry)
    }
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true })
    }
    disconnect() {
      this.entry.disconnected = true
    }
  }
  const code = startAfterFirstPaint('/assets/configurator.js?v=1').replace(/\bimport\(/g, 'load(')
  const observer = paintTiming === 'no observer' ? {} : { PerformanceObserver }
  runInNewContext(code, {
    self: observer,
    ...observer,
    requestAnimationFrame: (callback: Callback) => frames.push(callback),
    setTimeout: (callback: Callback, ms = 0) => tasks.push({ callback, ms }),
    load: (src: string) => imported.push(src),
  })
  const paint = (...names: string[]) => {
    for (const observer of observers.filter((o) => !o.disconnected)) {
      const list = { getEntriesByName: (name: string) => names.filter((n) => n === name) }
      observer.callback(list, {
        disconnect: () => {
          observer.disconnected = true
        },
      })
    }
  }
  return { imported, frames, tasks, paint }
}

describe("the page's script loader", () => {
  it('imports the entry once the first contentful paint is reported, not at the first paint', () => {
    const loader = runLoader(true)
    expect(loader.imported).toEqual([])
    loader.paint('first-paint')
    expect(loader.imported).toEqual([])
    loader.paint('first-paint', 'first-contentful-paint')
    expect(loader.imported).toEqual(['/assets/configurator.js?v=1'])
    // Reported again (a buffered entry and a live one): still imported once.
    loader.paint('first-contentful-paint')
    expect(loader.imported).toEqual(['/assets/configurator.js?v=1'])
    expect(loader.frames).toEqual([])
    // The patience timer, when it fires after all, imports nothing more.
    for (const task of loader.tasks) task.callback()
    expect(loader.imported).toEqual(['/assets/configurator.js?v=1'])
  })

  it('starts all the same when no paint is reported in time', () => {
    const loader = runLoader(true)
    expect(loader.tasks.map((task) => task.ms)).toEqual([LOADER_PATIENCE_MS])
    loader.tasks[0]?.callback()
    expect(loader.imported).toEqual(['/assets/configurator.js?v=1'])
    loader.paint('first-contentful-paint')
    expect(loader.imported).toEqual(['/assets/configurator.js?v=1'])
  })

  it('without paint timing, imports it in the task after the next frame', () => {
    const loader = runLoader(false)
    expect(loader.imported).toEqual([])
    expect(loader.frames).toHaveLength(1)
    loader.frames[0]?.()
    expect(loader.imported).toEqual([])
    const next = loader.tasks.find((task) => task.ms === 0)
    next?.callback()
    expect(loader.imported).toEqual(['/assets/configurator.js?v=1'])
  })

  it('without PerformanceObserver at all, the same', () => {
    const loader = runLoader('no observer')
    expect(loader.frames).toHaveLength(1)
    loader.frames[0]?.()
    loader.tasks.find((task) => task.ms === 0)?.callback()
    expect(loader.imported).toEqual(['/assets/configurator.js?v=1'])
  })

  it('writes the address as a JavaScript string, whatever it holds', () => {
    const code = startAfterFirstPaint('/assets/a"b\\c.js?v=1')
    expect(code).toContain('import("/assets/a\\"b\\\\c.js?v=1")')
  })
})
