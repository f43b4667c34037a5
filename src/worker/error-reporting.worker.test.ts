import { env as testEnv } from 'cloudflare:test'
import { createTransport, startSpan } from '@sentry/cloudflare'
import { describe, expect, it, vi } from 'vitest'
import { kvFailingOn, PRODUCTION_SECRETS } from '../../test/fixtures'
import { clearLoadedCatalogs } from '../i18n/catalog-store'
import { sentryOptions, withErrorReporting } from './error-reporting'
import { app } from './index'

const DSN = 'https://public@o0.ingest.example/1'

/** A Sentry transport that keeps what it would send, instead of sending it. */
function fakeTransport() {
  const sent: unknown[][] = []
  const transport = (options: Parameters<typeof createTransport>[0]) =>
    createTransport(options, async (request) => {
      const lines = String(typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body))
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as unknown)
      sent.push(lines)
      return { statusCode: 200 }
    })
  return { sent, transport }
}

/** The fake transport, and a client per test (the SDK otherwise keeps one per isolate, with its transport). */
const TEST_OPTIONS = (transport: ReturnType<typeof fakeTransport>['transport']) => ({ transport, cacheClient: false })

/** Waits on everything the handler left to ctx.waitUntil (Sentry flushes there). */
function executionContext() {
  const pending: Promise<unknown>[] = []
  const ctx = {
    waitUntil: (promise: Promise<unknown>) => pending.push(promise),
    passThroughOnException: () => {},
    props: {},
  } as unknown as ExecutionContext
  return { ctx, settled: () => Promise.allSettled(pending) }
}

/** A request as the runtime hands it to the worker. */
const incoming = (request: Request) => request as unknown as Request<unknown, IncomingRequestCfProperties>
const PRODUCTION = { ENVIRONMENT: 'production', ...PRODUCTION_SECRETS }
// The bindings of the test worker, with the given vars: a worker without its bindings would not start.
const envWith = (vars: Record<string, string>) => ({ ...testEnv, ...vars }) as unknown as Env

