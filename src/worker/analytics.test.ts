import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { consentCookieValue, consentFrom } from '../domain/analytics/consent'
import { isLabelledPage, TAG_MANAGER_ORIGIN, tagManagerSources } from './analytics'
import { CONSENT_COOKIE } from './consent'
import type { AppEnv } from './types'

describe('isLabelledPage', () => {
  it('knows the pages with an analytics label (SPEC §2) from their route patterns', () => {
    expect(isLabelledPage('/configurator/p5')).toBe(true)
    expect(isLabelledPage('/configurator/overview/cfg-1')).toBe(true)
    expect(isLabelledPage('/test-drive')).toBe(true)
    expect(isLabelledPage('/test-drive/p5')).toBe(true)
    expect(isLabelledPage('/order/ord-1')).toBe(true)
    expect(isLabelledPage('/')).toBe(false)
    expect(isLabelledPage('/marketing')).toBe(false)
    expect(isLabelledPage('/configurator/p5/extra')).toBe(false)
  })
})

describe('tagManagerSources', () => {
  const cookie = `${CONSENT_COOKIE}=${consentCookieValue(consentFrom({ kind: 'acceptAll' }, new Date('2026-11-24T00:00:00Z')))}`

  /** The three CSP sources as one response asks for them, and what a second question gives after the cookie changed. */
  const sources = async (path: string) => {
    const app = new Hono<AppEnv>()
    app.get('*', (c) => {
      const asked = (['script', 'connect', 'img'] as const).map((directive) => tagManagerSources(directive)(c))
      c.req.raw.headers.delete('cookie')
      return c.json({ asked, again: tagManagerSources('script')(c) })
    })
    const res = await app.request(path, { headers: { cookie } })
    return (await res.json()) as { asked: string[]; again: string }
  }

  it('allows the tag manager on a labelled page with consent, decided once for the whole response', async () => {
    const { asked, again } = await sources('/no/configurator/p5')
    expect(asked[0]).toBe(TAG_MANAGER_ORIGIN)
    expect(asked[1]).toContain(TAG_MANAGER_ORIGIN)
    expect(asked[1]).toContain('google-analytics.com')
    expect(asked[2]).toBe(asked[1])
    expect(again).toBe(TAG_MANAGER_ORIGIN)
  })

  it('allows nothing on a page without a label or in a country without a container', async () => {
    expect((await sources('/no/marketing')).asked).toEqual(['', '', ''])
    expect((await sources('/is/configurator/p5')).asked).toEqual(['', '', ''])
  })
})
