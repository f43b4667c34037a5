import type { ComparisonEntry } from '../../domain/finance/compare'
import type { FinanceSummary } from '../../domain/finance/summary'
import type { RefusedField } from './state'

/** Wait after the last change before asking for new figures (SPEC §9 debounce, 200 ms). */
export const FINANCE_DEBOUNCE_MS = 200

/** A JSON POST that can be called off (the page's API caller, client/api.ts). */
export type AbortablePost = (path: string, body: unknown, init?: { signal?: AbortSignal }) => Promise<Response>

/** What the finance API answered for one request. */
export type FinanceAnswer =
  | { kind: 'figures'; summary: FinanceSummary; comparison: ComparisonEntry[] }
  /** The choice was refused: each field the API named, with the API's message for it (shown under it). */
  | { kind: 'refused'; problems: RefusedField[] }
  /** No usable answer (network down, server error, unreadable body): the figures shown are stale. */
  | { kind: 'failed' }

async function readAnswer(res: Response): Promise<FinanceAnswer> {
  const body = (await res.json().catch(() => null)) as {
    summary?: FinanceSummary
    comparison?: ComparisonEntry[]
    error?: { fields?: { path: string; message: string }[] }
  } | null
  if (res.ok && body?.summary) return { kind: 'figures', summary: body.summary, comparison: body.comparison ?? [] }
  const problems = (res.status === 422 && body?.error?.fields) || []
  const refused = problems.map((f) => ({ field: f.path.replace(/^choice\./, ''), message: f.message }))
  // A refusal the form can show under one of its fields; one of the product or the car (a page out of date) is
  // said as a failure, which the panel words and offers to try again.
  if (refused.length > 0 && refused.every((p) => FORM_FIELDS.includes(p.field)))
    return { kind: 'refused', problems: refused }
  return { kind: 'failed' }
}

/** The choices the finance form has a field for, each of which shows its own problem. */
const FORM_FIELDS: readonly string[] = ['downPayment', 'termMonths', 'mileageKmPerYear', 'services', 'balloonAmount']

/**
 * Asks the finance API for figures, debounced, and only ever reports the answer to the latest
 * request: a newer request aborts the one in flight, so a slow older answer can never overwrite a
 * newer one. Framework-free, so the race can be tested without a browser; `useFinanceQuote` wires
 * it into React.
 *
 * @example
 * const requester = financeQuoteRequester(post, (body, answer) => show(answer))
 * requester.request({ site: '/no', product: 'loan', choice: {} })
 */
export function financeQuoteRequester<Body>(
  post: AbortablePost,
  onAnswer: (body: Body, answer: FinanceAnswer) => void,
  delayMs = FINANCE_DEBOUNCE_MS,
) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let controller: AbortController | undefined
  const cancel = () => {
    clearTimeout(timer)
    controller?.abort()
    controller = undefined
  }
  return {
    /** Asks for the figures of `body` after the debounce; any earlier request is called off. */
    request(body: Body) {
      cancel()
      const current = new AbortController()
      controller = current
      timer = setTimeout(async () => {
        let answer: FinanceAnswer
        try {
          answer = await readAnswer(await post('/api/v1/finance-quotes', body, { signal: current.signal }))
        } catch {
          answer = { kind: 'failed' }
        }
        // Called off while it was on its way: a newer request (or the page leaving) owns the figures now.
        if (current.signal.aborted) return
        onAnswer(body, answer)
      }, delayMs)
    },
    cancel,
  }
}

/**
 * Keeps the offer of a finance choice at the API (`keep: true`) and puts its id in the page's address, so a reload or
 * a shared link shows the same figures while the offer holds; the day it holds until, or null when none was kept.
 *
 * @example
 * const until = await keepOffer(post, { site: '/no', usage: 'personal', configuration, product: 'loan', choice: {} })
 */
export async function keepOffer(post: AbortablePost, body: object): Promise<string | null> {
  const res = await post('/api/v1/finance-quotes', { ...body, keep: true })
  const answer = (await res.json()) as { offer?: { id: string; expiresAt: string } }
  if (!answer.offer) return null
  const url = new URL(window.location.href)
  url.searchParams.set('offer', answer.offer.id)
  window.history.replaceState(null, '', url)
  return answer.offer.expiresAt.slice(0, 10)
}
