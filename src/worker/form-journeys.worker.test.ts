import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { customerWithBuild, DUTCH_ORDER_FORM, payOrder, placedOrderId, sentOrderMail } from '../../test/fixtures'
import { decode, uniqueEmail, visitor } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'
import { intlFor, type MessageKey } from '../i18n/intl'
import { SITES } from '../i18n/sites'

/** The text a reader sees: no scripts, no tags, entities decoded. */
const visibleText = (html: string) =>
  decode(
    html
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<style[\s\S]*?<\/style>/g, ' ')
      .replace(/<[^>]+>/g, ' '),
  )

/** A signed-in customer of a site with a saved default car. */
const customer = (prefix: string) => customerWithBuild(prefix, 'version=long-range')

const ORDERING_SITES = SITES.filter((site) => site.canOrder && !(site.countryCode === 'BE' && site.prefix === '/be'))

describe('the consent errors of the order form', () => {
  it('name the consent in every ordering language, with no raw placeholder', async () => {
    expect(ORDERING_SITES.map((s) => s.locale)).toHaveLength(12)
    for (const site of ORDERING_SITES) {
      const { person, configurationId } = await customer(site.prefix)
      const res = await person.postForm(`${site.prefix}/configurator/info-submission/${configurationId}`, {
        kind: 'order',
        firstName: '',
      })
      expect(res.status).toBe(422)
      const text = visibleText(await res.text())
      const messages = CATALOGS[site.locale]
      const expected = messages['order.problem.consentRequired'].replace(
        '{consent}',
        messages['order.consentName.orderAgreement'],
      )
      expect(text, site.prefix).toContain(expected)
      expect(text, site.prefix).not.toMatch(/\{[a-zA-Z]+\}/)
    }
    // Twelve sign-ups, each hashing a password.
  }, 30_000)
})

describe('after a failed submit', () => {
  it('keeps the ticked boxes and the typed values of the order form', async () => {
    const { person, configurationId } = await customer('/nl')
    const res = await person.postForm(`/nl/configurator/info-submission/${configurationId}`, {
      kind: 'order',
      firstName: 'Anne',
      lastName: '',
      terms: 'yes',
      marketing: 'yes',
    })
    expect(res.status).toBe(422)
    const html = await res.text()
    expect(html).toMatch(/<input[^>]*id="order-terms"[^>]*checked=""/)
    expect(html).toMatch(/<input[^>]*id="order-marketing"[^>]*checked=""/)
    expect(html).not.toMatch(/<input[^>]*id="order-orderAgreement"[^>]*checked=""/)
    expect(html).toMatch(/<input[^>]*id="order-firstName"[^>]*value="Anne"/)
  })

  it('shows an error summary that takes the focus and links every problem to its field', async () => {
    const { person, configurationId } = await customer('/de')
    const res = await person.postForm(`/de/configurator/info-submission/${configurationId}`, {
      kind: 'order',
      firstName: '',
      terms: 'yes',
    })
    const html = decode(await res.text())
    const summary = /<div[^>]*id="order-error-summary"[^>]*>([\s\S]*?)<\/div>/.exec(html)
    expect(summary?.[0]).toMatch(/autofocus=""/)
    expect(summary?.[0]).toMatch(/tabindex="-1"/)
    expect(summary?.[0]).toMatch(/role="alert"/)
    const de = CATALOGS['de-DE']
    expect(summary?.[1]).toContain(de['validation.summary.title'])
    expect(summary?.[1]).toContain(
      `href="#order-firstName">${de['validation.required'].replace('{label}', de['order.field.firstName'])}</a>`,
    )
    expect(summary?.[1]).toContain('href="#order-orderAgreement"')
    // Every link leads to a control that exists on the page.
    for (const [, id] of (summary?.[1] ?? '').matchAll(/href="#([\w-]+)"/g)) expect(html).toContain(`id="${id}"`)
    // Nothing to summarise on a fresh form.
    const fresh = await (await person.request(`/de/configurator/info-submission/${configurationId}`)).text()
    expect(fresh).not.toContain('error-summary')
  })

  it('tells a quote request it needs the privacy statement for a quote, and keeps its boxes', async () => {
    const { person, configurationId } = await customer('/se')
    const res = await person.postForm(`/se/configurator/test-drive-submission/quote/${configurationId}`, {
      name: 'Anna Berg',
      email: 'anna@example.se',
      phone: '',
      marketing: 'yes',
    })
    expect(res.status).toBe(422)
    const html = decode(await res.text())
    const sv = CATALOGS['sv-SE']
    expect(html).toContain(sv['quote.problem.privacyRequired'])
    expect(html).not.toContain(sv['testDrive.problem.privacyRequired'])
    expect(html).toMatch(/<input[^>]*id="quote-marketing"[^>]*checked=""/)
    expect(html).toContain('href="#quote-privacy"')
    const again = await person.postForm(`/se/configurator/test-drive-submission/quote/${configurationId}`, {
      name: 'Anna Berg',
      email: 'anna@example.se',
      phone: '',
      privacyAccepted: 'yes',
    })
    expect(await again.text()).toMatch(/<input[^>]*id="quote-privacy"[^>]*checked=""/)
  })

  it('keeps the privacy box of the home-charger enquiry and summarises its problems', async () => {
    const person = visitor()
    const res = await person.postForm('/nl/home-charger', { name: '', privacyAccepted: 'yes' })
    expect(res.status).toBe(422)
    const html = decode(await res.text())
    expect(html).toMatch(/<input[^>]*id="charger-privacy"[^>]*checked=""/)
    const nl = CATALOGS['nl-NL']
    const required = (label: MessageKey) => nl['validation.required'].replace('{label}', nl[label])
    expect(html).toContain(`href="#charger-name">${required('field.name')}</a>`)
  })
})

