/**
 * Stripe's request encoding, read back: `application/x-www-form-urlencoded` with bracketed keys
 * (`line_items[0][price_data][currency]=nok`, `expand[0]=payment_intent`), into nested objects and arrays.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue }

const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor'])

/**
 * The parameters of a Stripe request body or query string.
 *
 * @example
 * readStripeForm('metadata[order_id]=o1&expand[0]=payment_intent')
 * // { metadata: { order_id: 'o1' }, expand: ['payment_intent'] }
 */
export function readStripeForm(text: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = Object.create(null)
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\]\[|\[|\]/).filter((part) => part !== '')
    if (parts.length === 0 || parts.some((part) => FORBIDDEN.has(part))) continue
    let node: Record<string, FormValue> | FormValue[] = root
    parts.forEach((part, index) => {
      const container = node as Record<string, FormValue>
      if (index === parts.length - 1) {
        container[part] = value
        return
      }
      const next = parts[index + 1] ?? ''
      const existing = container[part]
      if (typeof existing !== 'object' || existing === null)
        container[part] = /^\d+$/.test(next) ? [] : (Object.create(null) as Record<string, FormValue>)
      node = container[part] as Record<string, FormValue> | FormValue[]
    })
  }
  return root
}

/** A parameter as text, or undefined. */
export const text = (value: FormValue | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined

/** A parameter as a list (an array, or the values of an indexed object), or []. */
export function list(value: FormValue | undefined): FormValue[] {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined)
  return value && typeof value === 'object' ? Object.values(value) : []
}

/** A parameter as an object of texts (metadata), or {}. */
export function record(value: FormValue | undefined): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
  const out: Record<string, string> = {}
  for (const [key, item] of Object.entries(value)) if (typeof item === 'string') out[key] = item
  return out
}
