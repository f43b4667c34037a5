// Fills a storefront form the way a German customer would, for the screenshots (scripts/screenshots.mjs) and the
// browser tests that need a submitted form (e2e/page-layout.e2e.ts).

/**
 * Fills the visible, empty fields of a form (a playwright-core Locator) with plausible German values: the first
 * option of a required select, the first choice of a radio group with none chosen, the required and legal
 * consents. Optional fields that change what is ordered (finance, company, coupon, codes) are left as they are.
 */
export async function fillRequired(form, emailTag = 'form') {
  const fields = form.locator('input, select, textarea')
  for (let i = 0; i < (await fields.count()); i++) {
    const field = fields.nth(i)
    if (!(await field.isVisible())) continue
    const tag = await field.evaluate((el) => el.tagName.toLowerCase())
    const type = (await field.getAttribute('type')) ?? 'text'
    const name = ((await field.getAttribute('name')) ?? '').toLowerCase()
    const required = (await field.getAttribute('required')) !== null
    if (/finance|apartment|company|credit|coupon|code/.test(name) && !required) continue
    if (tag === 'select') {
      if (!required) continue
      const values = await field.locator('option').evaluateAll((options) => options.map((o) => o.value).filter(Boolean))
      if (values.length) await field.selectOption(values[0])
    } else if (type === 'checkbox') {
      if (required || /terms|agreement|privacy|consent/.test(name)) await field.check()
    } else if (type === 'radio') {
      if (!(await form.locator(`input[name="${name}"]:checked`).count())) await field.check()
    } else if (!['text', 'email', 'tel', 'date', 'number', 'password', 'search'].includes(type)) continue
    else if ((await field.inputValue()) !== '') continue
    else if (type === 'email' || name.includes('email')) await field.fill(`${emailTag}.${Date.now()}@example.com`)
    else if (type === 'tel' || name.includes('phone')) await field.fill('+49 30 1234567')
    else if (type === 'date') await field.fill('1990-04-12')
    else if (type === 'number' || name.includes('mileage')) await field.fill('42000')
    else if (name.includes('zip') || name.includes('postal')) await field.fill('10115')
    else if (name.includes('city')) await field.fill('Berlin')
    else if (name.includes('street') || name.includes('address')) await field.fill('Unter den Linden 1')
    else if (name.includes('first')) await field.fill('Erika')
    else if (name.includes('last') || name === 'name') await field.fill('Erika Mustermann')
    else if (name.includes('vin')) await field.fill(`WVWZZZ1JZXW${String(Date.now()).slice(-6)}`)
    else if (name.includes('plate')) await field.fill('B-EM 1234')
    else if (name.includes('password')) await field.fill('a long enough password')
    else if (required) await field.fill('Mustermann')
  }
}