describe('reserving without JavaScript', () => {
  it('offers ordering and reserving as links, each with its own agreement and button, and places the reservation', async () => {
    const { person, configurationId } = await customer('/nl')
    const nl = CATALOGS['nl-NL']
    const path = `/nl/configurator/info-submission/${configurationId}`
    const order = decode(await (await person.request(path)).text())
    expect(order).toContain(`href="${path}?kind=reservation"`)
    expect(order).toContain(nl['order.submit.order'])
    expect(order).not.toContain('id="order-reservationAgreement"')
    const reserve = decode(await (await person.request(`${path}?kind=reservation`)).text())
    expect(reserve).toContain('name="kind" value="reservation"')
    expect(reserve).toContain('id="order-reservationAgreement"')
    expect(reserve).not.toContain('id="order-orderAgreement"')
    expect(reserve).toContain(`>${nl['order.submit.reservation']}</button>`)
    const { orderAgreement: _, ...orderFields } = DUTCH_ORDER_FORM
    const res = await person.postForm(
      `${path}?kind=reservation`,
      { ...orderFields, kind: 'reservation', reservationAgreement: 'yes' },
      `${path}?kind=reservation`,
    )
    expect(res.status).toBe(303)
    // Its e-mail calls it what it is, a reservation, in the subject and in the greeting.
    const orderId = /result-confirmation\/([\w-]+)/.exec(res.headers.get('location') ?? '')?.[1] ?? ''
    const mail = await sentOrderMail(orderId, 'orderPlaced')
    const number = /[A-Z]{2}-NL-[A-Z0-9]+/.exec(mail.subject)?.[0] ?? ''
    const intl = intlFor('nl-NL', nl)
    const say = (id: MessageKey, kind: string) => intl.formatMessage({ id }, { kind, number, name: 'Anne' })
    expect(mail.subject).toBe(say('mail.orderPlaced.subject', 'reservation'))
    expect(mail.subject).not.toBe(say('mail.orderPlaced.subject', 'order'))
    expect(mail.body.startsWith(say('mail.orderPlaced.body', 'reservation'))).toBe(true)
  })
})

describe('the order form asks what applies', () => {
  it('marks the business fields for a business, and asks the birthday only once a private lease is chosen', async () => {
    const { person, configurationId } = await customer('/nl')
    const form = `/nl/configurator/info-submission/${configurationId}`
    const html = await (await person.request(form)).text()
    expect(html).toMatch(/<fieldset class="field order-form__business">/)
    expect(html).not.toContain('name="birthday"')
    const lease = await (await person.request(`${form}?finance=privateLease`)).text()
    expect(lease).toMatch(/<div class="order-form__birthday">[\s\S]*?type="date"/)
    const swedish = await customer('/se')
    const se = await (
      await swedish.person.request(`/se/configurator/info-submission/${swedish.configurationId}`)
    ).text()
    expect(se).not.toContain('name="birthday"')
  })
})

