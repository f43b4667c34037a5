import { linkTo } from '../i18n/links'
import { loadPreOrder } from './lookups'
import { loadForm, type OrderFormData, OrderFormPage, submitOrder } from './order-form'
import { defineRoute } from './route'

/**
 * `/pre-order/info-submission/{id}/{carId}`: the personal details of a pre-order. The same form and the same
 * idempotent placing as an order, with the kind fixed to pre-order: the deposit (pre-order fee) is paid next with
 * the payment provider, and the blind-order incentive is recorded on the pre-order.
 */
export default defineRoute<OrderFormData>({
  id: 'preOrderInfoSubmission',
  path: '/pre-order/info-submission/:id/:carId',
  label: 'order_personal_info_submission',
  namespaces: [],
  indexable: false,
  auth: 'required',
  load: async (ctx) => {
    await loadPreOrder(ctx)
    return loadForm(ctx, 'preOrder')
  },
  action: async (ctx) => {
    await loadPreOrder(ctx)
    // A retry of a form that already placed its pre-order goes to that pre-order.
    const key = ctx.form.idempotencyKey ?? ''
    const earlier = /^[\w-]{12,64}$/.test(key) ? await ctx.store.orders.findByKey(key) : null
    if (earlier) return { redirect: linkTo(ctx.site, `/order/result-confirmation/${earlier}`) }
    return submitOrder(ctx, 'preOrder')
  },
  meta: () => ({
    title: 'page.preOrderInfoSubmission.heading',
    description: 'page.preOrderInfoSubmission.lead',
    values: { model: 'P5' },
  }),
  Page: OrderFormPage,
})
