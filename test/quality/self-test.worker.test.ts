/**
 * The quality suites must be able to fail. This app breaks each rule once, on purpose: an endpoint
 * that throws, one without the anti-forgery check, one that writes before validating, a page that
 * echoes markup, a blind redirect, a missing security header, a record anyone can read, and a route
 * left out of the OpenAPI document.
 */
import { env } from 'cloudflare:test'
import { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { preloadCatalogs } from '../../src/i18n/catalog-store'
import { CATALOGS } from '../../src/i18n/catalogs'
import { LOCALES } from '../../src/i18n/sites'
import { type EndpointSpec, jsonBody, openApiDocument } from '../../src/worker/api/endpoint'
import { ApiProblem } from '../../src/worker/api/errors'
import { appConfig } from '../../src/worker/env'
import { errorAnswer } from '../../src/worker/errors'
import { csrfProtection, issueCsrfToken } from '../../src/worker/middleware/csrf'
import type { AppEnv } from '../../src/worker/types'
import {
  antiForgeryFindings,
  type Call,
  countRows,
  escapingFindings,
  fuzzEndpoints,
  headerFindings,
  hostilePathFindings,
  invisibleToOthersFindings,
  missingFromDocument,
  type OpenApiDocument,
  openRedirectFindings,
} from './suites'

const Note = z.strictObject({ text: z.string().min(1).max(50) })
const endpoints: EndpointSpec[] = [
  {
    method: 'post',
    path: '/api/notes',
    operationId: 'throwsOnLongText',
    summary: 'Throws when text is longer than 10 characters',
    tags: [],
    body: z.object({ text: z.string() }),
    example: { text: 'hello' },
    responses: { 201: { description: 'ok' } },
  },
  {
    method: 'post',
    path: '/api/unprotected',
    operationId: 'noAntiForgery',
    summary: 'Forgets the anti-forgery check',
    tags: [],
    body: Note,
    example: { text: 'hello' },
    responses: { 201: { description: 'ok' } },
  },
  {
    method: 'post',
    path: '/api/writes-first',
    operationId: 'writesBeforeValidating',
    summary: 'Stores the row, then validates',
    tags: [],
    body: Note,
    example: { text: 'hello' },
    responses: { 201: { description: 'ok' } },
  },
]
const document = openApiDocument(endpoints) as unknown as OpenApiDocument

const broken = new Hono<AppEnv>()
broken.use(async (c, next) => {
  c.set('config', appConfig(c.env))
  // Error messages are in the caller's language, from the catalogs in KV, as in the storefront.
  await preloadCatalogs(c.env, LOCALES)
  await next()
})
broken.use('/api/notes', csrfProtection())
broken.use('/api/writes-first', csrfProtection())
broken.get('/api/csrf', async (c) => c.json({ token: await issueCsrfToken(c) }))
broken.post('/api/notes', jsonBody({ body: z.object({ text: z.string() }) }), (c) => {
  if (c.req.valid('json').text.length > 10) throw new Error('boom')
  return c.body(null, 201)
})
broken.post('/api/unprotected', jsonBody({ body: Note }), (c) => c.body(null, 201))
broken.post('/api/writes-first', async (c) => {
  await c.env.DB.prepare(
    `INSERT INTO models (code, name, range_km, battery_kwh, cargo_litres) VALUES (?1, 'x', 1, 1, 1)`,
  )
    .bind(crypto.randomUUID())
    .run()
  return jsonBody({ body: Note })(c, async () => {
    c.status(201)
  })
})
broken.get('/api/undocumented', (c) => c.json({}))
broken.get('/page', (c) => c.html(`<p>${c.req.query('q')}</p>`))
broken.get('/go', (c) => c.redirect(c.req.query('frontRedirect') ?? '/'))
// A footer-style link built from the raw request path: '/no//evil.example/x' links to '//evil.example/x'.
broken.get('/no/*', (c) => c.html(`<a href="${c.req.path.slice(3)}">Global</a>`))
broken.get('/records/:id', (c) => (getCookie(c, 'who') ? c.text(`record ${c.req.param('id')}`) : c.text('record', 200)))
// Refusals are answered as the storefront answers them; anything else is a bare 500.
broken.onError((error, c) =>
  error instanceof ApiProblem || error instanceof HTTPException
    ? errorAnswer(error, c)
    : c.text('Internal Server Error', 500),
)

const call: Call = async (path, init) => broken.request(path, init, env)

describe('the quality suites catch each kind of defect', () => {
  it('an API route missing from the OpenAPI document', () => {
    expect(missingFromDocument(broken.routes, document)).toEqual(
      expect.arrayContaining(['GET /api/undocumented', 'GET /api/csrf']),
    )
  })

  it('an endpoint that throws, and one that writes before validating', async () => {
    const findings = await fuzzEndpoints({
      call,
      document,
      isValid: (operationId, body) =>
        (operationId === 'throwsOnLongText' ? z.object({ text: z.string() }) : Note).safeParse(body).success,
      countRows: () => countRows(env.DB),
      messagesFor: () => new Set(Object.values(CATALOGS['en-US'])),
      languages: ['en-US'],
      seed: 7,
      runs: 60,
    })
    expect(findings.join('\n')).toMatch(/POST \/api\/notes .*500/)
    expect(findings.join('\n')).toMatch(/POST \/api\/writes-first .*(wrote rows|language)/)
  }, 60_000)

  it('a state-changing endpoint without the anti-forgery check', async () => {
    const findings = await antiForgeryFindings(call, document)
    expect(findings).toContain('POST /api/unprotected with no token answered 201')
    expect(findings.some((f) => f.startsWith('POST /api/notes'))).toBe(false)
  })

  it('a page that echoes markup unescaped', async () => {
    expect(await escapingFindings(call, ['/page'])).toContain('/page shows "<script>alert" unescaped')
  })

  it('a redirect to another origin', async () => {
    const findings = await openRedirectFindings(call, ['/go'])
    expect(findings.some((f) => f.includes('evil.example'))).toBe(true)
  })

  it('a link built from a hostile request path that leads to another host', async () => {
    const findings = await hostilePathFindings(call, ['/no'])
    expect(findings).toContain('"/no//evil.example/x" links to "//evil.example/x"')
  })

  it('missing security headers', async () => {
    expect(await headerFindings(call, ['/page'])).toEqual(
      expect.arrayContaining(['/page: no CSP nonce for scripts', '/page: no nosniff', '/page: no request id']),
    )
  })

  it('a record that another visitor can read', async () => {
    const findings = await invisibleToOthersFindings(call, '/records/42', { cookie: 'who=alice' }, [
      { cookie: 'who=bob' },
      {},
    ])
    expect(findings).toEqual([
      '/records/42: visitor 1 who does not own it gets 200',
      '/records/42: visitor 2 who does not own it gets 200',
    ])
  })
})
