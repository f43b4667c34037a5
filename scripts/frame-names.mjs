// Names for the frames of a V8 profile of the built Worker (scripts/profile.mjs, scripts/profile-node.mjs).
import { readFileSync } from 'node:fs'
import { SourceMapConsumer } from 'source-map-js'

/**
 * A namer of profile frames: the Worker bundle's as `function src/file.ts:line` through its source map, others as V8
 * names them with their file.
 *
 * @example
 * const nameOf = frameNamer()
 * nameOf(node.callFrame) // 'formatMoney src/domain/money.ts:31'
 */
export function frameNamer(bundle = 'dist/p5_storefront/index.js') {
  const map = new SourceMapConsumer(JSON.parse(readFileSync(`${bundle}.map`, 'utf8')))
  const file = bundle.split('/').pop()
  const names = new Map()
  return (frame) => {
    if (!frame.url.endsWith(file)) return `${frame.functionName || '(anonymous)'} [${frame.url.split('/').pop()}]`
    const at = `${frame.lineNumber}:${frame.columnNumber}`
    if (!names.has(at)) {
      const original = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber })
      const source = (original.source ?? '?').replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/')
      names.set(at, `${original.name ?? frame.functionName ?? '(anonymous)'} ${source}:${original.line}`)
    }
    return names.get(at)
  }
}
