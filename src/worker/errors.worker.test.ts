import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { describe, expect, it } from 'vitest'
import { decode } from '../../test/visitor'
import { preloadCatalogs } from '../i18n/catalog-store'
import { CATALOGS } from '../i18n/catalogs'
import { PageError } from '../routes/route'
import { createStore } from '../store'
import { appConfig } from './env'
import { errorAnswer } from './errors'
import type { AppEnv } from './types'

/** Handlers that throw, behind the same error handling as the storefront (app.onError = errorAnswer). */
const probe = new Hono<AppEnv>()
probe.use(async (c, next) => {
  c.set('config', appConfig(c.env))
  c.set('store', createStore(c.env, {}))
  await preloadCatalogs(c.env, ['de-DE', 'fr-FR', 'en-US'])
  await next()
})
probe.get('/de/probe/:status', (c) => {
  throw new HTTPException(Number(c.req.param('status')) as ContentfulStatusCode)
})
probe.get('/api/probe/:status', (c) => {
  throw new HTTPException(Number(c.req.param('status')) as ContentfulStatusCode)
})
probe.get('/de/limited', () => {
  throw new HTTPException(429, { res: new Response(null, { headers: { 'retry-after': '60' } }) })
})
probe.get('/de/record', () => {
  throw new PageError('noRecord', 404)
})
probe.get('/de/gone-record', () => {
  throw new PageError('gone', 410)
})
probe.onError(errorAnswer)

const de = CATALOGS['de-DE']
const fr = CATALOGS['fr-FR']
/** What the visitor reads: the page's main element (the hydration data holds every error text). */
const mainOf = (html: string) => decode(html.match(/<main[\s\S]*<\/main>/)?.[0] ?? '')

describe('one place decides the status and page of every error', () => {
  it.each([
    [400, 'badRequest'],
    [403, 'forbidden'],
    [409, 'conflict'],
    [410, 'gone'],
    [429, 'tooManyRequests'],
  ] as const)(
    'a page that throws HTTP %i gets that status and its own page, in the site language',
    async (status, type) => {
      const res = await probe.request(`/de/probe/${status}`, {}, env)
      expect(res.status).toBe(status)
      expect(res.headers.get('cache-control')).toBe('private, no-store')
      const html = await res.text()
      expect(html).toContain('<html lang="de-DE"')
      const main = mainOf(html)
      expect(main).toContain(de[`error.${type}.code`])
      expect(main).toContain(de[`error.${type}.title`])
      expect(main).toContain(de[`error.${type}.message`])
      // Not the not-found page any more.
      expect(main).not.toContain(de['error.notFound.title'])
    },
  )

  it('a 429 keeps the Retry-After it was thrown with', async () => {
    const res = await probe.request('/de/limited', {}, env)
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('60')
  })

  it('a PageError keeps its own page and status', async () => {
    const missing = await probe.request('/de/record', {}, env)
    expect(missing.status).toBe(404)
    expect(mainOf(await missing.text())).toContain(de['error.noRecord.message'])
    const gone = await probe.request('/de/gone-record', {}, env)
    expect(gone.status).toBe(410)
    expect(mainOf(await gone.text())).toContain(de['error.gone.title'])
  })

  it.each([
    [400, 'bad_request', 'api.error.badRequest'],
    [403, 'forbidden', 'api.error.forbidden'],
    [404, 'not_found', 'api.error.notFound'],
    [409, 'conflict', 'api.error.conflict'],
    [410, 'gone', 'api.error.gone'],
    [429, 'rate_limited', 'api.error.rateLimited'],
  ] as const)(
    'the API answers HTTP %i with the error shape, its code and the caller language',
    async (status, code, key) => {
      const res = await probe.request(`/api/probe/${status}`, { headers: { language: 'fr-FR' } }, env)
      expect(res.status).toBe(status)
      expect(await res.json()).toEqual({ error: { code, message: fr[key] } })
    },
  )

  it('an address nothing answers is the not-found page of its site, or the API 404', async () => {
    const page = await exports.default.fetch(new Request('http://local.test/de/no-such-page'))
    expect(page.status).toBe(404)
    expect(mainOf(await page.text())).toContain(de['error.notFound.title'])
    const api = await exports.default.fetch(new Request('http://local.test/api/no-such-endpoint'))
    expect(api.status).toBe(404)
    expect(await api.json()).toMatchObject({ error: { code: 'not_found' } })
  })
})

describe('a body that is not a form', () => {
  it('is the sender fault: 400 with the error page in the site language, nothing reported', async () => {
    const res = await exports.default.fetch(
      new Request('http://local.test/de/auth', {
        method: 'POST',
        headers: {
          'content-type': 'multipart/form-data',
          origin: 'http://local.test',
          'sec-fetch-site': 'same-origin',
        },
        body: 'garbage--\r\n',
      }),
    )
    expect(res.status).toBe(400)
    expect(mainOf(await res.text())).toContain(de['error.badRequest.message'])
  })
})
