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

const serializedOnce = new WeakMap<object, string>()

/**
 * `serializeForScript` of an object that never changes once made (a locale's compiled messages), written once per
 * object and then reused.
 */
export function serializeOnceForScript(value: object): string {
  let json = serializedOnce.get(value)
  if (json === undefined) {
    json = serializeForScript(value)
    serializedOnce.set(value, json)
  }
  return json
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
  const members = [
    `"messages":${serializeOnceForScript(messages)}`,
    ...(data === undefined ? [] : [`"data":${serializeForScript(data)}`]),
  ]
  return `${start.slice(0, -1)}${start === '{}' ? '' : ','}${members.join(',')}}`
}
