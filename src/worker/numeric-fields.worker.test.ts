import { describe, expect, it } from 'vitest'
import { customerWithBuild, DUTCH_ORDER_FORM, openCheckout, placedOrderId } from '../../test/fixtures'
import { visitor } from '../../test/visitor'

type Visitor = ReturnType<typeof visitor>

type Keypad = 'numeric' | 'decimal' | 'tel'

/** The storefront's fields that take numbers, by name, and the keypad each brings up on a phone. */
const STOREFRONT_KEYPADS: Record<string, Keypad> = {
  zip: 'numeric',
  phone: 'tel',
  mileage: 'numeric',
  down: 'decimal',
  balloon: 'decimal',
}

/** The payment page's card fields (Stripe Checkout's stand-in), with what the browser may fill them from. */
const CARD_FIELDS: Record<string, { keypad: Keypad; autocomplete: string }> = {
  number: { keypad: 'numeric', autocomplete: 'cc-number' },
  expiry: { keypad: 'numeric', autocomplete: 'cc-exp' },
  cvc: { keypad: 'numeric', autocomplete: 'cc-csc' },
}

interface Input {
  name: string
  inputmode: string | null
  autocomplete: string | null
}

/** The named inputs of a server-rendered page (React writes `inputMode`, HTML reads attribute names in any case). */
function inputsOf(html: string): Input[] {
  return [...html.matchAll(/<input\b([^>]*)>/g)].flatMap(([, attributes = '']) => {
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(attributes)?.[1] ?? null
    const name = attribute('name')
    return name && attribute('type') !== 'hidden'
      ? [{ name, inputmode: attribute('inputmode'), autocomplete: attribute('autocomplete') }]
      : []
  })
}

async function pageInputs(person: Visitor, path: string): Promise<Input[]> {
  const res = await person.request(path)
  expect(res.status, path).toBe(200)
  return inputsOf(await res.text())
}

/** The numeric fields of a page whose keypad is not the one its name asks for. */
function wrongKeypads(inputs: Input[], expected: Record<string, Keypad | null>) {
  return inputs
    .filter((input) => input.name in expected && input.inputmode !== expected[input.name])
    .map((input) => `${input.name}: inputmode ${input.inputmode ?? 'missing'}, not ${expected[input.name]}`)
}

/** Each page has its numeric fields, and each of them brings up the keypad the storefront gives it. */
async function expectKeypads(person: Visitor, pages: readonly (readonly [string, readonly string[]])[]): Promise<void> {
  for (const [path, fields] of pages) {
    const inputs = await pageInputs(person, path)
    expect(
      inputs.map((i) => i.name),
      path,
    ).toEqual(expect.arrayContaining([...fields]))
    expect(wrongKeypads(inputs, STOREFRONT_KEYPADS), path).toEqual([])
  }
}

describe('numeric fields bring up a number keypad', () => {
  it('on the forms anyone may open', async () => {
    const person = visitor()
    const pages = [
      ['/no/test-drive', ['phone']],
      ['/no/trade-in', ['mileage']],
      ['/no/home-charger', ['phone', 'zip']],
      ['/se/home-charger', ['phone', 'zip']],
      ['/no/configurator/p5?finance=loan', ['down']],
    ] as const
    await expectKeypads(person, pages)
  })

  it('on a signed-in customer’s forms: the order, the quote request, the subscription and the profile', async () => {
    const { person, configurationId } = await customerWithBuild('/no')
    const pages = [
      [`/no/configurator/info-submission/${configurationId}`, ['phone', 'zip']],
      [`/no/configurator/test-drive-submission/quote/${configurationId}`, ['phone']],
      ['/no/subscription', ['phone', 'zip']],
      ['/no/user-center/profile', ['phone']],
    ] as const
    await expectKeypads(person, pages)
  })

  it('leaves a Dutch postcode (1234 AB) on the keyboard: it has letters', async () => {
    const { person, configurationId } = await customerWithBuild('/nl')
    const inputs = await pageInputs(person, `/nl/configurator/info-submission/${configurationId}`)
    expect(wrongKeypads(inputs, { ...STOREFRONT_KEYPADS, zip: null })).toEqual([])
  })

  it('on the payment page: card number, expiry and security code, each with its autocomplete', async () => {
    const { person, configurationId } = await customerWithBuild('/nl')
    const id = placedOrderId(
      await person.postForm(`/nl/configurator/info-submission/${configurationId}`, DUTCH_ORDER_FORM),
    )
    const inputs = await pageInputs(person, await openCheckout(person, '/nl', id))
    const card = inputs.filter((input) => input.name in CARD_FIELDS)
    expect(card.map((input) => input.name)).toEqual(Object.keys(CARD_FIELDS))
    for (const input of card)
      expect(input, input.name).toMatchObject({
        inputmode: CARD_FIELDS[input.name]?.keypad,
        autocomplete: CARD_FIELDS[input.name]?.autocomplete,
      })
  })
})
