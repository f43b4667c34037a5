import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { requestLocale } from './errors'

const app = new Hono()
app.get('/', (c) => c.text(requestLocale(c)))
const localeOf = async (headers: Record<string, string>) => (await app.request('/', { headers })).text()

describe('requestLocale', () => {
  it('takes the language header first, the da code included', async () => {
    expect(await localeOf({ language: 'sv-SE', 'accept-language': 'de-DE' })).toBe('sv-SE')
    expect(await localeOf({ language: 'da' })).toBe('da-DK')
  })

  it('then the first Accept-Language tag it has, exactly or by language', async () => {
    expect(await localeOf({ language: 'xx', 'accept-language': 'NB-no,en;q=0.5' })).toBe('nb-NO')
    expect(await localeOf({ 'accept-language': 'ja-JP, sv;q=0.8, de;q=0.5' })).toBe('sv-SE')
    expect(await localeOf({ 'accept-language': ' , da-GL;q=0.9' })).toBe('da-DK')
  })

  it('answers in English without either', async () => {
    expect(await localeOf({})).toBe('en-US')
    expect(await localeOf({ 'accept-language': 'ja-JP, *;q=0.1' })).toBe('en-US')
  })
})
