import { beforeAll, describe, expect, it } from 'vitest'
import { visitor } from '../../../test/visitor'
import { EXAMPLE_CONFIGURATION } from '../../domain/catalog/example'
import { CATALOGS } from '../../i18n/catalogs'
import type { MessageKey } from '../../i18n/intl'
import { LOCALES, type Locale, SITES } from '../../i18n/sites'

/** The API's own example car: a Long Range in Arctic White. */
const CAR = EXAMPLE_CONFIGURATION

/** One way to be refused by the finance API: what is asked, the field it names and the message it gives there. */
interface Refusal {
  name: string
  body: () => Record<string, unknown>
  path: string
  key: MessageKey
  /** Text of the message besides its catalog's own words (the service's name, a formatted range). */
  contains?: (locale: Locale) => string
}

const ask = (site: string, product: string, choice: Record<string, unknown> = {}) => ({
  site,
  usage: 'personal',
  configuration: CAR,
  product,
  choice,
})

/** The Norwegian price of the car (minor units), of which the bank lends no less than NOK 50 000. */
let norwegianPrice = 0

const REFUSALS: Refusal[] = [
  {
    name: 'a negative down payment',
    body: () => ask('/de', 'loan', { downPayment: -500_000 }),
    path: 'choice.downPayment',
    key: 'finance.problem.downPaymentOutOfRange',
  },
  {
    name: 'a down payment above the range',
    body: () => ask('/de', 'loan', { downPayment: 99_999_900 }),
    path: 'choice.downPayment',
    key: 'finance.problem.downPaymentOutOfRange',
  },
  {
    name: 'too little left to finance',
    body: () => ask('/no', 'loan', { downPayment: norwegianPrice - 4_999_900 }),
    path: 'choice.downPayment',
    key: 'finance.problem.financedAmountOutOfRange',
  },
  {
    name: 'a term the product does not offer',
    body: () => ask('/de', 'loan', { termMonths: 7 }),
    path: 'choice.termMonths',
    key: 'finance.problem.termNotOffered',
  },
  {
    name: 'a balloon above the range',
    body: () => ask('/de', 'loan', { balloonAmount: 99_999_900 }),
    path: 'choice.balloonAmount',
    key: 'finance.problem.balloonOutOfRange',
  },
  {
    name: 'a balloon on a loan without one',
    body: () => ask('/no', 'loan', { balloonAmount: 1_000_000 }),
    path: 'choice.balloonAmount',
    key: 'finance.problem.balloonNotOffered',
  },
  {
    name: 'a mileage the lease does not offer',
    body: () => ask('/no', 'privateLease', { mileageKmPerYear: 12_345 }),
    path: 'choice.mileageKmPerYear',
    key: 'finance.problem.mileageNotOffered',
  },
  {
    name: 'a lease service the product does not offer',
    body: () => ask('/se', 'privateLease', { services: ['tollTag'] }),
    path: 'choice.services',
    key: 'finance.problem.serviceNotOffered',
    contains: (locale) => CATALOGS[locale]['finance.service.tollTag'],
  },
  {
    name: 'a product the country does not offer',
    body: () => ask('/is', 'privateLease'),
    path: 'product',
    key: 'finance.problem.usageNotOffered',
  },
  {
    name: 'a product the usage does not offer',
    body: () => ({ ...ask('/nl', 'privateLease'), usage: 'business' }),
    path: 'product',
    key: 'finance.problem.usageNotOffered',
  },
  {
    name: 'no product',
    body: () => ({ site: '/de', usage: 'personal', configuration: CAR }),
    path: 'product',
    key: 'api.error.requiredField',
  },
  {
    name: 'a term that is no number',
    body: () => ask('/de', 'loan', { termMonths: 'long' }),
    path: 'choice.termMonths',
    key: 'api.error.invalidField',
  },
  {
    name: 'a term past any product’s',
    body: () => ask('/de', 'loan', { termMonths: 1000 }),
    path: 'choice.termMonths',
    key: 'api.error.invalidField',
  },
  {
    name: 'a choice that is no choice',
    body: () => ask('/de', 'loan', { colour: 'red' }),
    path: 'choice.colour',
    key: 'api.error.unknownField',
  },
  {
    name: 'an unknown model',
    body: () => ({ ...ask('/de', 'loan'), configuration: { ...CAR, modelCode: 'p9' } }),
    path: 'configuration.modelCode',
    key: 'configuration.problem.unknownModel',
  },
  {
    name: 'an unknown paint',
    body: () => ({ ...ask('/de', 'loan'), configuration: { ...CAR, paintCode: 'no-such-paint' } }),
    path: 'configuration.paintCode',
    key: 'configuration.problem.unknownCode',
  },
]

