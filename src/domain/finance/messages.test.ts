import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FINANCE_FIELD_KEYS, FINANCE_MESSAGE_KEYS, financeKindKey, leaseServiceKey } from './messages'
import { FINANCE_KINDS, LEASE_SERVICES } from './products'
import { DUTCH_FINANCE_STATUSES } from './status'
import { FINANCE_PROBLEM_CODES } from './validate'

const dir = new URL('./', import.meta.url)
const sources = readdirSync(dir)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => ({ file, text: readFileSync(new URL(file, dir), 'utf8') }))

describe('finance message keys', () => {
  it('are unique, sorted and all under finance.', () => {
    expect(new Set(FINANCE_MESSAGE_KEYS).size).toBe(FINANCE_MESSAGE_KEYS.length)
    expect([...FINANCE_MESSAGE_KEYS]).toEqual([...FINANCE_MESSAGE_KEYS].sort())
    for (const key of FINANCE_MESSAGE_KEYS) expect(key).toMatch(/^finance(\.[a-zA-Z0-9]+){2}$/)
  })

  it('cover every kind, service, field, status and problem', () => {
    const expected = [
      ...FINANCE_KINDS.map(financeKindKey),
      ...LEASE_SERVICES.map(leaseServiceKey),
      ...Object.values(FINANCE_FIELD_KEYS),
      ...Object.values(DUTCH_FINANCE_STATUSES).map((s) => s.messageKey),
      ...FINANCE_PROBLEM_CODES.map((code) => `finance.problem.${code}`),
    ]
    for (const key of expected) expect(FINANCE_MESSAGE_KEYS).toContain(key)
  })

  it('include every key written out in the finance sources', () => {
    const written = sources.flatMap(({ text }) => [...text.matchAll(/'(finance\.[a-zA-Z0-9.]+)'/g)].map((m) => m[1]))
    expect(written.length).toBeGreaterThan(40)
    expect(written.filter((key) => key !== undefined && !FINANCE_MESSAGE_KEYS.includes(key))).toEqual([])
  })
})

describe('finance modules', () => {
  it('keep zod in schema.ts only, so the browser can run every calculation', () => {
    const withZod = sources.filter(({ text }) => /from 'zod'/.test(text)).map(({ file }) => file)
    expect(withZod).toEqual(['schema.ts'])
    const valueImportsOfSchema = sources
      .filter(({ file }) => file !== 'schema.ts' && file !== 'test-data.ts')
      .filter(({ text }) => /^import (?!type )[^']*from '\.\/schema'/m.test(text))
      .map(({ file }) => file)
    expect(valueImportsOfSchema).toEqual([])
  })

  it('import only domain modules and zod', () => {
    for (const { file, text } of sources) {
      for (const [, from] of text.matchAll(/from '([^']+)'/g)) {
        const allowed = from === 'zod' || from?.startsWith('./') || from?.startsWith('../')
        expect(allowed, `${file} imports ${from}`).toBe(true)
        if (from?.startsWith('../'))
          expect(from, file).toMatch(
            /^\.\.\/(catalog|pricing|money|number|validation\/problem$|legal\/(data|credit-example)$)|^\.\.\/\.\.\/\.\.\/data\//,
          )
      }
    }
  })
})
