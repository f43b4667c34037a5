import { utcToZoned } from '../domain/testdrive/time'
import { linkTo } from '../i18n/links'
import { formatWeekdayDate } from '../i18n/weekday-dates'
import { type FormCar, FormWithCar } from '../ui/form-car/FormWithCar'
import { useT } from '../ui/intl-context'
import { ShellPage } from '../ui/ShellPage'
import { useSiteContext } from '../ui/site-context'
import { formCar } from './helpers/form-car'
import { cancelOwnRequest, loadOwnRequest, type OwnRequestData, OwnRequestPanel } from './program-request'
import { defineRoute, type LoadContext } from './route'

interface ResultData {
  kind: 'testDrive' | 'quote'
  booking: { store: string; localDate: string; localTime: string; status: string } | null
  /** The booking's status (confirmed by the store or not) and, for its customer, the way to cancel it. */
  request: OwnRequestData | null
  /** The quote request that was sent (?quote=): its reference, the build and that car. Null for an unknown id. */
  quote?: { reference: string; configurationId: string; car: FormCar | null } | null
}

const BOOKING_ID = /^[\w-]{12}$/

/** A quote request was sent: what happens next, its reference, the car it is about and where to go on. */
function QuoteReceived({ quote }: { quote: NonNullable<ResultData['quote']> | null }) {
  const t = useT()
  const { site } = useSiteContext()
  const links = quote
    ? [
        {
          href: linkTo(site, `/configurator/overview/${quote.configurationId}`),
          label: t('quote.received.backToBuild'),
        },
        {
          href: linkTo(site, `/configurator/test-drive-submission/${quote.configurationId}`),
          label: t('overview.testDrive'),
        },
      ]
    : [{ href: linkTo(site, '/test-drive'), label: t('overview.testDrive') }]
  return (
    <ShellPage heading="quote.received.heading" lead="quote.received.lead">
      <FormWithCar car={quote?.car}>
        <section className="card quote-received" aria-labelledby="quote-next-title">
          <h2 id="quote-next-title">{t('quote.received.nextHeading')}</h2>
          <p>{t('quote.received.reply')}</p>
          {quote ? (
            <p className="quote-received__reference">{t('quote.received.reference', { reference: quote.reference })}</p>
          ) : null}
        </section>
        <nav className="next-steps" aria-label={t('common.nextSteps')}>
          <ul>
            {links.map((link, i) => (
              <li key={link.href}>
                <a className={i === 0 ? 'button button--primary' : 'button'} href={link.href}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </FormWithCar>
    </ShellPage>
  )
}

function ResultPage({ data }: { data: ResultData }) {
  const t = useT()
  const { site } = useSiteContext()
  if (data.kind === 'quote') return <QuoteReceived quote={data.quote ?? null} />
  // Only a request the store has not answered yet is "not guaranteed".
  const status = data.request?.request.current ?? data.booking?.status ?? 'requested'
  const confirmed = status === 'confirmed' || status === 'completed'
  const open = status === 'requested'
  return (
    <ShellPage
      heading={confirmed ? 'page.testDriveResult.confirmedHeading' : 'page.testDriveResult.heading'}
      lead={
        confirmed
          ? 'page.testDriveResult.confirmedLead'
          : open
            ? 'page.testDriveResult.lead'
            : 'page.testDriveResult.closedLead'
      }
    >
      {data.booking ? (
        <p className="card">
          {t('testDrive.result.when', {
            store: data.booking.store,
            date: formatWeekdayDate(data.booking.localDate, site.locale, { year: true }),
            time: data.booking.localTime,
          })}
        </p>
      ) : null}
      {data.request ? (
        <OwnRequestPanel
          data={data.request}
          page={{ path: '/test-drive-result', query: `booking=${data.request.request.id}` }}
        />
      ) : null}
      {open ? <p>{t('testDrive.note.notGuaranteed')}</p> : null}
    </ShellPage>
  )
}

async function loadResult(ctx: LoadContext): Promise<ResultData> {
  if (ctx.url.searchParams.has('quote'))
    return { kind: 'quote', booking: null, request: null, quote: await loadQuote(ctx) }
  const id = ctx.url.searchParams.get('booking') ?? ''
  const booking = BOOKING_ID.test(id) ? await ctx.store.testDrives.findBooking(id) : null
  const store = booking
    ? (await ctx.store.showrooms(ctx.site.countryCode)).find((s) => s.id === booking.storeId)
    : undefined
  if (!booking || !store) return { kind: 'testDrive', booking: null, request: null }
  // The store's wall clock, as its slots were offered.
  const local = utcToZoned(new Date(booking.slotStart), store.timeZone)
  return {
    kind: 'testDrive',
    booking: { store: store.name, localDate: local.date, localTime: local.time, status: booking.status },
    request: await loadOwnRequest(ctx, 'testDrive', booking.id),
  }
}

/**
 * The quote request of `?quote=` in this country, with the build it is about; null when there is none, or when a
 * signed-in customer made it and this visitor is not them (as for the other requests' result pages).
 */
async function loadQuote(ctx: LoadContext): Promise<ResultData['quote']> {
  const id = ctx.url.searchParams.get('quote') ?? ''
  const quote = BOOKING_ID.test(id) ? await ctx.store.testDrives.findQuoteRequest(id, ctx.site.countryCode) : null
  if (!quote || (quote.ownerId !== null && quote.ownerId !== ctx.session.user?.id)) return null
  const configuration = await ctx.store.findConfiguration(quote.configurationId)
  return {
    reference: quote.id,
    configurationId: quote.configurationId,
    car: configuration ? await formCar(ctx, configuration.modelCode, configuration) : null,
  }
}

/** `/test-drive-result`: a test drive was requested (?booking=) or a quote request received (?quote=). */
export default defineRoute<ResultData>({
  id: 'testDriveResult',
  path: '/test-drive-result',
  label: 'book_a_test_drive_successful',
  namespaces: [],
  indexable: false,
  load: loadResult,
  action: async (ctx) => {
    const id = ctx.url.searchParams.get('booking') ?? ''
    const outcome = await cancelOwnRequest(ctx, 'testDrive', { id, path: '/test-drive-result', query: `booking=${id}` })
    if ('redirect' in outcome) return outcome
    return { status: outcome.status, data: { ...(await loadResult(ctx)), request: outcome.data } }
  },
  meta: (data) =>
    data.kind === 'quote'
      ? { title: 'quote.received.heading', description: 'quote.received.lead' }
      : { title: 'page.testDriveResult.heading', description: 'page.testDriveResult.lead' },
  Page: ResultPage,
})