describe('the order form says which rule an entry breaks', () => {
  it('states the age rule for an under-18 Dutch private lease, the limit of a long name, the characters of a name', async () => {
    const nl = CATALOGS['nl-NL']
    const { person, configurationId } = await customer('/nl')
    const res = await person.postForm(`/nl/configurator/info-submission/${configurationId}`, {
      kind: 'order',
      firstName: 'Anne 🚗',
      lastName: 'de Vries'.repeat(12),
      financePreference: 'privateLease',
      birthday: '2012-05-01',
    })
    expect(res.status).toBe(422)
    const text = visibleText(await res.text())
    expect(text).toContain(nl['order.problem.tooYoungToLease'].replace('{age}', '18'))
    expect(text).toContain(
      nl['validation.tooLong'].replace('{label}', nl['order.field.lastName']).replace('{max}', '80'),
    )
    expect(text).toContain(nl['validation.nameCharacters'].replace('{label}', nl['order.field.firstName']))
    expect(text).not.toContain(nl['validation.invalid'].replace('{label}', nl['order.field.birthday']))
  })
})

describe('signing up with a short password', () => {
  it('states the length rule, not "enter your password"', async () => {
    const res = await visitor().signUp('/nl', { name: 'Anne', email: uniqueEmail('short'), password: 'kort' })
    expect(res.status).toBe(422)
    const text = visibleText(await res.text())
    const nl = CATALOGS['nl-NL']
    expect(text).toContain(nl['validation.passwordLength'])
    expect(text).not.toContain(nl['validation.required'].replace('{label}', nl['auth.field.password'].toLowerCase()))
  })
})

describe('a name the form cannot take', () => {
  it('on signing up, says what a name may hold, not "not valid"', async () => {
    const nl = CATALOGS['nl-NL']
    const res = await visitor().signUp('/nl', {
      name: 'Anne 🚗',
      email: uniqueEmail('emoji'),
      password: 'lang genoeg!',
    })
    expect(res.status).toBe(422)
    const text = visibleText(await res.text())
    expect(text).toContain(nl['validation.nameCharacters'].replace('{label}', nl['field.name']))
    expect(text).not.toContain(nl['validation.invalid'].replace('{label}', nl['field.name']))
  })

  it('on a home-charger enquiry, says the limit of a long name', async () => {
    const de = CATALOGS['de-DE']
    const res = await visitor().postForm('/de/home-charger', { name: 'Anna Berg'.repeat(10), privacyAccepted: 'yes' })
    expect(res.status).toBe(422)
    const text = visibleText(await res.text())
    expect(text).toContain(de['validation.tooLong'].replace('{label}', de['charger.field.name']).replace('{max}', '80'))
  })
})

describe('a test drive the store confirmed', () => {
  it('no longer says the slot is not guaranteed', async () => {
    const res = await visitor().request('/api/v1/stores/se-goteborg-avenyn/slots?site=/se')
    const [slot] = ((await res.json()) as { slots: { start: string }[] }).slots
    const person = visitor()
    const booked = await person.postForm('/se/test-drive/p5', {
      storeId: 'se-goteborg-avenyn',
      modelCode: 'p5',
      name: 'Greta Garbo',
      email: 'greta@example.com',
      phone: '070-123 45 67',
      privacyAccepted: 'yes',
      slotStart: slot?.start ?? '',
    })
    const location = booked.headers.get('location') ?? ''
    const sv = CATALOGS['sv-SE']
    expect(visibleText(await (await person.request(location)).text())).toContain(sv['testDrive.note.notGuaranteed'])
    const id = new URL(location, 'http://local.test').searchParams.get('booking')
    await env.DB.prepare(`UPDATE test_drive_bookings SET status = 'confirmed' WHERE id = ?1`).bind(id).run()
    const confirmed = visibleText(await (await person.request(location)).text())
    expect(confirmed).toContain(sv['page.testDriveResult.confirmedHeading'])
    expect(confirmed).not.toContain(sv['testDrive.note.notGuaranteed'])
    expect(confirmed).not.toContain(sv['page.testDriveResult.lead'])
  })
})

