import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { CATALOGS } from '../../src/i18n/catalogs'
import { LOCALES, SITES } from '../../src/i18n/sites'
import { ROUTES } from '../../src/routes'
import { ENDPOINTS } from '../../src/worker/api'
import { app } from '../../src/worker/index'
import { WEBHOOK_PATH } from '../../src/worker/payments/settings'
import {
  antiForgeryFindings,
  type Call,
  countRows,
  escapingFindings,
  fuzzEndpoints,
  headerFindings,
  hostilePathFindings,
  missingFromDocument,
  type OpenApiDocument,
  openRedirectFindings,
  operationsOf,
} from './suites'

const call: Call = (path, init) => exports.default.fetch(new Request(`http://local.test${path}`, init))
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261121)
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 60)

let document: OpenApiDocument
beforeAll(async () => {
  document = (await (await call('/api/openapi.json')).json()) as OpenApiDocument
})
beforeEach(() => {
  // The client-error endpoint logs what it receives; the fuzz sends it many reports.
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

/** Every page route, as a template, under the global site and a few country and language prefixes. */
const pageTemplates = ['', '/no', '/be/fr-BE', '/th'].flatMap((prefix) =>
  ROUTES.map((route) => (route.path === '/' ? prefix || '/' : `${prefix}${route.path}`)),
)

describe('API contract', () => {
  it('is an OpenAPI 3.1 document with every mounted API route', () => {
    expect(document).toMatchObject({ openapi: '3.1.0' })
    // The payment provider's webhook is Stripe's callback, not an operation of ours: Stripe's event objects, signed
    // with Stripe-Signature instead of the anti-forgery token (docs/security.md), so it is not in our document.
    expect(missingFromDocument(app.routes, document)).toEqual([`POST ${WEBHOOK_PATH}`])
    expect(operationsOf(document).length).toBe(Object.keys(ENDPOINTS).length)
  })

  it('the provider webhook believes only a signed event, and answers its refusal as JSON', async () => {
    const res = await call(WEBHOOK_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed' }),
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'signature verification failed' })
  })

  it('describes request bodies with their JSON schema and a valid example', () => {
    const report = document.paths['/api/client-errors']?.post
    expect(report?.requestBody?.content['application/json']).toMatchObject({
      example: ENDPOINTS.clientErrors.example,
      schema: { type: 'object', required: ['message', 'url'], additionalProperties: false },
    })
  })
})

describe('fuzzing every endpoint', () => {
  it(`never answers 5xx, answers structured errors in the caller's language, writes nothing when invalid (seed ${FUZZ_SEED})`, async () => {
    const schemas = new Map(Object.values(ENDPOINTS).map((e) => [e.operationId, 'body' in e ? e.body : undefined]))
    const findings = await fuzzEndpoints({
      call,
      document,
      isValid: (operationId, body) => schemas.get(operationId)?.safeParse(body).success ?? true,
      countRows: () => countRows(env.DB),
      messagesFor: (language) => new Set(Object.values(CATALOGS[language === 'da' ? 'da-DK' : (language as 'en-US')])),
      languages: ['en-US', 'da', 'de-AT', 'th-TH', 'is-IS', 'fr-BE'],
      seed: FUZZ_SEED,
      runs: FUZZ_RUNS,
    })
    expect(findings).toEqual([])
  }, 600_000) // about 75 s alone; a loaded 2-core machine has taken 360 s
})

describe('security', () => {
  it('every state-changing endpoint refuses a missing or wrong anti-forgery token', async () => {
    expect(await antiForgeryFindings(call, document)).toEqual([])
  })

  it('no page or endpoint redirects to another origin', async () => {
    const paths = [...pageTemplates.map((t) => t.replace(/:\w+\??/g, 'p5')), '/api/csrf', '/api/health']
    expect(await openRedirectFindings(call, paths)).toEqual([])
  }, 180_000) // about 30 s alone; over 80 s on a loaded 2-core machine

  it('links built from a hostile request path stay on our origin, under every site prefix', async () => {
    const prefixes = [...new Set(['', ...SITES.map((site) => site.prefix)])]
    expect(await hostilePathFindings(call, prefixes)).toEqual([])
  }, 180_000)

  it('markup in addresses comes back escaped on every page', async () => {
    expect(await escapingFindings(call, pageTemplates)).toEqual([])
  }, 180_000)

  it('security headers and cookie flags are on every page of every site and on the API', async () => {
    const pages = SITES.flatMap((site) =>
      ROUTES.map((route) => `${site.prefix}${route.path === '/' ? '' : route.path.replace(/:\w+\??/g, 'p5')}` || '/'),
    )
    const api = operationsOf(document)
      .filter((o) => o.method === 'GET')
      .map((o) => o.path)
    expect(await headerFindings(call, [...pages, ...api, '/no/not-a-page'])).toEqual([])
  }, 180_000)

  it('every locale has the messages the API answers with', () => {
    for (const locale of LOCALES) expect(CATALOGS[locale]['api.error.csrf']).toBeTruthy()
  })
})
