// React DOM's client makes five Error objects when its module is evaluated: markers it throws and recognises by
// identity to unwind a render (a suspended component, a hydration mismatch), never shown to anyone. Making an Error
// captures the stack. With DevTools attached, as Lighthouse and every browser test are, V8 then records each frame's
// line and column, which means re-parsing the frames' code: React DOM's whole module function and the chunk around
// it. That made evaluating the chunk many times slower on every page start that hydrates, and Lighthouse counted it
// as blocking time (decision 26).
// Without DevTools the browser pays next to nothing for them, so this changes what the lab sees, not what a
// customer gets; it also keeps a profile taken in DevTools honest.
//
// The markers are made with Error's prototype but without calling the constructor: `instanceof Error`, `name` and
// `message` are as before, and there is no `stack` (nothing reads one). React compares them by identity only.

/** The marker declarations of react-dom-client.production.js (React 19). */
const SENTINEL =
  /\b(HydrationMismatchException|SuspenseException|SuspenseyCommitException|SuspenseActionException|SelectiveHydrationException) = Error\(formatProdErrorMessage\((\d+)\)\)/g

/** How many markers there are; a React release that changes them fails the build here rather than quietly. */
export const SENTINEL_COUNT = 5

const HELPER =
  'function stacklessError(message) {\n' +
  '  var error = Object.create(Error.prototype);\n' +
  '  error.message = message;\n' +
  '  return error;\n' +
  '}\n'

/**
 * React DOM's client module with its markers made without a stack.
 *
 * @param {string} code the source of react-dom/cjs/react-dom-client.production.js
 * @returns {string}
 */
export function stacklessSentinels(code) {
  let found = 0
  const replaced = code.replace(SENTINEL, (_, name, number) => {
    found += 1
    return `${name} = stacklessError(formatProdErrorMessage(${number}))`
  })
  if (found !== SENTINEL_COUNT) {
    throw new Error(
      `react-sentinels: expected ${SENTINEL_COUNT} marker errors in React DOM's client, found ${found}; ` +
        'check scripts/react-sentinels.mjs against the new React release',
    )
  }
  // At the end: a function declaration is hoisted, and the file's "use strict" stays its first statement.
  return `${replaced}\n${HELPER}`
}