describe('small things a customer meets', () => {
  it('sends a visitor of the global test drive to a country instead of an empty store list', async () => {
    const html = decode(await (await visitor().request('/test-drive')).text())
    expect(html).toContain(CATALOGS['en-US']['testDrive.global.heading'])
    expect(html).toContain('href="/nl/test-drive"')
    expect(html).not.toContain('id="store-select"')
  })

  it('keeps the space in the footer\'s "Land en taal: Nederland"', async () => {
    const html = await (await visitor().request('/nl')).text()
    expect(html).toMatch(/<summary><span>Land en taal<!-- -->: <span lang="nl-NL">Nederland/)
  })

  it('promises no redirect home on the saved overview before JavaScript runs it', async () => {
    const { person, configurationId } = await customer('/nl')
    const raw = await (await person.request(`/nl/configurator/overview/${configurationId}?saved=1`)).text()
    const nl = CATALOGS['nl-NL']
    const countdown = nl['overview.countdown'].split('{')[0]?.trim() ?? ''
    // The countdown's notice is in the HTML, so that nothing moves when it starts; without JavaScript it is hidden.
    expect(raw).toContain('<noscript><link rel="stylesheet" href="/noscript.css"/></noscript>')
    const live = /<div class="countdown__live">[\s\S]*?<\/div>/.exec(raw)?.[0] ?? ''
    expect(visibleText(live)).toContain(countdown)
    const rest = visibleText(raw.replace(live, ''))
    expect(rest).toContain(nl['overview.saved'])
    expect(rest).not.toContain(countdown)
  })
})

describe('a rule conflict in the configurator', () => {
  it('is explained in the step of the choice that caused it, where a link without JavaScript lands', async () => {
    const html = await (
      await visitor().request(
        '/nl/configurator/p5?version=long-range&accessories=bike-carrier&chose=accessoryCodes:bike-carrier',
      )
    ).text()
    const step = /<section class="step" aria-labelledby="step-accessoryCodes"[\s\S]*?<\/section>/.exec(html)?.[0] ?? ''
    expect(step).toContain('id="changes-title"')
    expect(step).toContain('Fietsendrager')
    // Each choice link lands on its own step.
    expect(html).toMatch(/href="[^"]*chose=accessoryCodes%3Abike-carrier#choose-accessoryCodes"/)
  })
})

describe('the order detail', () => {
  it('leads an unpaid order back to payment, and after paying shows what was paid, not "due today"', async () => {
    const { person, configurationId } = await customer('/nl')
    const placed = await person.postForm(`/nl/configurator/info-submission/${configurationId}`, DUTCH_ORDER_FORM)
    const id = placedOrderId(placed)
    const nl = CATALOGS['nl-NL']
    const unpaid = visibleText(await (await person.request(`/nl/order/${id}`)).text())
    const payLink = await (await person.request(`/nl/order/${id}`)).text()
    expect(payLink).toContain(`href="/nl/order/result-confirmation/${id}"`)
    expect(unpaid).toContain(nl['order.summary.dueToday'].split('{')[0]?.replace(/[:\s]+$/, ''))
    await payOrder(person, '/nl', id)
    const paidHtml = await (await person.request(`/nl/order/${id}`)).text()
    const paid = visibleText(paidHtml)
    expect(paid).not.toContain(nl['order.summary.dueToday'].split('{')[0]?.replace(/[:\s]+$/, ''))
    expect(paidHtml).toMatch(new RegExp(`<dt>${nl['order.status.paid']}</dt><dd>€\\s500,00</dd>`))
    expect(paidHtml).not.toContain(`href="/nl/order/result-confirmation/${id}"`)
    // Each step of the timeline keeps its name apart from its state and date.
    expect(paidHtml).toMatch(/<span class="timeline__name">[^<]+<\/span> <span class="timeline__meta">/)
    expect(paidHtml).toMatch(/<\/span> · <span class="timeline__date">/)
  })
})

describe('Icelandic numbers and dates', () => {
  it('are written the Icelandic way on the Icelandic site, though the runtime has no data for them', async () => {
    // The runtime's own formatter falls back to English for Icelandic.
    expect(new Intl.NumberFormat('is-IS', { style: 'currency', currency: 'ISK' }).format(1000)).not.toContain('kr.')
    const html = decode(await (await visitor().request('/is/configurator/p5')).text())
    expect(html).toMatch(/\d{1,3}(\.\d{3})+\skr\./)
    expect(html).not.toMatch(/ISK\s?\d/)
    const months = /\d{2}\s(jan|feb|mar|apr|maí|jún|júl|ágú|sep|okt|nóv|des)\.?,\s\d{4}/
    expect(html).toMatch(months)
    expect(html).not.toMatch(/\d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec), \d{4}/)
  })
})

describe('the finance choice in the configurator', () => {
  it('travels with every choice link, so it is not lost while configuring', async () => {
    const html = await (await visitor().request('/nl/configurator/p5?finance=loan&term=48')).text()
    const paintLink = /<a class="choice[^"]*" href="([^"]*chose=paintCode[^"]*)"/.exec(html)?.[1] ?? ''
    expect(paintLink).toContain('finance=loan')
    expect(paintLink).toContain('term=48')
  })
})

