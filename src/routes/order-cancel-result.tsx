import { statusNoteKey } from '../domain/order/state'
import { linkTo } from '../i18n/links'
import { useT } from '../ui/intl-context'
import { useSiteContext } from '../ui/site-context'
import { loadOwnedOrder, type OrderView } from './order/owned-order'
import { defineRoute } from './route'

function CancelResultPage({ data }: { data: OrderView }) {
  const t = useT()
  const { site } = useSiteContext()
  // A lease request not yet ordered is cancelled at once; everything else goes to review.
  const note =
    data.order.status === 'requestCancelled'
      ? 'order.cancel.leaseRequestCancelled'
      : (statusNoteKey(data.order) ?? 'order.cancel.received')
  return (
    <article className="page">
      <h1 className="page__heading">{t('page.cancelResult.heading')}</h1>
      <p className="page__lead">{t(note)}</p>
      <a className="button" href={linkTo(site, `/order/${data.id}`)}>
        {t('order.view')}
      </a>
    </article>
  )
}

export const cancelResult = defineRoute<OrderView>({
  id: 'cancelResult',
  path: '/order/cancel-result/:id',
  label: 'cancelation_request_submission_successful',
  namespaces: [],
  indexable: false,
  auth: 'orderLink',
  load: loadOwnedOrder,
  meta: (data) => ({
    title: 'page.cancelResult.heading',
    description: 'page.cancelResult.lead',
    values: { order: data.order.orderNumber ?? '' },
  }),
  Page: CancelResultPage,
})
