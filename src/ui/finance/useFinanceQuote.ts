import { useEffect, useRef, useState } from 'react'
import { importLater } from '../entry-import'
import type { AbortablePost, FinanceAnswer, financeQuoteRequester } from './quote-requester'

type Requester<Body> = ReturnType<typeof financeQuoteRequester<Body>>

export type FinanceQuoteStatus = 'idle' | 'loading' | 'failed'

/**
 * The finance panel's one way to fetch figures: debounced, the request in flight aborted by a newer
 * one (so the figures shown are always those of the latest choice), and a status the panel shows:
 * `failed` when no usable answer came, with `retry` to ask again. The requester itself arrives with the first
 * request (the `studio` entry, outside the page's first JavaScript); the debounce hides the wait.
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
  const requester = useRef<Promise<Requester<Body>> | null>(null)
  useEffect(
    () => () => {
      void requester.current?.then((loaded) => loaded.cancel()).catch(() => {})
    },
    [],
  )
  const request = (body: Body) => {
    if (!post) return
    last.current = body
    setStatus('loading')
    requester.current ??= importLater<typeof import('./quote-requester')>('studio').then((module) =>
      module.financeQuoteRequester<Body>(post, (answered, answer) => {
        setStatus(answer.kind === 'failed' ? 'failed' : 'idle')
        latest.current(answered, answer)
      }),
    )
    // Requests keep their order: each waits for the same module, and a later one calls off an earlier one.
    requester.current
      .then((loaded) => loaded.request(body))
      .catch(() => {
        // The module could not be fetched (offline): a retry fetches it again.
        requester.current = null
        setStatus('failed')
      })
  }
  return {
    status,
    request,
    retry: () => {
      if (last.current !== null) request(last.current)
    },
  }
}