/**
 * The order form offers each finance kind as a link to the form with it, and marks the chosen one (and only it) as
 * current: cash and the loan are both offered on the Dutch site.
 */
function expectFinanceChosen(form: string, chosen: 'cash' | 'loan') {
  const nl = CATALOGS['nl-NL']
  const choices = /<nav[^>]*id="order-finance"[^>]*>(.*?)<\/nav>/s.exec(form)?.[1] ?? ''
  const links = [...choices.matchAll(/<a href="([^"]*)"( aria-current="true")?>([^<]*)<\/a>/g)]
  expect(links.map((link) => link[3])).toEqual(
    expect.arrayContaining([nl['finance.product.cash'], nl['finance.product.loan']]),
  )
  const kindOf = (label: string) =>
    Object.entries(nl)
      .find(([key, text]) => key.startsWith('finance.product.') && text === label)?.[0]
      .slice(16)
  for (const [, href = '', , label = ''] of links) {
    // Each link opens this order form with its own kind, so the figures shown are those the order is placed with.
    expect(href).toMatch(/^\/nl\/configurator\/info-submission\/[\w-]+\?/)
    expect(new URLSearchParams(href.split('?')[1]).get('finance'), label).toBe(kindOf(label))
  }
  const marked = links.filter((link) => link[2])
  expect(marked.map((link) => link[3])).toEqual([nl[`finance.product.${chosen}`]])
  expect(marked[0]?.[1]).toContain(`finance=${chosen}`)
}

describe('the finance choice after saving', () => {
  it('is on the overview and preselected on the order form', async () => {
    const person = visitor()
    await person.signUp('/nl', {
      name: 'Anne de Vries',
      email: uniqueEmail('finance'),
      password: 'correct horse battery',
    })
    const saved = await person.postForm('/nl/configurator/p5', {
      configuration: 'version=long-range&finance=loan&term=48',
    })
    const overview = saved.headers.get('location') ?? ''
    expect(overview).toMatch(/\/nl\/configurator\/overview\/[\w-]+\?saved=1&finance=loan$/)
    const nl = CATALOGS['nl-NL']
    const html = decode(await (await person.request(overview)).text())
    expect(html).toContain(`<dt>${nl['overview.finance']}</dt><dd>${nl['finance.product.loan']}</dd>`)
    const orderLink = /href="(\/nl\/configurator\/info-submission\/[^"]+)"/.exec(html)?.[1] ?? ''
    expect(orderLink).toContain('finance=loan')
    const form = decode(await (await person.request(orderLink)).text())
    expectFinanceChosen(form, 'loan')
  })
})

describe('the finance choice kept with the saved build', () => {
  it('comes back on the overview, the order form and the configurator opened later by their plain links', async () => {
    const person = visitor()
    await person.signUp('/nl', { name: 'Sanne Bakker', email: uniqueEmail('kept'), password: 'correct horse battery' })
    const saved = await person.postForm('/nl/configurator/p5', {
      configuration: 'version=long-range&finance=loan&term=36',
    })
    const id = /\/nl\/configurator\/overview\/([\w-]+)\?/.exec(saved.headers.get('location') ?? '')?.[1] ?? ''
    expect(id).not.toBe('')
    const nl = CATALOGS['nl-NL']
    // The overview and the order form reached without ?finance= (a bookmark, the profile, another day).
    const overview = decode(await (await person.request(`/nl/configurator/overview/${id}`)).text())
    expect(overview).toContain(`<dt>${nl['overview.finance']}</dt><dd>${nl['finance.product.loan']}</dd>`)
    const form = decode(await (await person.request(`/nl/configurator/info-submission/${id}`)).text())
    expectFinanceChosen(form, 'loan')
    // The configurator of the saved build opens on the loan over 36 months.
    const configurator = await (await person.request(`/nl/configurator/${id}`)).text()
    expect(configurator).toMatch(/<option value="36" selected="">/)
    expect(configurator).toMatch(/"selected":"loan"/)
    // A build saved without a finance choice keeps none.
    const plain = await person.postForm('/nl/configurator/p5', { configuration: 'version=long-range' })
    const plainId = /\/nl\/configurator\/overview\/([\w-]+)\?/.exec(plain.headers.get('location') ?? '')?.[1] ?? ''
    const plainOverview = decode(await (await person.request(`/nl/configurator/overview/${plainId}`)).text())
    expect(plainOverview).not.toContain(`<dt>${nl['overview.finance']}</dt>`)
  })
})
