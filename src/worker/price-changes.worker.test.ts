import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { decode, uniqueEmail, visitor } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'
import { formatMoney } from '../i18n/formats'
import { renderNotification } from './notification-mail'
import { notifyPriceChanges } from './price-changes'

const PASSWORD = 'correct horse battery'
const sv = CATALOGS['sv-SE']

async function customerWithBuild() {
  const person = visitor()
  const email = uniqueEmail('watch')
  await person.signUp('/se', { name: 'Anna Berg', email, password: PASSWORD })
  const saved = await person.postForm('/se/configurator/p5', { configuration: 'version=long-range' })
  const id = /overview\/([\w-]+)/.exec(saved.headers.get('location') ?? '')?.[1] ?? ''
  return { person, email, id }
}

const priceMails = async (email: string) =>
  (
    await env.DB.prepare(`SELECT * FROM notifications WHERE recipient = ?1 AND kind = 'priceChanged'`)
      .bind(email)
      .all<{ id: string; kind: string; locale: string; recipient: string; payload: string; status: string }>()
  ).results

describe('price-change e-mails for saved builds', () => {
  it('are asked for on the profile and sent once per change, with the difference', async () => {
    const { person, email, id } = await customerWithBuild()
    expect(decode(await (await person.request('/se/user-center/profile')).text())).toContain(sv['profile.garage.watch'])
    const res = await person.postForm('/se/user-center/profile', { intent: 'watchBuild', build: id })
    expect(res.status).toBe(303)
    expect(decode(await (await person.request('/se/user-center/profile')).text())).toContain(
      sv['profile.garage.watching'],
    )
    // Nothing changed yet: no e-mail.
    await notifyPriceChanges(env)
    expect(await priceMails(email)).toHaveLength(0)
    // The customer last knew a price 5 000 kr lower (the price rules have changed since).
    const watch = await env.DB.prepare('SELECT last_total AS total FROM price_watches WHERE configuration_id = ?1')
      .bind(id)
      .first<{ total: number }>()
    const today = watch?.total ?? 0
    await env.DB.prepare('UPDATE price_watches SET last_total = ?2 WHERE configuration_id = ?1')
      .bind(id, today - 500_000)
      .run()
    await notifyPriceChanges(env)
    await notifyPriceChanges(env)
    const mails = await priceMails(email)
    expect(mails).toHaveLength(1)
    const mail = await renderNotification(env, mails[0] as (typeof mails)[number])
    expect(mail.subject).toBe(sv['mail.priceChanged.subject'])
    expect(mail.body).toContain(formatMoney({ amount: today - 500_000, currency: 'SEK' }, 'sv-SE'))
    expect(mail.body).toContain(formatMoney({ amount: today, currency: 'SEK' }, 'sv-SE'))
    expect(mail.body).toContain(`+${formatMoney({ amount: 500_000, currency: 'SEK' }, 'sv-SE')}`)
  })

  it('stop when asked, and only the owner can ask for a build', async () => {
    const { person, email, id } = await customerWithBuild()
    const stranger = await customerWithBuild()
    const refused = await stranger.person.postForm('/se/user-center/profile', { intent: 'watchBuild', build: id })
    expect(refused.status).toBe(404)
    await person.postForm('/se/user-center/profile', { intent: 'watchBuild', build: id })
    await person.postForm('/se/user-center/profile', { intent: 'unwatchBuild', build: id })
    await env.DB.prepare('UPDATE price_watches SET last_total = 1 WHERE configuration_id = ?1').bind(id).run()
    await notifyPriceChanges(env)
    expect(await priceMails(email)).toHaveLength(0)
  })

  it('do not stand in the way of deleting the build', async () => {
    const { person, id } = await customerWithBuild()
    await person.postForm('/se/user-center/profile', { intent: 'watchBuild', build: id })
    const res = await person.postForm('/se/user-center/profile', { intent: 'deleteBuild', build: id })
    expect(res.status).toBe(303)
    expect(await env.DB.prepare('SELECT 1 FROM configurations WHERE id = ?1').bind(id).first()).toBeNull()
  })
})
