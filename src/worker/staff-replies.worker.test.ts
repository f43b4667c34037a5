import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { signedUp, valuedSwedishTradeIn } from '../../test/fixtures'
import { decode, uniqueEmail } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'
import { formatMoney } from '../i18n/formats'
import { renderNotification } from './notification-mail'

const nb = CATALOGS['nb-NO']
const sv = CATALOGS['sv-SE']

async function latestMail(recipient: string, kind: string) {
  return env.DB.prepare('SELECT * FROM notifications WHERE recipient = ?1 AND kind = ?2 ORDER BY rowid DESC LIMIT 1')
    .bind(recipient, kind)
    .first<{ id: string; kind: string; locale: string; recipient: string; payload: string; status: string }>()
}

describe('staff answer quotes with an offer', () => {
  it('after a confirmation, with a note; the customer is e-mailed and sees it; the audit log has it', async () => {
    const { someone: customer } = await signedUp('/no', 'Kari Nordmann')
    const saved = await customer.postForm('/no/configurator/p5', { configuration: 'version=long-range' })
    const configurationId = /overview\/([\w-]+)/.exec(saved.headers.get('location') ?? '')?.[1] ?? ''
    const quoteEmail = uniqueEmail('quote')
    await customer.postForm(`/no/configurator/test-drive-submission/quote/${configurationId}`, {
      name: 'Kari Nordmann',
      email: quoteEmail,
      phone: '412 34 567',
      privacyAccepted: 'yes',
    })
    const quoteId = (
      await env.DB.prepare('SELECT id FROM quote_requests WHERE configuration_id = ?1')
        .bind(configurationId)
        .first<{ id: string }>()
    )?.id
    expect(quoteId).toBeTruthy()
    const { someone: staff, email: staffEmail } = await signedUp('/no', 'Siri Staff', 'NO')
    const console = decode(await (await staff.request('/no/staff')).text())
    expect(console).toContain(quoteEmail)
    const question = decode(await (await staff.request(`/no/staff?reply=quote:${quoteId}`)).text())
    expect(question).toContain(nb['staff.quotes.confirm'])

    const invalid = await staff.postForm(
      '/no/staff',
      { intent: 'quoteOffer', id: quoteId ?? '', amount: '449.900', note: '' },
      `/no/staff?reply=quote:${quoteId}`,
    )
    expect(invalid.status).toBe(422)
    expect(decode(await invalid.text())).toContain(
      nb['validation.invalid'].replace('{label}', nb['staff.quotes.offerLabel']),
    )
    expect(await latestMail(quoteEmail, 'quoteOffered')).toBeNull()

    const res = await staff.postForm(
      '/no/staff',
      { intent: 'quoteOffer', id: quoteId ?? '', amount: '449 900', note: 'Winter tyres included' },
      `/no/staff?reply=quote:${quoteId}`,
    )
    expect(res.status).toBe(303)
    const offer = formatMoney({ amount: 44_990_000, currency: 'NOK' }, 'nb-NO')
    const mail = await latestMail(quoteEmail, 'quoteOffered')
    const rendered = await renderNotification(env, mail as NonNullable<typeof mail>)
    expect(rendered.body).toContain(offer)
    expect(rendered.body).toContain('Winter tyres included')
    const profile = decode(await (await customer.request('/no/user-center/profile')).text())
    expect(profile).toContain(offer)
    expect(profile).toContain('Winter tyres included')
    const audit = decode(await (await staff.request('/no/staff')).text())
    const section = audit.slice(audit.indexOf('id="staff-audit"'))
    expect(section).toContain(`${nb['staff.audit.record.quote']} ${quoteId}`)
    expect(section).toContain(staffEmail)
    expect(section).toContain(`${nb['staff.audit.status.requested']} → ${nb['staff.audit.status.offered']}`)
    expect(section).toContain('Winter tyres included')
  })

  it('refuses staff of another country', async () => {
    const { someone: customer } = await signedUp('/no', 'Kari')
    const saved = await customer.postForm('/no/configurator/p5', { configuration: 'version=long-range' })
    const configurationId = /overview\/([\w-]+)/.exec(saved.headers.get('location') ?? '')?.[1] ?? ''
    await customer.postForm(`/no/configurator/test-drive-submission/quote/${configurationId}`, {
      name: 'Kari',
      email: uniqueEmail('q'),
      phone: '412 34 567',
      privacyAccepted: 'yes',
    })
    const quoteId =
      (
        await env.DB.prepare('SELECT id FROM quote_requests WHERE configuration_id = ?1')
          .bind(configurationId)
          .first<{ id: string }>()
      )?.id ?? ''
    const { someone: swede } = await signedUp('/se', 'Sven Staff', 'SE')
    const res = await swede.postForm(
      '/se/staff',
      { intent: 'quoteOffer', id: quoteId, amount: '1000', note: '' },
      '/se/user-center/profile',
    )
    expect(res.status).toBe(404)
    const row = await env.DB.prepare('SELECT status FROM quote_requests WHERE id = ?1').bind(quoteId).first()
    expect(row).toEqual({ status: 'requested' })
  })
})

describe('staff confirm or adjust a trade-in after the inspection', () => {
  it('sets the final value for 30 days; the owner is e-mailed and sees it; the audit log says adjusted', async () => {
    const { someone: customer, email } = await signedUp('/se', 'Anna Berg')
    const { vin, valuationId } = await valuedSwedishTradeIn(customer)
    const { someone: staff } = await signedUp('/se', 'Sven Staff', 'SE')
    expect(decode(await (await staff.request('/se/staff')).text())).toContain(vin)
    const res = await staff.postForm(
      '/se/staff',
      { intent: 'tradeInInspection', id: valuationId, amount: '350 000', note: 'Scratch on the rear door' },
      `/se/staff?reply=tradeIn:${valuationId}`,
    )
    expect(res.status).toBe(303)
    const final = formatMoney({ amount: 35_000_000, currency: 'SEK' }, 'sv-SE')
    const profile = decode(await (await customer.request('/se/user-center/profile')).text())
    expect(profile).toContain(sv['profile.tradeIns.final'].split('{amount}')[0])
    expect(profile).toContain(final)
    const mail = await latestMail(email, 'tradeInInspected')
    expect((await renderNotification(env, mail as NonNullable<typeof mail>)).body).toContain(final)
    const audit = decode(await (await staff.request('/se/staff')).text())
    const section = audit.slice(audit.indexOf('id="staff-audit"'))
    expect(section).toContain(sv['staff.audit.action.adjust'])
    expect(section).toContain('Scratch on the rear door')
  })
})
