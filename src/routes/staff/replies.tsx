import { z } from 'zod'
import type { Money } from '../../domain/money'
import { parseWholeAmount, wholeUnits } from '../../domain/staff/amount'
import { FINAL_PRICE_VALID_DAYS } from '../../domain/tradein/valuation'
import { formatDate, formatDateTime } from '../../i18n/dates'
import { formatMoney } from '../../i18n/formats'
import type { MessageKey } from '../../i18n/intl'
import { linkTo } from '../../i18n/links'
import { today } from '../../i18n/sites'
import type { FieldErrors } from '../../ui/form'
import { useT } from '../../ui/intl-context'
import { useSiteContext } from '../../ui/site-context'
import { SubmitOrBack } from '../helpers/submit-or-back'
import type { ActionContext, LoadContext } from '../route'

/** A quote or valuation staff are answering (`?reply=quote:{id}` or `?reply=tradeIn:{id}`), with what they typed. */
export interface OpenReply {
  kind: 'quote' | 'tradeIn'
  id: string
  amount: string
  note: string
  errors: FieldErrors
}

export interface RepliesData {
  quotes: {
    id: string
    received: string
    customer: string | null
    contact: string
    configurationId: string
    price: string | null
    offer: string | null
    offerNote: string | null
    /** The price at request time, as whole units, to start the offer from. */
    startAmount: string
  }[]
  valuations: {
    id: string
    received: string
    car: string
    vin: string
    plate: string
    owner: string | null
    estimate: string
    final: string | null
    inspectionNote: string | null
    startAmount: string
  }[]
  open: OpenReply | null
}

const ReplyRef = z.string().regex(/^(quote|tradeIn):[\w-]{1,64}$/)
const ReplyForm = z.object({
  intent: z.enum(['quoteOffer', 'tradeInInspection']),
  id: z.string().regex(/^[\w-]{1,64}$/),
  amount: z.string().max(40),
  note: z.string().trim().max(500),
})

/** The country's quotes and trade-in valuations for the staff console. */
export async function loadReplies(ctx: LoadContext): Promise<RepliesData> {
  const country = ctx.site.countryCode
  const [quotes, valuations] = await Promise.all([
    ctx.store.staffReplies.quotesOf(country),
    ctx.store.staffReplies.valuationsOf(country),
  ])
  const when = (iso: string) => formatDateTime(new Date(iso), ctx.site.locale, ctx.site.timeZone)
  const money = (value: Money) => formatMoney(value, ctx.site.locale)
  const ref = ReplyRef.safeParse(ctx.url.searchParams.get('reply'))
  const [kind, id] = ref.success ? (ref.data.split(':') as ['quote' | 'tradeIn', string]) : [null, null]
  const data: RepliesData = {
    quotes: quotes.map((q) => ({
      id: q.id,
      received: when(q.createdAt),
      customer: q.name ? q.name : null,
      contact: q.email ? `${q.email}, ${q.phone}` : '',
      configurationId: q.configurationId,
      price: q.price ? money(q.price) : null,
      offer: q.offer ? money(q.offer) : null,
      offerNote: q.offerNote,
      startAmount: q.offer ? wholeUnits(q.offer) : q.price ? wholeUnits(q.price) : '',
    })),
    valuations: valuations.map((v) => ({
      id: v.id,
      received: when(v.createdAt),
      car: v.car,
      vin: v.vin,
      plate: v.plate,
      owner: v.ownerName ? v.ownerName : null,
      estimate: money(v.estimate),
      final: v.final ? money(v.final) : null,
      inspectionNote: v.inspectionNote,
      startAmount: wholeUnits(v.final ?? v.estimate),
    })),
    open: null,
  }
  const start =
    kind === 'quote'
      ? data.quotes.find((q) => q.id === id)?.startAmount
      : data.valuations.find((v) => v.id === id)?.startAmount
  if (kind && id && start !== undefined) data.open = { kind, id, amount: start, note: '', errors: {} }
  return data
}

/**
 * Saves an offer for a quote or the final value of a trade-in, from the confirmation form. A redirect when saved; the
 * form again with its field-level errors when the amount is not one; a 404 for a record of another country.
 */
