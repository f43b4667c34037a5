import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { askedWhen, formContext, INVALID, optionalField, parseForm, requiredField, rule } from './form-schema'

const country = formContext<'NO' | 'SE'>()
const SCHEMA = z.object({
  name: requiredField(z.string().max(5, INVALID)),
  size: requiredField(z.enum(['s', 'm'], INVALID), true),
  zip: requiredField(rule((text) => ((country.get() === 'NO' ? /^\d{4}$/ : /^\d{3} \d{2}$/).test(text) ? text : null))),
  note: optionalField(z.string().max(3, INVALID)),
  company: askedWhen(() => country.get() === 'SE', requiredField(z.string())),
  terms: z.literal(true, { error: 'x.problem.terms' }),
})
const FIELDS = ['name', 'size', 'zip', 'note', 'company', 'terms'] as const
const parse = (input: object, site: 'NO' | 'SE' = 'NO') =>
  country.run(site, () => parseForm(SCHEMA, input, FIELDS, (field) => `x.field.${field}`))

describe('parseForm', () => {
  it('answers the values, cleaned, when every field is right', () => {
    expect(parse({ name: ' Kari ', size: 'm', zip: '0150', note: '', terms: true })).toEqual({
      problems: [],
      values: { name: 'Kari', size: 'm', zip: '0150', note: null, company: null, terms: true },
    })
  })

  it('answers one problem per field in screen order: SPEC §5 ones labelled, a form’s own key as it is', () => {
    expect(parse({ terms: false, name: 'Karianne', note: 'long' }).problems).toEqual([
      { field: 'name', code: 'invalid', messageKey: 'validation.invalid', labelKey: 'x.field.name' },
      { field: 'size', code: 'requiredSelect', messageKey: 'validation.select', labelKey: 'x.field.size' },
      { field: 'zip', code: 'required', messageKey: 'validation.required', labelKey: 'x.field.zip' },
      { field: 'note', code: 'invalid', messageKey: 'validation.invalid', labelKey: 'x.field.note' },
      { field: 'terms', code: 'terms', messageKey: 'x.problem.terms' },
    ])
  })

  it('judges by the context of the parse running: the country’s postcode, a field asked only there', () => {
    const form = { name: 'Sven', size: 's', zip: '111 52', terms: true }
    expect(parse(form, 'NO').problems.map((p) => [p.field, p.code])).toEqual([['zip', 'invalid']])
    expect(parse(form, 'SE').problems.map((p) => [p.field, p.code])).toEqual([['company', 'required']])
  })

  it('refuses to read a context outside a parse', () => {
    expect(() => country.get()).toThrow(/outside a parse/)
    expect(() => SCHEMA.safeParse({ zip: '0150' })).toThrow(/outside a parse/)
  })
})
