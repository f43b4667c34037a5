import { describe, expect, it } from 'vitest'
import { CONSENT_NAME_KEYS, CONSENT_TEXT_KEYS, CONSENTS } from './consents'
import { ORDER_MESSAGE_KEYS } from './messages'
import { ORDER_KINDS } from './order'
import { PAYMENT_MESSAGE_KEYS, PAYMENT_STATE_KEYS } from './payment'
import { PERSONAL_FIELDS, personalLabelKey, personalVisibleLabelKey } from './personal'
import {
  ACTION_MESSAGE_KEYS,
  customerActionTexts,
  LEASE_STATUSES,
  PURCHASE_STATUSES,
  statusKey,
  TRANSITION_PROBLEM_KEYS,
} from './state'

describe('order message keys', () => {
  it('are unique and namespaced', () => {
    expect(new Set(ORDER_MESSAGE_KEYS).size).toBe(ORDER_MESSAGE_KEYS.length)
    for (const key of ORDER_MESSAGE_KEYS)
      expect(key).toMatch(/^(order\.[a-z][A-Za-z]*\.[a-z][A-Za-z]*|validation\.[a-z]+)$/)
  })

  it('include every key the modules produce', () => {
    const produced = [
      'validation.required',
      'validation.select',
      'validation.invalid',
      'order.problem.consentRequired',
      ...PERSONAL_FIELDS.flatMap((field) =>
        (['DK', 'NO'] as const).flatMap((country) => [
          personalLabelKey(field, country),
          personalVisibleLabelKey(field, country),
        ]),
      ),
      ...CONSENTS.map((consent) => CONSENT_TEXT_KEYS[consent]),
      ...Object.values(CONSENT_NAME_KEYS),
      ...ORDER_KINDS.flatMap((kind) => [
        ...PURCHASE_STATUSES.map((status) => statusKey({ flow: 'purchase', kind }, status)),
        ...LEASE_STATUSES.map((status) => statusKey({ flow: 'lease', kind }, status)),
        ...(['requestCancellation', 'requestRefund', 'withdrawRefund'] as const).flatMap((event) =>
          Object.values(customerActionTexts({ kind, flow: 'lease', status: 'requested' }, event)),
        ),
      ]),
      ...Object.values(TRANSITION_PROBLEM_KEYS),
      ...Object.values(PAYMENT_STATE_KEYS),
      ...Object.values(PAYMENT_MESSAGE_KEYS),
      ...Object.values(ACTION_MESSAGE_KEYS),
    ]
    for (const key of produced) expect(ORDER_MESSAGE_KEYS, key).toContain(key)
  })

  it('include the SPEC §8 texts and the timeline of SPEC §4', () => {
    expect(ORDER_MESSAGE_KEYS).toContain('order.problem.leaseCancelFailed')
    expect(ORDER_MESSAGE_KEYS).toContain('order.payment.underConstruction')
    expect(ORDER_MESSAGE_KEYS).toContain('order.cancel.received')
    expect(ORDER_MESSAGE_KEYS).toContain('order.refund.timing')
    expect(ORDER_MESSAGE_KEYS).toContain('order.status.vehiclePreparation')
  })
})