/** What the page's calls send as their language (client/api.ts): the site's language code. */
const languageOf = (locale: Locale) => SITES.find((site) => site.locale === locale)?.languageCode ?? locale

/** The catalog's own words of a message: its text around the placeholders. */
const wordsOf = (template: string) =>
  template
    .split(/\{[^}]*\}/)
    .map((part) => part.trim())
    .filter((part) => part.length > 1)

/** The field of a refusal: at its path, in its catalog's words (a down payment can be refused for two reasons). */
const refusalField = (fields: { path: string; message: string }[], refusal: Refusal, locale: Locale) =>
  fields.find(
    (f) =>
      f.path === refusal.path && wordsOf(CATALOGS[locale][refusal.key]).every((words) => f.message.includes(words)),
  )

/** Every field message of every refusal, by locale. */
const answers = new Map<Locale, Map<string, { path: string; message: string }[]>>()

beforeAll(async () => {
  const cash = await visitor().api('/api/v1/finance-quotes', ask('/no', 'cash'))
  norwegianPrice = ((await cash.json()) as { summary: { totalCost: number } }).summary.totalCost
  await Promise.all(
    LOCALES.map(async (locale) => {
      const person = visitor({ language: languageOf(locale) })
      const byRefusal = new Map<string, { path: string; message: string }[]>()
      for (const refusal of REFUSALS) {
        const res = await person.api('/api/v1/finance-quotes', refusal.body())
        expect(res.status, `${refusal.name} in ${locale}`).toBe(422)
        const body = (await res.json()) as { error: { message: string; fields: { path: string; message: string }[] } }
        byRefusal.set(refusal.name, body.error.fields)
      }
      answers.set(locale, byRefusal)
    }),
  )
})

describe('every refusal of the finance API, in every locale', () => {
  for (const refusal of REFUSALS) {
    it(`says what is wrong with ${refusal.name} in words, never a message key`, () => {
      for (const locale of LOCALES) {
        const fields = answers.get(locale)?.get(refusal.name) ?? []
        const where = `${refusal.name} in ${locale}`
        const field = refusalField(fields, refusal, locale)
        expect(field, where).toBeDefined()
        for (const { message } of fields) {
          expect(message.trim(), where).not.toBe('')
          expect(message, where).not.toMatch(/^[a-z]+(\.[a-zA-Z0-9]+)+$/)
          expect(message, where).not.toMatch(/\b(finance|api|configuration|price|validation)\.[a-zA-Z]/)
          expect(message, where).not.toMatch(/[{}]/)
        }
        const message = field?.message ?? ''
        if (refusal.contains) expect(message, where).toContain(refusal.contains(locale))
        const english = refusalField(answers.get('en-US')?.get(refusal.name) ?? [], refusal, 'en-US')?.message
        if (locale !== 'en-US' && CATALOGS[locale][refusal.key] !== CATALOGS['en-US'][refusal.key])
          expect(message, where).not.toBe(english)
      }
    })
  }

  it('names a refused lease service by its name in Swedish', () => {
    const [field] = answers.get('sv-SE')?.get('a lease service the product does not offer') ?? []
    expect(field?.message).toBe('Kan inte väljas med den här produkten: Vägtullsbricka.')
  })

  it('gives a German down payment out of range as the page without JavaScript does, with the range', () => {
    const [field] = answers.get('de-DE')?.get('a negative down payment') ?? []
    expect(field?.message.replace(/\s/g, ' ')).toMatch(
      /^Die Anzahlung muss zwischen 0,00 € und [\d.]+,\d\d € liegen\.$/,
    )
  })
})

describe('the language of a refusal', () => {
  it('is the site’s when the call names none', async () => {
    const res = await visitor().api('/api/v1/finance-quotes', ask('/se', 'privateLease', { services: ['tollTag'] }))
    const body = (await res.json()) as { error: { fields: { message: string }[] } }
    expect(body.error.fields[0]?.message).toBe('Kan inte väljas med den här produkten: Vägtullsbricka.')
  })
})
