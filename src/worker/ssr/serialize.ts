import { memo } from '../../lib/memo'
import { isShared } from '../../lib/shared'

/**
 * JSON safe to place inside a `<script type="application/json">`: `<`, `>`, `&` and the line
 * separators U+2028/U+2029 are escaped, so no value can close the script element or inject markup.
 *
 * @example
 * serializeForScript({ q: '</script><script>alert(1)</script>' }) // no '</script>' in the output
 */
export function serializeForScript(value: unknown): string {
  // One pass over the JSON (a page's payload is tens of kB), not one per character.
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (char) => ESCAPES[char] ?? char)
}

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
}

const serializedOnce = memo<[object], string>(1)

/**
 * `serializeForScript` of an object that never changes once made (a locale's compiled messages), written once per
 * object and then reused.
 */
export function serializeOnceForScript(value: object): string {
  return serializedOnce([value], '', () => serializeForScript(value))
}

/**
 * A hydration payload as `serializeForScript` writes it, byte for byte, with its messages (the same object for every
 * page of a locale and message namespaces) serialized once per isolate instead of on every request.
 *
 * @example
 * serializePayload({ page, prefix: '/no', rest: '/', query: '', messages, data }) // '{"page":…,"messages":…,"data":…}'
 */
export function serializePayload<Payload extends { messages: object; data: unknown }>(payload: Payload): string {
  const { messages, data, ...head } = payload
  const start = serializeForScript(head)
  // Concatenated, not joined: the page's renderer flattens the whole text once, where a join would copy the kept
  // messages (tens of kB) into a string of its own first.
  const rest = data === undefined ? '' : `,"data":${serializeData(data)}`
  return `${start.slice(0, -1)}${start === '{}' ? '' : ','}"messages":${serializeOnceForScript(messages)}${rest}}`
}

/**
 * A page's data as `serializeForScript` writes it, member by member, so that a member shared between requests
 * (`shared`: a cached catalog's view, the rules in force, a computed car) is written once per isolate.
 */
function serializeData(data: unknown): string {
  if (!isPlainObject(data)) return serializeForScript(data)
  // Concatenated (as the payload around it is), not joined: a join would copy the shared members' kept JSON.
  let json = ''
  for (const [key, value] of Object.entries(data)) {
    // What JSON.stringify leaves out of an object.
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue
    const member = isShared(value) ? serializeOnceForScript(value) : serializeForScript(value)
    json += `${json === '' ? '' : ','}${serializeForScript(key)}:${member}`
  }
  return `{${json}}`
}

/** An object JSON.stringify writes as its own members: no `toJSON` of its own, not an array, a date or a map. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || 'toJSON' in value) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}
