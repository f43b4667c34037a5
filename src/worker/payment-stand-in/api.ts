/**
 * The part of Stripe's REST API that the adapter calls, as Stripe answers it: form-encoded requests, Bearer secret
 * key, JSON objects and error bodies (`{ error: { type, code, param, message } }`), and idempotency keys on POST:
 * the same key and parameters replay the first answer (`Idempotent-Replayed: true`), the same key with other
 * parameters is a 400 `idempotency_error`, and a key whose first request is still running is a 409.
 */
import { Hono } from 'hono'
import { createStandInStore } from '../../store/payment-stand-in'
import { STAND_IN, STAND_IN_PATH } from '../payments/settings'
import type { AppEnv } from '../types'
import { deliverWhenDue } from './delivery'
import { list, readStripeForm } from './form'
import {
  type ApiError,
  apiError,
  closeSession,
  createRefund,
  createSession,
  current,
  currentRefund,
  REFUND_SETTLES_AFTER_SECONDS,
  type SessionObject,
  sessionView,
} from './model'

type Answer = { status: number; body: unknown }

const isError = (value: unknown): value is ApiError =>
  typeof value === 'object' && value !== null && 'status' in value && 'body' in value && !('object' in value)

const requestId = () => `req_${crypto.randomUUID().replaceAll('-', '').slice(0, 14)}`

function json(answer: Answer, replayed = false): Response {
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: {
      'content-type': 'application/json',
      'request-id': requestId(),
      'stripe-version': 'stand-in',
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    },
  })
}

export const standInApi = new Hono<AppEnv>()

standInApi.use('*', async (c, next) => {
  const key = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1]
  if (key !== STAND_IN.secretKey)
    return json(
      apiError(
        401,
        'invalid_request_error',
        `Invalid API Key provided: ${key ? `${key.slice(0, 8)}****${key.slice(-4)}` : '(none)'}`,
      ),
    )
  await next()
})

/** Runs a POST under its idempotency key, as Stripe does. */
async function idempotent(
  store: ReturnType<typeof createStandInStore>,
  key: string | undefined,
  fingerprint: string,
  run: () => Promise<Answer>,
): Promise<Response> {
  if (!key) return json(await run())
  const claimed = await store.claimKey(STAND_IN.secretKey, key, fingerprint, Date.now())
  if (claimed.claim === 'seen') {
    if (claimed.request !== fingerprint)
      return json(
        apiError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        ),
      )
    if (claimed.state !== 'done' || claimed.status === null || claimed.response === null)
      return json(
        apiError(
          409,
          'idempotency_error',
          `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
        ),
      )
    return json({ status: claimed.status, body: JSON.parse(claimed.response) }, true)
  }
  let answer: Answer
  try {
    answer = await run()
  } catch (error) {
    await store.releaseKey(STAND_IN.secretKey, key)
    throw error
  }
  // Stripe saves no answer for a request refused before it ran (a parameter that failed validation).
  if (answer.status === 400) await store.releaseKey(STAND_IN.secretKey, key)
  else await store.finishKey(STAND_IN.secretKey, key, answer.status, JSON.stringify(answer.body))
  return json(answer)
}

/** A request body as text; Stripe's bodies are form-encoded, which workerd's text() warns about. */
const bodyText = (body: ArrayBuffer) => new TextDecoder().decode(body)

const answerOf = (value: unknown): Answer => (isError(value) ? value : { status: 200, body: value })

const expandOf = (query: string) => list(readStripeForm(query).expand).map(String)

const missing = (kind: string, id: string) =>
  apiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param: 'id' })

standInApi.post('/checkout/sessions', async (c) => {
  const store = createStandInStore(c.env.DB)
  const body = bodyText(await c.req.arrayBuffer())
  // Its hosted page under the base the adapter was configured with (the storefront's official origin).
  const base = `${new URL(c.req.url).origin}${STAND_IN_PATH}`
  return idempotent(store, c.req.header('idempotency-key'), `POST /v1/checkout/sessions\n${body}`, async () => {
    const created = await createSession(store, readStripeForm(body), base, Date.now())
    return isError(created) ? created : { status: 200, body: await sessionView(store, created, []) }
  })
})

standInApi.get('/checkout/sessions/:id', async (c) => {
  const store = createStandInStore(c.env.DB)
  const stored = await store.object<SessionObject>(c.req.param('id'))
  if (!stored) return json(missing('checkout.session', c.req.param('id')))
  const session = await current(store, stored, Date.now())
  return json({ status: 200, body: await sessionView(store, session, expandOf(new URL(c.req.url).search.slice(1))) })
})

standInApi.post('/checkout/sessions/:id/expire', async (c) => {
  const store = createStandInStore(c.env.DB)
  const body = bodyText(await c.req.arrayBuffer())
  const id = c.req.param('id')
  return idempotent(store, c.req.header('idempotency-key'), `POST expire ${id}\n${body}`, async () => {
    const stored = await store.object<SessionObject>(id)
    if (!stored) return missing('checkout.session', id)
    const closed = await closeSession(store, await current(store, stored, Date.now()), Date.now())
    if (!closed)
      return apiError(
        400,
        'invalid_request_error',
        'Only Checkout Sessions with a status in ["open"] can be expired.',
        {
          code: 'checkout_session_not_open',
        },
      )
    return answerOf(await sessionView(store, closed, []))
  })
})

standInApi.post('/refunds', async (c) => {
  const store = createStandInStore(c.env.DB)
  const body = bodyText(await c.req.arrayBuffer())
  const answer = await idempotent(store, c.req.header('idempotency-key'), `POST /v1/refunds\n${body}`, async () =>
    answerOf(await createRefund(store, readStripeForm(body), Date.now())),
  )
  if (answer.ok) deliverWhenDue(c, store, REFUND_SETTLES_AFTER_SECONDS)
  return answer
})

standInApi.get('/refunds/:id', async (c) => {
  const store = createStandInStore(c.env.DB)
  const refund = await currentRefund(store, c.req.param('id'), Date.now())
  return json(refund ? { status: 200, body: refund } : missing('refund', c.req.param('id')))
})

standInApi.all('*', (c) =>
  json(
    apiError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${c.req.method}: ${new URL(c.req.url).pathname}).`,
    ),
  ),
)
