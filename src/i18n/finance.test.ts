import { describe, expect, it } from 'vitest'
import type { FinanceProblem } from '../domain/finance/validate'
import { CATALOGS } from './catalogs'
import { financeProblemMessage } from './finance'
import { intlFor, type MessageKey } from './intl'

const inSwedish = (problem: FinanceProblem) => {
  const intl = intlFor('sv-SE', CATALOGS['sv-SE'])
  const t = (key: MessageKey, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values)
  return financeProblemMessage(problem, 'SEK', 'sv-SE', t).replace(/\s/g, ' ')
}

describe('financeProblemMessage', () => {
  it('names a lease service by its name, not its message key', () => {
    const message = inSwedish({
      field: 'services',
      code: 'serviceNotOffered',
      messageKey: 'finance.problem.serviceNotOffered',
      params: { service: 'finance.service.tollTag' },
    })
    expect(message).toBe('Kan inte väljas med den här produkten: Vägtullsbricka.')
  })

  it('writes the offer’s dates and the offered mileages as the locale does', () => {
    const dates = inSwedish({
      field: 'date',
      code: 'productNotAvailable',
      messageKey: 'finance.problem.productNotAvailable',
      params: { validFrom: '2026-01-01', validTo: '2026-12-31' },
    })
    expect(dates).not.toMatch(/\d{4}-\d\d-\d\d/)
    expect(dates).toContain('2026')
    const mileages = inSwedish({
      field: 'mileageKmPerYear',
      code: 'mileageNotOffered',
      messageKey: 'finance.problem.mileageNotOffered',
      params: { options: '10000, 15000' },
    })
    expect(mileages).toBe('Välj en av dessa körsträckor: 10 000, 15 000 km per år.')
  })
})
