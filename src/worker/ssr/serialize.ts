/**
 * JSON safe to place inside a `<script type="application/json">`: `<`, `>`, `&` and the line
 * separators U+2028/U+2029 are escaped, so no value can close the script element or inject markup.
 *
 * @example
 * serializeForScript({ q: '</script><script>alert(1)</script>' }) // no '</script>' in the output
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
