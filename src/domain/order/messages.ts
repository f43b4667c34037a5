/**
 * Message keys of the order feature, so screens and the catalogs (locales/*.json) agree on one list. Problem
 * messages with `{label}` get the translated in-sentence field label (`order.field.*`); `{consent}` gets the
 * translated consent name (`order.consentName.*`).
 */
import { CONSENT_NAME_KEYS, CONSENT_TEXT_KEYS } from './consents'
import { PAYMENT_MESSAGE_KEYS, PAYMENT_STATE_KEYS } from './payment'
import { PERSONAL_FIELDS } from './personal'
import { ACTION_MESSAGE_KEYS, STATUS_MESSAGE_KEYS, TRANSITION_PROBLEM_KEYS } from './state'

/**
 * The validation messages the personal form uses; `validation.required` and `validation.invalid` are shared with
 * other forms, `validation.select` ("Please select a {label}.") is new with this feature.
 *
 * @example
 * VALIDATION_MESSAGE_KEYS.includes('validation.select') // true
 */
export const VALIDATION_MESSAGE_KEYS = ['validation.required', 'validation.select', 'validation.invalid'] as const

/**
 * Every message key the order domain references, without duplicates.
 *
 * @example
 * ORDER_MESSAGE_KEYS.includes('order.problem.leaseCancelFailed') // true
 */
export const ORDER_MESSAGE_KEYS: readonly string[] = [
  ...new Set([
    ...VALIDATION_MESSAGE_KEYS,
    ...PERSONAL_FIELDS.map((field) => `order.field.${field}`),
    'order.field.cvr',
    ...PERSONAL_FIELDS.map((field) => `order.label.${field}`),
    'order.label.cvr',
    'order.problem.consentRequired',
    ...Object.values(TRANSITION_PROBLEM_KEYS),
    ...Object.values(CONSENT_TEXT_KEYS),
    ...Object.values(CONSENT_NAME_KEYS),
    ...STATUS_MESSAGE_KEYS,
    ...Object.values(PAYMENT_STATE_KEYS),
    ...Object.values(PAYMENT_MESSAGE_KEYS),
    ...Object.values(ACTION_MESSAGE_KEYS),
  ]),
]
