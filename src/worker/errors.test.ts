import { describe, expect, it } from 'vitest'
import { findInSources, placesOf } from '../../test/source-files'

/** The modules that answer errors: errorAnswer and what it renders with. */
const ANSWERING = new Set(['src/worker/errors.ts', 'src/worker/api/errors.ts'])

/** An error answer built in place: the API's JSON, the error page, or Hono's not-found handler called directly. */
const BUILT_ANSWER = /\b(?:apiError|renderError|pricedCarProblem)\(|\bc\.notFound\(/g

/** Every place outside the answering modules that builds an error answer instead of throwing, as 'file:line'. */
function builtAnswers(file: string, text: string): string[] {
  if (ANSWERING.has(file.replaceAll('\\', '/'))) return []
  const calls = [...text.matchAll(BUILT_ANSWER)].filter(
    (m) => !/function\s+$/.test(text.slice(Math.max(0, (m.index ?? 0) - 20), m.index)),
  )
  return placesOf(file, text, calls)
}

describe('one error path', () => {
  it('handlers and middleware throw; only errorAnswer (errors.ts) builds an error answer', () => {
    expect(findInSources(builtAnswers)).toEqual([])
  })

  it('the check sees an answer built in a handler in each way one is built', () => {
    expect(builtAnswers('src/worker/api/a.ts', `return apiError(c, 404, 'not_found', 'api.error.notFound')`)).toEqual([
      'src/worker/api/a.ts:1',
    ])
    expect(builtAnswers('src/worker/b.ts', `\nreturn renderError(c, site, { type }, 403)`)).toEqual([
      'src/worker/b.ts:2',
    ])
    expect(builtAnswers('src/worker/c.ts', `if (!page) return c.notFound()`)).toEqual(['src/worker/c.ts:1'])
    expect(builtAnswers('src/worker/errors.ts', `return apiError(c, 500, 'internal', 'api.error.internal')`)).toEqual(
      [],
    )
    expect(builtAnswers('src/worker/ssr/render.tsx', `export function renderError(c, site) {}`)).toEqual([])
  })
})
