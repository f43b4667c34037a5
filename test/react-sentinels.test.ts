import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { SENTINEL_COUNT, stacklessSentinels } from '../scripts/react-sentinels.mjs'

const require = createRequire(import.meta.url)
// The file the browser build takes (its package exports no such path, so it is read by its place).
const reactDomClient = new URL('../node_modules/react-dom/cjs/react-dom-client.production.js', import.meta.url)

/**
 * Evaluates React DOM's client module as the browser build does, with an `Error` that counts its calls, and
 * returns the count and the module's exports.
 */
function evaluate(code: string) {
  let made = 0
  const CountingError = new Proxy(Error, {
    apply: (target, self, args) => {
      made += 1
      return Reflect.apply(target, self, args)
    },
    construct: (target, args) => {
      made += 1
      return Reflect.construct(target, args)
    },
  })
  const module = { exports: {} as Record<string, unknown> }
  // The module reads `window` and `document` only when it renders; `require` gives it its real dependencies.
  new Function('module', 'exports', 'require', 'Error', code)(module, module.exports, require, CountingError)
  return { made, exports: module.exports }
}

describe('React DOM in the browser build', () => {
  const original = readFileSync(reactDomClient, 'utf8')

  it('makes its marker errors without calling Error, so that starting a page captures no stack', () => {
    expect(evaluate(original).made).toBe(SENTINEL_COUNT)
    const { made, exports } = evaluate(stacklessSentinels(original))
    expect(made).toBe(0)
    expect(typeof exports.hydrateRoot).toBe('function')
  })

  it('keeps them errors with their messages', () => {
    const code = stacklessSentinels(original)
    // The five markers, as the module makes them, evaluated on their own with the helper.
    const helper = code.slice(code.lastIndexOf('function stacklessError'))
    const make = new Function(`${helper}; return stacklessError('Suspense Exception: This is not a real error!')`)
    const marker = make()
    expect(marker).toBeInstanceOf(Error)
    expect(marker.name).toBe('Error')
    expect(marker.message).toBe('Suspense Exception: This is not a real error!')
    expect(code.startsWith(original.slice(0, original.indexOf('"use strict"')))).toBe(true)
  })

  it('refuses a React DOM whose markers it no longer finds, rather than building without the change', () => {
    expect(() =>
      stacklessSentinels(original.replace('SuspenseException = Error(', 'SuspenseException = new Error(')),
    ).toThrow(/expected 5 marker errors/)
  })
})
