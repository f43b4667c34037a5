import { useEffect, useRef, useState } from 'react'
import { type AbortablePost, type FinanceAnswer, financeQuoteRequester } from './quote-requester'

export type FinanceQuoteStatus = 'idle' | 'loading' | 'failed'

/**
 * The finance panel's one way to fetch figures: debounced, the request in flight aborted by a newer
 * one (so the figures shown are always those of the latest choice), and a status the panel shows:
 * `failed` when no usable answer came, with `retry` to ask again.
 *
 * @example
 * const quote = useFinanceQuote(post, (body, answer) => apply(body, answer))
 * quote.request({ ...request, product: 'loan', choice })
 */
export function useFinanceQuote<Body>(
  post: AbortablePost | null,
  onAnswer: (body: Body, answer: FinanceAnswer) => void,
) {
  const [status, setStatus] = useState<FinanceQuoteStatus>('idle')
  const latest = useRef(onAnswer)
  latest.current = onAnswer
  const last = useRef<Body | null>(null)
  const requester = useRef<ReturnType<typeof financeQuoteRequester<Body>> | null>(null)
  if (post && !requester.current)
    requester.current = financeQuoteRequester<Body>(post, (body, answer) => {
      setStatus(answer.kind === 'failed' ? 'failed' : 'idle')
      latest.current(body, answer)
    })
  useEffect(() => () => requester.current?.cancel(), [])
  const request = (body: Body) => {
    if (!requester.current) return
    last.current = body
    setStatus('loading')
    requester.current.request(body)
  }
  return {
    status,
    request,
    retry: () => {
      if (last.current !== null) request(last.current)
    },
  }
}