export async function saveReply(
  ctx: ActionContext,
  staffId: string,
): Promise<{ redirect: string } | { open: OpenReply } | { notFound: true }> {
  const parsed = ReplyForm.safeParse(ctx.form)
  if (!parsed.success) return { notFound: true }
  const { intent, id, note } = parsed.data
  const kind = intent === 'quoteOffer' ? 'quote' : 'tradeIn'
  const country = ctx.site.countryCode
  const now = new Date()
  const currencyOf =
    kind === 'quote'
      ? (await ctx.store.staffReplies.quotesOf(country, 1, id))[0]?.price?.currency
      : (await ctx.store.staffReplies.valuationsOf(country, 1, id))[0]?.estimate.currency
  if (!currencyOf) return { notFound: true }
  const amount = parseWholeAmount(parsed.data.amount, currencyOf)
  if (!amount) {
    const label: MessageKey = kind === 'quote' ? 'staff.quotes.offerLabel' : 'staff.tradeIns.finalLabel'
    return {
      open: { kind, id, amount: parsed.data.amount, note, errors: { amount: { key: 'validation.invalid', label } } },
    }
  }
  if (kind === 'quote') {
    const saved = await ctx.store.staffReplies.offerQuote({
      country,
      actorId: staffId,
      quoteId: id,
      offer: amount,
      note,
      now,
      mail: (quote) => ({
        kind: 'quoteOffered',
        locale: quote.locale,
        recipient: quote.email,
        payload: { name: quote.name, amount: formatMoney(amount, quote.locale), note },
      }),
    })
    if (!saved) return { notFound: true }
    ctx.notify([saved.notificationId])
  } else {
    const saved = await ctx.store.staffReplies.inspectTradeIn({
      country,
      actorId: staffId,
      valuationId: id,
      final: amount,
      note,
      now,
      mail: async (valuation) => {
        // Only a signed-in owner has an address; anyone else sees the value on the valuation's page.
        const owner = valuation.ownerId ? await ctx.store.customerRecords.ownerContact(valuation.ownerId) : null
        if (!owner) return null
        const until = today(ctx.site, new Date(now.getTime() + FINAL_PRICE_VALID_DAYS * 86_400_000))
        return {
          kind: 'tradeInInspected',
          locale: valuation.locale,
          recipient: owner.email,
          payload: {
            name: owner.name,
            amount: formatMoney(amount, valuation.locale),
            date: formatDate(until, valuation.locale),
            note,
          },
        }
      },
    })
    if (!saved) return { notFound: true }
    if (saved.notificationId) ctx.notify([saved.notificationId])
  }
  return { redirect: linkTo(ctx.site, '/staff') }
}

function ReplyFormView({ open, label }: { open: OpenReply; label: MessageKey }) {
  const t = useT()
  const { site } = useSiteContext()
  const error = open.errors.amount
  const id = `reply-${open.id}`
  return (
    <form method="post" action={linkTo(site, '/staff')} className="form card" id="reply">
      <p>{t(open.kind === 'quote' ? 'staff.quotes.confirm' : 'staff.tradeIns.confirm')}</p>
      <input type="hidden" name="intent" value={open.kind === 'quote' ? 'quoteOffer' : 'tradeInInspection'} />
      <input type="hidden" name="id" value={open.id} />
      <div className="field">
        <label htmlFor={`${id}-amount`}>{t(label)}</label>
        <input
          id={`${id}-amount`}
          name="amount"
          inputMode="numeric"
          defaultValue={open.amount}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? `${id}-amount-error` : undefined}
        />
        {error ? (
          <p id={`${id}-amount-error`} className="field__error">
            {t(error.key, error.label ? { label: t(error.label) } : {})}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-note`}>{t('admin.note')}</label>
        <input id={`${id}-note`} name="note" defaultValue={open.note} maxLength={500} autoComplete="off" />
      </div>
      <div className="form-actions">
        <SubmitOrBack
          submit={open.kind === 'quote' ? 'staff.quotes.send' : 'staff.tradeIns.save'}
          back="admin.cancel"
          backTo={linkTo(site, '/staff')}
        />
      </div>
    </form>
  )
}

/** The country's quote requests, each answered with an offer after a confirmation step. */
export function QuotesSection({ data }: { data: RepliesData }) {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <section aria-labelledby="staff-quotes">
      <h2 id="staff-quotes">{t('profile.quotes')}</h2>
      {data.quotes.length === 0 ? <p>{t('staff.quotes.empty')}</p> : null}
      <ul className="profile__section">
        {data.quotes.map((q) => (
          <li key={q.id} className="profile__item">
            <strong>{q.customer ?? t('staff.orders.anonymised')}</strong> {q.contact ? `(${q.contact})` : ''},{' '}
            {q.received}
            {': '}
            <a href={linkTo(site, `/configurator/overview/${q.configurationId}`)}>{q.price ?? q.configurationId}</a>
            {q.offer ? (
              <p>
                {t('staff.quotes.offered', { amount: q.offer })}
                {q.offerNote ? ` (${q.offerNote})` : ''}
              </p>
            ) : null}
            {data.open?.kind === 'quote' && data.open.id === q.id ? (
              <ReplyFormView open={data.open} label="staff.quotes.offerField" />
            ) : (
              <p>
                <a className="button" href={`${linkTo(site, '/staff', { query: `reply=quote:${q.id}` })}#reply`}>
                  {t('staff.quotes.reply')}
                </a>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The country's trade-in valuations, each confirmed or adjusted after the inspection. */
export function TradeInsSection({ data }: { data: RepliesData }) {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <section aria-labelledby="staff-tradeins">
      <h2 id="staff-tradeins">{t('profile.tradeIns')}</h2>
      {data.valuations.length === 0 ? <p>{t('staff.tradeIns.empty')}</p> : null}
      <ul className="profile__section">
        {data.valuations.map((v) => (
          <li key={v.id} className="profile__item">
            <strong>{v.car}</strong>, {v.plate}, {v.vin}, {v.owner ?? t('staff.orders.anonymised')}, {v.received}
            <p>
              {t('staff.tradeIns.estimate', { amount: v.estimate })}
              {v.final ? ` · ${t('staff.tradeIns.final', { amount: v.final })}` : ''}
              {v.inspectionNote ? ` (${v.inspectionNote})` : ''}
            </p>
            {data.open?.kind === 'tradeIn' && data.open.id === v.id ? (
              <ReplyFormView open={data.open} label="staff.tradeIns.finalField" />
            ) : (
              <p>
                <a className="button" href={`${linkTo(site, '/staff', { query: `reply=tradeIn:${v.id}` })}#reply`}>
                  {t('staff.tradeIns.inspect')}
                </a>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
