import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderPage } from '../../../../test/render-page'
import { readAmount } from '../../../domain/finance/params'
import type { FinanceProblem } from '../../../domain/finance/validate'
import { CURRENCY_EXPONENT } from '../../../domain/money'
import { CATALOGS } from '../../../i18n/catalogs'
import { financeProblemMessage } from '../../../i18n/finance'
import { intlFor } from '../../../i18n/intl'
import { SITES } from '../../../i18n/sites'
import { FINANCE_DEBOUNCE_MS, type FinanceAnswer, financeQuoteRequester } from '../quote-requester'
import type { FinanceState, OfferedProduct } from '../state'
import { FinanceForm } from './FinanceForm'

/** What the finance API answers a German page for a down payment of −5 000 € on a 48 180 € car. */
const API_MESSAGE = 'Die Anzahlung muss zwischen 0,00 € und 24.090,00 € liegen.'

const LOAN: OfferedProduct = {
  kind: 'loan',
  termsMonths: [24, 36, 48],
  mileageKmPerYear: null,
  hasBalloon: false,
  services: [],
}

const loanPanel = (problems: FinanceState['problems']): FinanceState => ({
  products: [LOAN],
  selected: 'loan',
  choice: { downPayment: -500_000 },
  summary: null,
  problems,
  comparison: [],
})

const downPaymentError = (panel: FinanceState) => {
  const { html } = renderPage(
    '/de',
    '/configurator/p5',
    <FinanceForm finance={panel} product={LOAN} currency="EUR" hidden={{}} onChoice={null} net={false} />,
  )
  return /<p id="finance-downPayment-error"[^>]*>(.*?)<\/p>/s.exec(html)?.[1]?.replace(/\s/g, ' ')
}

describe('a down payment out of range in the finance form', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows the API’s own message once JavaScript asked for the figures, never a message key', async () => {
    const answers: FinanceAnswer[] = []
    const post = async () =>
      new Response(
        JSON.stringify({
          error: {
            code: 'finance',
            message: 'Einige Felder fehlen oder sind ungültig.',
            fields: [{ path: 'choice.downPayment', message: API_MESSAGE }],
          },
        }),
        { status: 422 },
      )
    financeQuoteRequester(post, (_, answer) => answers.push(answer)).request({ choice: { downPayment: -500_000 } })
    await vi.advanceTimersByTimeAsync(FINANCE_DEBOUNCE_MS)
    const [answer] = answers
    expect(answer?.kind).toBe('refused')
    const shown = downPaymentError(loanPanel(answer?.kind === 'refused' ? answer.problems : []))
    expect(shown).toBe(API_MESSAGE)
    expect(shown).not.toMatch(/api\.|finance\./)
  })

  it('says the same as the page without JavaScript, whose server words the problem itself', () => {
    const problem: FinanceProblem = {
      field: 'downPayment',
      code: 'downPaymentOutOfRange',
      messageKey: 'finance.problem.downPaymentOutOfRange',
      params: { min: 0, max: 2_409_000 },
    }
    const intl = intlFor('de-DE', CATALOGS['de-DE'])
    const message = financeProblemMessage(problem, 'EUR', 'de-DE', (id, values) => intl.formatMessage({ id }, values))
    expect(downPaymentError(loanPanel([{ field: problem.field, message }]))).toBe(API_MESSAGE)
  })
})

describe('a negative down payment written back into the form', () => {
  it.each(SITES.filter((site) => site.countryCode !== 'GLOBAL').map((site) => [site.prefix, site]))(
    '%s: the field shows it as the locale writes it, and the browser and readAmount take it as written',
    (prefix, site) => {
      const { html } = renderPage(
        prefix,
        '/configurator/p5',
        <FinanceForm
          finance={loanPanel([])}
          product={LOAN}
          currency={site.currency}
          hidden={{}}
          onChoice={null}
          net={false}
        />,
      )
      const input = /<input[^>]*name="down"[^>]*>/.exec(html)?.[0] ?? ''
      const attribute = (name: string) =>
        (new RegExp(`${name}="([^"]*)"`).exec(input)?.[1] ?? '').replace(/&#x27;/g, "'").replace(/&amp;/g, '&')
      const value = attribute('value')
      expect(value).toMatch(/^\D/)
      // The browser checks the whole value against the pattern, compiled with the v flag.
      expect(new RegExp(`^(?:${attribute('pattern')})$`, 'v').test(value)).toBe(true)
      expect(readAmount(value)).toBe(-500_000 / 10 ** CURRENCY_EXPONENT[site.currency])
    },
  )
})
