import { type FormEvent, type MouseEvent, useEffect, useRef, useState } from 'react'
import type { FinanceKind } from '../../domain/finance/products'
import type { FinanceChoice } from '../../domain/finance/summary'
import type { CurrencyCode } from '../../domain/money'
import type { PriceBasis } from '../../domain/pricing/display'
import { useApiPost } from '../api-context'
import { isPlainClick } from '../configurator/parts/events'
import { importLater } from '../entry-import'
import { useT } from '../intl-context'
import { FinanceComparison } from './parts/FinanceComparison'
import { FinanceForm } from './parts/FinanceForm'
import { FinanceResult } from './parts/FinanceResult'
import type { FinanceAnswer } from './quote-requester'
import type { FinanceState } from './state'
import { useFinanceQuote } from './useFinanceQuote'

interface Props {
  finance: FinanceState
  onChange: (next: FinanceState) => void
  currency: CurrencyCode
  /** What the request for new figures needs besides the finance choice. */
  request: { site: string; usage: 'personal' | 'business'; configuration: unknown }
  /** Address of the page with the car and the given finance (hidden fields of the no-JS form). */
  hidden: Record<string, string>
  hrefFor: (finance: Pick<FinanceState, 'selected' | 'choice'>) => string
  /** The page's price basis: on a net page (a business buyer's) a lease's monthly price is headlined before VAT. */
  basis?: PriceBasis
}

type QuoteBody = Props['request'] & { product: FinanceKind; choice: FinanceChoice }

/**
 * How to pay: each product the site offers, its choices (down payment, term, mileage, balloon)
 * in a form that works without JavaScript, the monthly payment with every legally expected figure
 * next to it, and the total cost of each product side by side. With JavaScript the figures follow
 * every change (useFinanceQuote); when they cannot be fetched, the panel says so and offers a retry.
 */
export function FinancePanel({ finance, onChange, currency, request, hidden, hrefFor, basis = 'inclVat' }: Props) {
  const t = useT()
  const post = useApiPost()
  const [pending, setPending] = useState<{ selected: FinanceKind; choice: FinanceChoice } | null>(null)
  const key = JSON.stringify([request, pending])
  const first = useRef(true)
  const product = finance.products.find((p) => p.kind === finance.selected)

  const quote = useFinanceQuote<QuoteBody>(post, (body, answer: FinanceAnswer) => {
    const target = { selected: body.product, choice: body.choice }
    if (answer.kind === 'figures')
      onChange({ ...finance, ...target, summary: answer.summary, problems: [], comparison: answer.comparison })
    else if (answer.kind === 'refused') onChange({ ...finance, ...target, summary: null, problems: answer.problems })
    // A failed request leaves the figures as they were; the panel shows the error and a retry.
  })

  // Every change of the car or of the finance choice asks for new figures (debounced in the hook).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for request and pending
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    // A choice made before the usage changed may name a product the new usage does not offer (issue 18).
    const target =
      pending && finance.products.some((p) => p.kind === pending.selected)
        ? pending
        : { selected: finance.selected, choice: finance.choice }
    quote.request({ ...request, product: target.selected, choice: target.choice })
  }, [key])

  const choose = (kind: FinanceKind) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!post || !isPlainClick(event)) return
    event.preventDefault()
    setPending({ selected: kind, choice: {} })
  }

  // Keeping the offer is a click away, so its code arrives with the studio entry, after hydration.
  const keep = async (event: FormEvent<HTMLFormElement>) => {
    if (!post) return
    event.preventDefault()
    const { keepOffer } = await importLater<typeof import('./quote-requester')>('studio')
    const until = await keepOffer(post, { ...request, product: finance.selected, choice: finance.choice })
    if (until) onChange({ ...finance, keptUntil: until })
  }

  return (
    <section className="finance" aria-labelledby="finance-title" id="finance" aria-busy={quote.status === 'loading'}>
      <h2 id="finance-title">{t('finance.heading')}</h2>
      {finance.offerExpired ? (
        <div className="notice" role="alert">
          <h3>{t('finance.offerExpired.title')}</h3>
          <p>{t('finance.offerExpired.message')}</p>
          <a className="button" href={hrefFor({ selected: finance.selected, choice: finance.choice })} rel="nofollow">
            {t('finance.offerExpired.retry')}
          </a>
        </div>
      ) : null}
      <nav className="segmented segmented--wrap" aria-label={t('finance.howToPay')}>
        {finance.products.map((p) => (
          <a
            key={p.kind}
            href={hrefFor({ selected: p.kind, choice: {} })}
            aria-current={p.kind === finance.selected ? 'true' : undefined}
            rel="nofollow"
            onClick={choose(p.kind)}
          >
            {t(`finance.product.${p.kind}` as const)}
          </a>
        ))}
      </nav>
      {product && finance.selected !== 'cash' ? (
        <FinanceForm
          finance={finance}
          product={product}
          currency={currency}
          hidden={hidden}
          onChoice={post ? (choice) => setPending({ selected: finance.selected, choice }) : null}
          net={basis === 'exclVat'}
        />
      ) : null}
      <div aria-live="polite">
        {quote.status === 'failed' ? (
          <div className="notice notice--error finance__error">
            <p>{t('finance.error.unavailable')}</p>
            <button className="button" type="button" onClick={quote.retry}>
              {t('finance.error.retry')}
            </button>
          </div>
        ) : null}
      </div>
      <FinanceResult finance={finance} currency={currency} basis={basis} keep={hrefFor(finance)} onKeep={keep} />
      <FinanceComparison comparison={finance.comparison} currency={currency} />
    </section>
  )
}
