import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { customerWithBuild, DUTCH_ORDER_FORM, payOrder, placedOrderId } from '../../test/fixtures'
import { decode, visitor } from '../../test/visitor'
import { CATALOGS } from '../i18n/catalogs'
import { app } from './index'

// Issue 20's page designs as the server sends them (no JavaScript): the configurator's sections, the order
// form's folded price, the overview's spec lists and actions, the confirmation's car and timeline.

const de = CATALOGS['de-DE']
const nl = CATALOGS['nl-NL']
const text = (html: string) => html.replace(/<[^>]+>/g, '')

describe('the configurator’s sections', () => {
  it('groups the steps under numbered section headings in the page’s language, each step under its section', async () => {
    const html = decode(await (await visitor().request('/de/configurator/p5')).text())
    const headings = [...html.matchAll(/<(h[23]) id="step-(\w+)" class="step__title">([^<]+)<\/h[23]>/g)].map(
      (m) => `${m[1]} ${m[2]}: ${m[3]}`,
    )
    expect(headings).toEqual([
      `h2 versionCode: ${de['configurator.step.version']}`,
      `h2 exterior: ${de['configurator.section.exterior']}`,
      `h3 paintCode: ${de['configurator.step.paint']}`,
      `h3 wheelCode: ${de['configurator.step.wheels']}`,
      `h2 interiorCode: ${de['configurator.step.interior']}`,
      `h2 options: ${de['configurator.section.options']}`,
      `h3 packCodes: ${de['configurator.step.options']}`,
      `h3 accessoryCodes: ${de['configurator.step.accessories']}`,
      `h2 usage: ${de['configurator.usage.label']}`,
    ])
    // Paint and wheels sit inside the exterior section, before the interior section starts.
    const exterior = html.slice(html.indexOf('id="step-exterior"'), html.indexOf('id="choose-interiorCode"'))
    expect(exterior).toContain('id="choose-paintCode"')
    expect(exterior).toContain('id="choose-wheelCode"')
    // The choices are still links (no JavaScript needed), anchored at their step.
    expect(exterior).toMatch(/<a class="choice choice--tile" href="[^"]*paint=fjord-blue[^"]*#choose-paintCode"/)
  })
})

describe('the order form’s price', () => {
  it('folds the itemised price under the total in a closed <details>, with its toggle in the page’s language', async () => {
    const { person, configurationId } = await customerWithBuild('/nl')
    const html = decode(await (await person.request(`/nl/configurator/info-submission/${configurationId}`)).text())
    const row = html.slice(html.indexOf('<aside class="form-car"'), html.indexOf('<details class="form-car__details">'))
    // The total stays in the compact row, before the fold.
    expect(row).toMatch(/<span class="form-car__amount">[^<]*\d[^<]*<\/span>/)
    const start = html.indexOf('<details class="form-car__details">')
    const folded = html.slice(start, html.indexOf('</details>', start))
    expect(folded).not.toBe('')
    expect(folded).toContain(`<summary class="form-car__toggle">${nl['configurator.price.details']}</summary>`)
    expect(folded).toContain('<table class="price-breakdown">')
    expect(folded).toContain(nl['order.price.heading'])
    // Closed when the page arrives: the first field comes soon after the total on a phone.
    expect(html).not.toMatch(/<details class="form-car__details" open/)
  })
})

describe('the overview', () => {
  it('lists the configuration and the specifications as term and value, beside the price and the actions', async () => {
    const { person, configurationId } = await customerWithBuild('/de')
    const html = decode(await (await person.request(`/de/configurator/overview/${configurationId}`)).text())
    expect(html).toMatch(/<div class="overview__stage"><svg class="car-render"[^>]*data-view="front"/)
    const rows = [...html.matchAll(/<div><dt>([^<]+)<\/dt><dd>([^<]+)<\/dd><\/div>/g)].map((m) => `${m[1]}: ${m[2]}`)
    expect(rows).toContain(`${de['configurator.step.version']}: Große Reichweite`)
    expect(rows).toContain(`${de['configurator.step.paint']}: Fjordblau`)
    expect(rows).toContain(`${de['compare.range']}: ${de['compare.rangeValue'].replace('{km}', '465')}`)
    expect(rows).toContain(`${de['overview.drive']}: ${de['overview.drive.frontWheelDrive']}`)
    // The first action is the primary one, the others follow in the same list, editing last.
    const actions = html.slice(
      html.indexOf('<nav class="next-steps"'),
      html.indexOf('</nav>', html.indexOf('<nav class="next-steps"')),
    )
    expect(actions).toMatch(
      new RegExp(`^<nav[^>]*><ul><li><a class="button button--primary" href="/de/pre-order/${configurationId}/p5">`),
    )
    expect(text(actions).endsWith(de['overview.edit'])).toBe(true)
  })

  it('offers the build’s address on the official origin to share, whichever host served the page', async () => {
    const { person, configurationId } = await customerWithBuild('/de')
    const cookie = [...person.jar].map(([name, value]) => `${name}=${value}`).join('; ')
    const official = 'https://www.nordvolt.example'
    const res = await app.request(
      `/de/configurator/overview/${configurationId}`,
      { headers: { cookie } },
      { ...env, OFFICIAL_URL: official },
    )
    expect(res.status).toBe(200)
    const html = decode(await res.text())
    expect(html).toContain(
      `<input id="share-url" type="url" readOnly="" value="${official}/de/configurator/${configurationId}"/>`,
    )
  })
})

describe('the order confirmation', () => {
  it('shows the order number, the car as ordered, paying as the next step and the timeline with the current step marked', async () => {
    const { person, configurationId } = await customerWithBuild('/nl')
    const placed = await person.postForm(`/nl/configurator/info-submission/${configurationId}`, DUTCH_ORDER_FORM)
    const id = placedOrderId(placed)
    const html = decode(await (await person.request(`/nl/order/result-confirmation/${id}`)).text())
    const number = /NV-NL-[A-Z0-9]+/.exec(html)?.[0] ?? ''
    expect(number).not.toBe('')
    expect(html).toContain(`<p class="page__lead">${nl['page.resultConfirmation.lead'].replace('{order}', number)}</p>`)
    expect(html).toMatch(/<section class="order-detail__car"[^>]*>.*<svg class="car-render"[^>]*data-view="front"/)
    expect(html).toMatch(/<title id="[^"]+">[^<]*Fjordblauw[^<]*<\/title>/)
    // Paying comes before the timeline; the timeline's first step is the current one.
    expect(html.indexOf('<form class="form next-action payment-step"')).toBeGreaterThan(0)
    expect(html.indexOf('<form class="form next-action payment-step"')).toBeLessThan(
      html.indexOf('<ol class="timeline">'),
    )
    expect(html).toMatch(/<ol class="timeline"><li class="timeline__step timeline__step--current" aria-current="step">/)
    expect(html).toContain(`<h2 id="timeline-title">${nl['order.timeline.heading']}</h2>`)
    expect(html).toContain(`href="/nl/order/${id}">${nl['order.view']}</a>`)

    // Back from the provider's page after a declined card: the same page, car and timeline, with what happened.
    expect((await payOrder(person, '/nl', id, '4000000000000002')).status).toBe(402)
    const left = await person.request(`/nl/order/result-confirmation/${id}?payment=left`)
    const again = decode(await left.text())
    expect(again).toContain(nl['payment.return.declined'])
    expect(again).toContain('<ol class="timeline">')
    expect(again).toMatch(/<svg class="car-render"/)
  })
})
