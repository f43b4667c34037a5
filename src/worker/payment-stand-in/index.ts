/**
 * The local stand-in for Stripe, mounted at /dev/stripe outside production (a production Worker answers 404): its
 * API (api.ts), its hosted checkout and its page (pages.ts), and its webhook deliveries (delivery.ts).
 * A production Worker answers 404 on every address of it.
 */
import { type Context, Hono } from 'hono'
import { createStandInStore, type StandInStore } from '../../store/payment-stand-in'
import { formBody } from '../form-body'
import { WEBHOOK_PATH } from '../payments/settings'
import type { AppEnv } from '../types'
import { standInApi } from './api'
import { DECLINE_MESSAGES, luhn, TEST_CARDS, TEST_IBANS, validExpiry } from './cards'
import { deliverDueEvents, deliverWhenDue, webhookMode } from './delivery'
import { current, type PayResult, paySession, type SessionObject } from './model'
import { challengePage, checkoutPage, standInHome } from './pages'

export { deliverDueEvents } from './delivery'

export const standIn = new Hono<AppEnv>()

// A production Worker has no stand-in: every address of it is the not-found page there.
standIn.use('*', async (c, next) => {
  if (c.get('config').ENVIRONMENT === 'production') return c.notFound()
  await next()
})

/** The storefront's webhook endpoint, on its official origin (never the request's Host). */
const endpointOf = (c: Context<AppEnv>) => `${c.get('config').OFFICIAL_URL}${WEBHOOK_PATH}`

standIn.route('/v1', standInApi)

standIn.get('/', async (c) => {
  const store = createStandInStore(c.env.DB)
  return standInHome(c, {
    sessions: await store.objects<SessionObject>('checkout.session'),
    events: await store.recentEvents(),
    mode: await webhookMode(store),
    origin: c.get('config').OFFICIAL_URL,
  })
})

standIn.post('/settings', async (c) => {
  const mode = (await formBody(c)).webhooks
  if (mode === 'deliver' || mode === 'hold' || mode === 'drop')
    await createStandInStore(c.env.DB).setSetting('webhooks', mode)
  return c.redirect('/dev/stripe', 303)
})

standIn.post('/deliver', async (c) => {
  await deliverDueEvents(createStandInStore(c.env.DB), endpointOf(c), Date.now(), true)
  return c.redirect('/dev/stripe', 303)
})

async function openSession(store: StandInStore, id: string): Promise<SessionObject | null> {
  const stored = await store.object<SessionObject>(id)
  return stored ? current(store, stored, Date.now()) : null
}

standIn.get('/checkout/:id', async (c) => {
  const session = await openSession(createStandInStore(c.env.DB), c.req.param('id'))
  return session ? checkoutPage(c, session) : c.notFound()
})

/** After paying: the events go out (as Stripe's usually arrive before the customer is back), then back to the shop. */
async function finish(c: Context<AppEnv>, store: StandInStore, result: PayResult) {
  if (result.kind === 'failed') {
    const session = await openSession(store, c.req.param('id') ?? '')
    return session ? checkoutPage(c, session, result.message, 402) : c.notFound()
  }
  await deliverDueEvents(store, endpointOf(c))
  return c.redirect(result.session.success_url.replace('{CHECKOUT_SESSION_ID}', result.session.id), 303)
}

standIn.post('/checkout/:id', async (c) => {
  const store = createStandInStore(c.env.DB)
  const session = await openSession(store, c.req.param('id'))
  if (!session) return c.notFound()
  if (session.status !== 'open') return finish(c, store, { kind: 'notOpen', session })
  const form = await formBody(c)
  const method = session.allowed_payment_method_types[0] ?? 'card'
  const now = Date.now()
  const fail = (message: string) => checkoutPage(c, session, message, 402)
  const settle = async (outcome: Parameters<typeof paySession>[2]) =>
    finish(c, store, await paySession(store, session, outcome, now))
  if (method === 'card') {
    const digits = String(form.number ?? '').replace(/[\s-]/g, '')
    if (!luhn(digits)) return fail(DECLINE_MESSAGES.invalid_number)
    if (!validExpiry(String(form.expiry ?? ''), new Date(now))) return fail(DECLINE_MESSAGES.invalid_expiry)
    if (!/^\d{3,4}$/.test(String(form.cvc ?? ''))) return fail(DECLINE_MESSAGES.invalid_cvc)
    const card = TEST_CARDS[digits]
    // Only the brand and the last four digits go any further; the number itself is forgotten here.
    const details = { type: 'card', card: { brand: card?.brand ?? 'visa', last4: digits.slice(-4) } }
    if (!card)
      return settle({
        kind: 'failed',
        code: 'card_declined',
        declineCode: 'live_mode_test_card',
        message: DECLINE_MESSAGES.live_card,
        details,
      })
    if (card.kind === 'declined')
      return settle({
        kind: 'failed',
        code: 'card_declined',
        declineCode: card.code,
        message: DECLINE_MESSAGES[card.code],
        details,
      })
    if (card.kind === 'challenge') {
      const token = crypto.randomUUID()
      await store.putObject(`challenge_${token}`, 'challenge', { session: session.id, after: card.after, details }, now)
      return c.redirect(`${new URL(c.req.url).pathname}/authenticate?token=${token}`, 303)
    }
    return settle({ kind: 'succeeded', details })
  }
  if (method === 'sepa_debit') {
    const iban = String(form.iban ?? '')
      .replace(/\s/g, '')
      .toUpperCase()
    const test = TEST_IBANS[iban]
    if (!test) return fail(DECLINE_MESSAGES.invalid_iban)
    const details = { type: 'sepa_debit', sepa_debit: { last4: iban.slice(-4) } }
    deliverWhenDue(c, store, test.afterSeconds)
    return settle({ kind: 'processing', settlesAs: test.outcome, afterSeconds: test.afterSeconds, details })
  }
  const details = { type: method }
  if (form.decision === 'fail')
    return settle({
      kind: 'failed',
      code: 'payment_method_provider_decline',
      message: DECLINE_MESSAGES.provider_declined,
      details,
    })
  return settle({ kind: 'succeeded', details })
})

standIn.get('/checkout/:id/authenticate', async (c) => {
  const store = createStandInStore(c.env.DB)
  const session = await openSession(store, c.req.param('id'))
  const token = c.req.query('token') ?? ''
  if (!session || !(await store.object(`challenge_${token}`))) return c.notFound()
  return challengePage(c, session, token)
})

standIn.post('/checkout/:id/authenticate', async (c) => {
  const store = createStandInStore(c.env.DB)
  const session = await openSession(store, c.req.param('id'))
  const form = await formBody(c)
  const challenge = await store.object<{
    session: string
    after: 'succeeds' | 'declined'
    details: { type: string; card: { brand: string; last4: string } }
  }>(`challenge_${String(form.token ?? '')}`)
  if (!session || !challenge || challenge.session !== session.id) return c.notFound()
  const now = Date.now()
  const settle = async (outcome: Parameters<typeof paySession>[2]) =>
    finish(c, store, await paySession(store, session, outcome, now))
  if (form.decision !== 'complete')
    return settle({
      kind: 'failed',
      code: 'payment_intent_authentication_failure',
      message: DECLINE_MESSAGES.authentication,
      details: challenge.details,
    })
  if (challenge.after === 'declined')
    return settle({
      kind: 'failed',
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: DECLINE_MESSAGES.generic_decline,
      details: challenge.details,
    })
  return settle({ kind: 'succeeded', details: challenge.details })
})
