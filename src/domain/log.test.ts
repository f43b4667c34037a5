import { describe, expect, it } from 'vitest'
import { logLine } from './log'

describe('logLine', () => {
  it('writes one JSON record per line, whatever a caller put in the message', () => {
    const forged = 'boom\r\n{"level":"error","msg":"admin signed in"}\u2028next\u0085line\u2029'
    const line = logLine('warn', 'client error', { message: forged, url: '/no\n/x' })
    expect(line.split(/[\r\n\u0085\u2028\u2029]/)).toHaveLength(1)
    expect(JSON.parse(line)).toEqual({ level: 'warn', msg: 'client error', message: forged, url: '/no\n/x' })
  })

  it('spells out an error with its stack and its cause', () => {
    const error = new TypeError('bad row', { cause: new Error('json') })
    const record = JSON.parse(logLine('error', 'unhandled', { requestId: 'r1', error }))
    expect(record).toMatchObject({
      level: 'error',
      requestId: 'r1',
      error: { name: 'TypeError', message: 'bad row', cause: { name: 'Error', message: 'json' } },
    })
    expect(record.error.stack).toContain('bad row')
  })

  it('keeps the level and message of a record whose fields JSON cannot hold', () => {
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    expect(JSON.parse(logLine('error', 'x', { cycle }))).toEqual({ level: 'error', msg: 'x', fields: 'unserialisable' })
  })
})
