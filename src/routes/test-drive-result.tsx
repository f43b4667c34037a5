import { formatDate } from '../i18n/dates'
import { useT } from '../ui/intl-context'
import { ShellPage } from '../ui/ShellPage'
import { useRenderContext } from '../ui/site-context'
import { cancelOwnRequest, loadOwnRequest, type OwnRequestData, OwnRequestPanel } from './program-request'
import { defineRoute, type LoadContext } from './route'

interface ResultData {
  kind: 'testDrive' | 'quote'
  booking: { store: string; localDate: string; localTime: string; status: string } | null
  /** The booking's status (confirmed by the store or not) and, for its customer, the way to cancel it. */
  request: OwnRequestData | null
}

const BOOKING_ID = /^[\w-]{12}$/

function ResultPage({ data }: { data: ResultData }) {
  const t = useT()
  const { site } = useRenderContext()
  if (data.kind === 'quote') return <ShellPage heading="quote.received.heading" lead="quote.received.lead" />
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
            date: formatDate(data.booking.localDate, site.locale),
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
  if (ctx.url.searchParams.has('quote')) return { kind: 'quote', booking: null, request: null }
  const id = ctx.url.searchParams.get('booking') ?? ''
  const booking = BOOKING_ID.test(id) ? await ctx.store.testDrives.findBooking(id) : null
  const store = booking
    ? (await ctx.store.stores(ctx.site.countryCode)).find((s) => s.id === booking.storeId)
    : undefined
  if (!booking || !store) return { kind: 'testDrive', booking: null, request: null }
  const local = new Intl.DateTimeFormat('sv-SE', {
    timeZone: store.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(booking.slotStart))
  const [localDate = '', localTime = ''] = local.split(' ')
  return {
    kind: 'testDrive',
    booking: { store: store.name, localDate, localTime, status: booking.status },
    request: await loadOwnRequest(ctx, 'testDrive', booking.id),
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
