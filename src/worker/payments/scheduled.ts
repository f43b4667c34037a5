import { reconcilePayments } from '../../app/payments'
import { createStore } from '../../store'
import { createStandInStore } from '../../store/payment-stand-in'
import { appConfig } from '../env'
import { enqueueNotifications } from '../notifications'
import { paymentProviderFor, WEBHOOK_PATH } from './settings'

/**
 * The cron's share of payments: the reconciliation (attempts and refunds the provider has not confirmed for a few
 * minutes are asked of it), and outside production the stand-in's waiting webhooks. The public origin is
 * OFFICIAL_URL.
 */
export async function reconcileScheduled(env: Env, now = new Date()): Promise<void> {
  const config = appConfig(env)
  const origin = config.OFFICIAL_URL
  const store = createStore(env)
  if (config.ENVIRONMENT !== 'production') {
    const { deliverDueEvents } = await import('../payment-stand-in/delivery')
    await deliverDueEvents(createStandInStore(env.DB), `${origin}${WEBHOOK_PATH}`, now.getTime())
  }
  const provider = paymentProviderFor(config, origin)
  await reconcilePayments({ store, provider, notify: (ids) => enqueueNotifications(env, ids) }, now)
}
