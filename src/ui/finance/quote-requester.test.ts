import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FinanceSummary } from '../../domain/finance/summary'
import {
  type AbortablePost,
  FINANCE_DEBOUNCE_MS,
  type FinanceAnswer,
  financeQuoteRequester,
  keepOffer,
} from './quote-requester'

interface Call {
  body: { term: number }
  signal: AbortSignal | undefined
  answer: (status: number, json: unknown) => void
  fail: (error: Error) => void
}

/** A fake API whose answers the test releases in any order; it ignores aborts, like a slow server would. */
function fakeApi() {
  const calls: Call[] = []
  const post: AbortablePost = (_path, body, init) =>
    new Promise<Response>((resolve, reject) => {
      calls.push({
        body: body as { term: number },
        signal: init?.signal,
        answer: (status, json) => resolve(new Response(JSON.stringify(json), { status })),
        fail: reject,
      })
    })
  return { post, calls }
}

const figures = (monthly: number) => ({
  summary: { monthlyPayment: monthly } as unknown as FinanceSummary,
  comparison: [],
})
const settle = () => vi.advanceTimersByTimeAsync(0)

describe('financeQuoteRequester', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('never lets a slow older answer overwrite a newer one', async () => {
    const api = fakeApi()
    const answers: [number, FinanceAnswer][] = []
    const requester = financeQuoteRequester<{ term: number }>(api.post, (body, answer) =>
      answers.push([body.term, answer]),
    )
    requester.request({ term: 24 })
    await vi.advanceTimersByTimeAsync(FINANCE_DEBOUNCE_MS)
    requester.request({ term: 36 })
    await vi.advanceTimersByTimeAsync(FINANCE_DEBOUNCE_MS)
    expect(api.calls.map((c) => c.body.term)).toEqual([24, 36])
    // The older request was called off when the newer one was made.
    expect(api.calls[0]?.signal?.aborted).toBe(true)
    expect(api.calls[1]?.signal?.aborted).toBe(false)
    // The newer answer comes first, the older one after it: only the newer is shown.
    api.calls[1]?.answer(200, figures(3600))
    await settle()
    api.calls[0]?.answer(200, figures(2400))
    await settle()
    expect(answers).toEqual([[36, { kind: 'figures', ...figures(3600) }]])
  })

  it('asks once for a burst of changes, with the last one', async () => {
    const api = fakeApi()
    const requester = financeQuoteRequester<{ term: number }>(api.post, () => {})
    for (const term of [12, 24, 36]) {
      requester.request({ term })
      await vi.advanceTimersByTimeAsync(FINANCE_DEBOUNCE_MS / 2)
    }
    await vi.advanceTimersByTimeAsync(FINANCE_DEBOUNCE_MS)
    expect(api.calls.map((c) => c.body.term)).toEqual([36])
  })

  it('reports a refused choice with the API’s own message for each field it named', async () => {
    const api = fakeApi()
    const answers: FinanceAnswer[] = []
    financeQuoteRequester<{ term: number }>(api.post, (_, answer) => answers.push(answer)).request({ term: 7 })
    await vi.advanceTimersByTimeAsync(FINANCE_DEBOUNCE_MS)
    const message = 'Bitte wählen Sie eine dieser Laufzeiten: 12, 24, 36 Monate.'
    api.calls[0]?.answer(422, { error: { code: 'finance', fields: [{ path: 'choice.termMonths', message }] } })
    await settle()
    expect(answers).toEqual([{ kind: 'refused', problems: [{ field: 'termMonths', message }] }])
  })

  it('reports a failure for a server error, an unreadable body or a network error', async () => {
    const api = fakeApi()
    const answers: FinanceAnswer[] = []
    const requester = financeQuoteRequester<{ term: number }>(api.post, (_, answer) => answers.push(answer))
    requester.request({ term: 24 })
    await vi.advanceTimersByTimeAsync(FINANCE_DEBOUNCE_MS)
    api.calls[0]?.answer(503, { error: { code: 'unavailable' } })
    await settle()
    requester.request({ term: 24 })
    await vi.advanceTimersByTimeAsync(FINANCE_DEBOUNCE_MS)
    api.calls[1]?.fail(new TypeError('Failed to fetch'))
    await settle()
    expect(answers).toEqual([{ kind: 'failed' }, { kind: 'failed' }])
  })

  it('says nothing once called off (the page left)', async () => {
    const api = fakeApi()
    const answers: FinanceAnswer[] = []
    const requester = financeQuoteRequester<{ term: number }>(api.post, (_, answer) => answers.push(answer))
    requester.request({ term: 24 })
    await vi.advanceTimersByTimeAsync(FINANCE_DEBOUNCE_MS)
    requester.cancel()
    api.calls[0]?.answer(200, figures(2400))
    await settle()
    expect(answers).toEqual([])
  })
})

describe('keepOffer', () => {
  const page = 'https://nordvolt.example/no/configurator/p5?finance=loan'
  const replaced: string[] = []
  beforeEach(() => {
    replaced.length = 0
    vi.stubGlobal('window', {
      location: { href: page },
      history: { replaceState: (_state: unknown, _title: string, url: URL) => replaced.push(String(url)) },
    })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })
  const answering =
    (json: unknown, posted: unknown[] = []): AbortablePost =>
    async (path, body) => {
      posted.push([path, body])
      return new Response(JSON.stringify(json))
    }

  it('keeps the offer, puts its id in the address and says until which day it holds', async () => {
    const posted: unknown[] = []
    const post = answering({ offer: { id: 'off-7', expiresAt: '2026-12-31T22:59:59.000Z' } }, posted)
    expect(await keepOffer(post, { product: 'loan', choice: { termMonths: 48 } })).toBe('2026-12-31')
    expect(posted).toEqual([['/api/v1/finance-quotes', { product: 'loan', choice: { termMonths: 48 }, keep: true }]])
    expect(replaced).toEqual([`${page}&offer=off-7`])
  })

  it('leaves the address alone when no offer was kept', async () => {
    expect(await keepOffer(answering({ error: { code: 'unavailable' } }), { product: 'loan', choice: {} })).toBeNull()
    expect(replaced).toEqual([])
  })
})
