/**
 * One log record per line, as JSON: what the Worker writes to its log (console), so that a value a caller chose (a
 * client error's message, a URL) can never start a line of its own or pass for another record. Pure: the callers
 * write the line (`console.error(logLine('error', 'render failed', { requestId, error }))`).
 */

export type LogLevel = 'error' | 'warn' | 'info'

/** What an Error becomes in a record: its name, message and stack, and its cause's, one level deep. */
function errorFields(error: Error): Record<string, unknown> {
  const cause = error.cause instanceof Error ? { name: error.cause.name, message: error.cause.message } : undefined
  return { name: error.name, message: error.message, stack: error.stack, ...(cause ? { cause } : {}) }
}

/** A field's value as the record keeps it: errors spelt out; everything else as JSON has it. */
function fieldValue(value: unknown): unknown {
  return value instanceof Error ? errorFields(value) : value
}

// JSON escapes every control character below U+0020; these three also end a line for some log readers.
const LINE_BREAKS = /[\u0085\u2028\u2029]/g

/**
 * One log line: `{"level":…,"msg":…,…fields}` with no raw line break in it, whatever the message and fields hold.
 *
 * @example
 * logLine('warn', 'client error', { url: '/no', message: 'a\nb' })
 * // '{"level":"warn","msg":"client error","url":"/no","message":"a\\nb"}'
 */
export function logLine(level: LogLevel, message: string, fields: Record<string, unknown> = {}): string {
  const record: Record<string, unknown> = { level, msg: message }
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) record[key] = fieldValue(value)
  let text: string
  try {
    text = JSON.stringify(record)
  } catch {
    // A field that JSON cannot hold (a cycle, a BigInt): the record keeps its level and message.
    text = JSON.stringify({ level, msg: message, fields: 'unserialisable' })
  }
  return text.replace(LINE_BREAKS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
