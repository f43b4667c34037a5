import { reconcileConfiguration } from '../domain/catalog/configuration'
import type { CountryCode } from '../domain/catalog/markets'
import type { Money } from '../domain/money'
import { onTheRoadPrice } from '../domain/pricing/engine'
import { formatMoney } from '../i18n/formats'
import { SITES } from '../i18n/sites'
import { createStore } from '../store'
import { enqueueNotifications } from './notifications'

type Bindings = Parameters<typeof createStore>[0] & Parameters<typeof enqueueNotifications>[0]

/**
 * The scheduled check of watched builds: each is priced today by the same engine as the configurator; when the
 * total differs from the one the customer last knew (a change of price rules or catalog), they get one e-mail with
 * the old and new price and the difference, in the language of the build's country. Answers how many were written.
 */
export async function notifyPriceChanges(env: Bindings, now = new Date()): Promise<number> {
  const store = createStore(env)
  const watches = store.priceWatches
  const date = now.toISOString().slice(0, 10)
  const ids: string[] = []
  for (const watch of await watches.all()) {
    const record = await store.findConfiguration(watch.configurationId)
    if (!record?.choices) continue
    const country = record.countryCode as CountryCode
    const [catalog, rules] = await Promise.all([store.catalog(record.modelCode), store.priceRules(country)])
    if (!catalog?.markets[country] || !rules) continue
    const { configuration } = reconcileConfiguration(catalog, country, record.choices)
    const quote = onTheRoadPrice({ catalog, rules, country, usage: record.usage, configuration, date })
    if (quote.currency !== watch.currency || quote.totalInclVat === watch.lastTotal) continue
    const owner = await store.accounts.contactOf(watch.userId)
    if (!owner) continue
    const locale = SITES.find((s) => s.countryCode === country)?.locale ?? 'en-US'
    const money = (amount: number) => formatMoney({ amount, currency: quote.currency as Money['currency'] }, locale)
    const change = quote.totalInclVat - watch.lastTotal
    const id = await watches.notify(watch, quote.totalInclVat, now, {
      kind: 'priceChanged',
      locale,
      recipient: owner.email,
      payload: {
        name: owner.name,
        previous: money(watch.lastTotal),
        amount: money(quote.totalInclVat),
        difference: `${change > 0 ? '+' : '−'}${money(Math.abs(change))}`,
      },
    })
    if (id) ids.push(id)
  }
  await enqueueNotifications(env, ids)
  return ids.length
}