describe('error reporting', () => {
  it('is off outside production and without a DSN', () => {
    expect(sentryOptions(envWith({ ENVIRONMENT: 'development', SENTRY_DSN: DSN }))).toBeUndefined()
    expect(sentryOptions(envWith(PRODUCTION))).toBeUndefined()
    const on = sentryOptions(envWith({ ...PRODUCTION, SENTRY_DSN: DSN }))
    expect(on).toMatchObject({ dsn: DSN, environment: 'production', tracesSampleRate: 0.05 })
  })

  it('reports a server error in production, without cookies, headers, body, query, user or IP', async () => {
    const { sent, transport } = fakeTransport()
    const handler = withErrorReporting(
      {
        fetch: async () => {
          throw new Error('booking failed for ada@example.com')
        },
      },
      TEST_OPTIONS(transport),
    )
    const { ctx, settled } = executionContext()
    const request = new Request(`https://shop.example/no/test-drive/${'p5'.repeat(150)}?email=ada%40example.com`, {
      method: 'POST',
      headers: {
        cookie: '__Host-session=secret; __Host-consent=v1.2026-11-22.a1.m1',
        authorization: 'Bearer secret',
        'cf-connecting-ip': '203.0.113.9',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'phone=%2B4791234567&name=Ada',
    })
    const env = envWith({ ...PRODUCTION, SENTRY_DSN: DSN })
    await expect(handler.fetch(incoming(request), env, ctx)).rejects.toThrow('booking failed')
    await settled()

    const items = sent.flat() as Record<string, unknown>[]
    const errorEvent = items.find((item) => Array.isArray((item.exception as { values?: unknown })?.values))
    expect(errorEvent).toBeDefined()
    const text = JSON.stringify(sent)
    for (const secret of ['secret', 'ada@example.com', 'ada%40example.com', '4791234567', '203.0.113.9', 'Bearer']) {
      expect(text).not.toContain(secret)
    }
    const reported = errorEvent as {
      request?: { url?: string }
      user?: unknown
      exception: { values: { value: string }[] }
    }
    expect(reported.exception.values[0]?.value).toBe('booking failed for [email]')
    expect(reported.request?.url).toBe(`https://shop.example/no/test-drive/${'p5'.repeat(150)}`.slice(0, 200))
    expect(reported.request?.url).toHaveLength(200)
    expect(reported.user).toBeUndefined()
  })

  it('sends nothing without a DSN: the handler runs as it is', async () => {
    const { sent, transport } = fakeTransport()
    const handler = withErrorReporting(
      {
        fetch: async () => {
          throw new Error('boom')
        },
      },
      TEST_OPTIONS(transport),
    )
    const { ctx, settled } = executionContext()
    await expect(
      handler.fetch(incoming(new Request('https://shop.example/')), envWith({ ENVIRONMENT: 'production' }), ctx),
    ).rejects.toThrow('boom')
    await settled()
    expect(sent).toEqual([])
  })

  it('reports an error the app answered with its own 500, scrubbed', async () => {
    const { sent, transport } = fakeTransport()
    const handler = withErrorReporting(
      { fetch: (request, env, ctx) => app.fetch(request, env, ctx) },
      TEST_OPTIONS(transport),
    )
    const { ctx, settled } = executionContext()
    // The message catalogs from KV, but a D1 that fails every call: the app answers 500 itself.
    const failing = () => {
      throw new Error('D1 unavailable')
    }
    const brokenD1 = { prepare: failing, batch: failing, exec: failing, withSession: failing } as unknown as D1Database
    const broken = { ...envWith({ ...PRODUCTION, SENTRY_DSN: DSN }), DB: brokenD1 } as Env
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const res = await handler.fetch(
      incoming(new Request('https://shop.example/api/v1/stores/x/slots?site=/se&email=ada@example.com')),
      broken,
      ctx,
    )
    await settled()
    expect(res.status).toBe(500)
    const errors = (sent.flat() as { exception?: { values?: unknown[] }; request?: { url?: string } }[]).filter(
      (item) => item.exception?.values,
    )
    expect(errors).toHaveLength(1)
    expect(errors[0]?.request?.url).toBe('https://shop.example/api/v1/stores/x/slots')
    expect(JSON.stringify(sent)).not.toContain('ada@example.com')
  })

  it('reports a message-catalog outage, which the visitor sees as a page in English', async () => {
    const { sent, transport } = fakeTransport()
    const handler = withErrorReporting(
      { fetch: (request, env, ctx) => app.fetch(request, env, ctx) },
      TEST_OPTIONS(transport),
    )
    const { ctx, settled } = executionContext()
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.spyOn(console, 'error').mockImplementation(() => {})
    clearLoadedCatalogs()
    const env = { ...testEnv, ...PRODUCTION, SENTRY_DSN: DSN, KV: kvFailingOn() } as unknown as Env
    const res = await handler.fetch(incoming(new Request('https://shop.example/dk/marketing')), env, ctx)
    expect(res.status).toBe(200)
    await res.text()
    await settled()
    clearLoadedCatalogs()
    const types = (sent.flat() as { exception?: { values?: { type: string }[] } }[]).flatMap(
      (item) => item.exception?.values?.map((value) => value.type) ?? [],
    )
    expect(types).toEqual(['CatalogUnavailableError'])
  })
})

describe('traces', () => {
  it('are sampled at a low rate by default, and at the configured one', () => {
    const base = { ...PRODUCTION, SENTRY_DSN: DSN }
    expect(sentryOptions(envWith(base))?.tracesSampleRate).toBe(0.05)
    expect(sentryOptions(envWith({ ...base, SENTRY_TRACES_SAMPLE_RATE: '0.2' }))?.tracesSampleRate).toBe(0.2)
  })

  it('scrub every span they send, the request’s and the app’s own, of personal data', async () => {
    const { sent, transport } = fakeTransport()
    const handler = withErrorReporting(
      {
        fetch: async () =>
          startSpan(
            {
              name: 'load order for ada@example.com, phone +47 912 34 567',
              op: 'db.query',
              attributes: {
                'url.full': 'https://shop.example/no/order/A1?email=ada%40example.com',
                'http.request.header.cookie': '__Host-session=secret',
                'client.address': '203.0.113.9',
                'user.email': 'ada@example.com',
                note: 'call ada@example.com',
              },
            },
            () => new Response('ok'),
          ),
      },
      { ...TEST_OPTIONS(transport), tracesSampleRate: 1 },
    )
    const { ctx, settled } = executionContext()
    const request = new Request('https://shop.example/no/order/A1?email=ada%40example.com&phone=4791234567', {
      headers: { cookie: '__Host-session=secret', 'cf-connecting-ip': '203.0.113.9', 'user-agent': 'Ada phone' },
    })
    const env = envWith({ ...PRODUCTION, SENTRY_DSN: DSN })
    const res = await handler.fetch(incoming(request), env, ctx)
    expect(await res.text()).toBe('ok')
    await settled()
    // Streamed spans (the SDK's default): one span envelope item per trace, the root span and its children.
    type SentSpan = { name: string; is_segment: boolean; attributes: Record<string, { value: unknown }> }
    const spans = (sent.flat() as { items?: SentSpan[] }[]).flatMap((item) => item.items ?? [])
    expect(spans.filter((span) => span.is_segment)).toHaveLength(1)
    const child = spans.find((span) => span.attributes['sentry.op']?.value === 'db.query')
    expect(child?.name).toBe('load order for [email], phone [number]')
    expect(child?.attributes['url.full']?.value).toBe('https://shop.example/no/order/A1')
    expect(child?.attributes['user.email']).toBeUndefined()
    const text = JSON.stringify(sent)
    for (const secret of [
      'ada@example.com',
      'ada%40example.com',
      '4791234567',
      '912 34 567',
      'secret',
      '203.0.113.9',
    ]) {
      expect(text, secret).not.toContain(secret)
    }
  })
})

describe('the browser reporter', () => {
  const production = () => ({ ...testEnv, ...PRODUCTION, SENTRY_DSN: DSN }) as unknown as Env

  it('loads on pages with JavaScript in production with a DSN, and the CSP lets it report', async () => {
    const res = await app.fetch(new Request('https://shop.example/no/configurator/p5'), production())
    const html = await res.text()
    expect(html).toMatch(
      /<script type="module" src="[^"]*monitoring[^"]*" nonce="[^"]+" data-sentry-dsn="https:\/\/public@o0\.ingest\.example\/1"/,
    )
    expect(res.headers.get('content-security-policy')).toMatch(/connect-src 'self'[^;]*https:\/\/o0\.ingest\.example/)
  })

  it('never loads on pages without JavaScript, nor outside production', async () => {
    const home = await app.fetch(new Request('https://shop.example/no'), production())
    expect(await home.text()).not.toContain('data-sentry-dsn')
    const dev = await app.fetch(new Request('https://shop.example/no/configurator/p5'), {
      ...testEnv,
      SENTRY_DSN: DSN,
    } as unknown as Env)
    expect(await dev.text()).not.toContain('data-sentry-dsn')
    expect(dev.headers.get('content-security-policy')).not.toContain('ingest.example')
  })
})
