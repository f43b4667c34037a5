import { createTransport } from '@sentry/cloudflare'
import { describe, expect, it } from 'vitest'
import { sentryOptions, withErrorReporting } from './error-reporting'

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
const envWith = (vars: Record<string, string>) => ({ ...vars }) as unknown as Env

describe('error reporting', () => {
  it('is off outside production and without a DSN', () => {
    expect(sentryOptions(envWith({ ENVIRONMENT: 'development', SENTRY_DSN: DSN }))).toBeUndefined()
    expect(
      sentryOptions(envWith({ ENVIRONMENT: 'production', APP_SECRET: 'x'.repeat(32), GRAY_ACCESS_CODE: 'code-1234' })),
    ).toBeUndefined()
    const on = sentryOptions(
      envWith({
        ENVIRONMENT: 'production',
        APP_SECRET: 'x'.repeat(32),
        GRAY_ACCESS_CODE: 'code-1234',
        SENTRY_DSN: DSN,
      }),
    )
    expect(on).toMatchObject({ dsn: DSN, environment: 'production', tracesSampleRate: 1 })
  })

  it('reports a server error in production, without cookies, headers, body, query, user or IP', async () => {
    const { sent, transport } = fakeTransport()
    const handler = withErrorReporting(
      {
        fetch: async () => {
          throw new Error('booking failed for ada@example.com')
        },
      },
      { transport },
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
    const env = envWith({
      ENVIRONMENT: 'production',
      APP_SECRET: 'x'.repeat(32),
      GRAY_ACCESS_CODE: 'code-1234',
      SENTRY_DSN: DSN,
    })
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
      { transport },
    )
    const { ctx, settled } = executionContext()
    await expect(
      handler.fetch(incoming(new Request('https://shop.example/')), envWith({ ENVIRONMENT: 'production' }), ctx),
    ).rejects.toThrow('boom')
    await settled()
    expect(sent).toEqual([])
  })
})
