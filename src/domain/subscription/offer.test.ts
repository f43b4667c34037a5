import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { offerFor, SubscriptionOffers, subscriptionSummary } from './offer'

const offers = SubscriptionOffers.parse(
  JSON.parse(readFileSync(new URL('../../../data/subscription/offers.json', import.meta.url), 'utf8')),
)

describe('subscription offers', () => {
  it('exist in Norway, Sweden, the Netherlands and Germany only', () => {
    expect(offers.offers.map((o) => o.country)).toEqual(['NO', 'SE', 'NL', 'DE'])
    expect(offerFor(offers, 'FR')).toBeNull()
    expect(offerFor(offers, 'GLOBAL')).toBeNull()
  })

  it('sum the term exactly: NOK 7 995 × 12 = NOK 95 940, 1 250 km × 12 = 15 000 km', () => {
    const no = offerFor(offers, 'NO')
    if (!no) throw new Error('no Norwegian offer')
    expect(subscriptionSummary(no)).toEqual({
      monthly: { amount: 799_500, currency: 'NOK' },
      total: { amount: 9_594_000, currency: 'NOK' },
      termMonths: 12,
      kmPerMonth: 1250,
      kmPerTerm: 15_000,
      services: ['insurance', 'maintenance', 'tyres', 'winterTyres', 'roadsideAssistance', 'registration'],
    })
  })

  it('lists the services in page order whatever the file’s order: EUR 789 × 6 = EUR 4 734', () => {
    const de = offerFor(offers, 'DE')
    if (!de) throw new Error('no German offer')
    const shuffled = { ...de, services: ['registration', 'insurance'] as typeof de.services }
    expect(subscriptionSummary(shuffled).services).toEqual(['insurance', 'registration'])
    expect(subscriptionSummary(de).total).toEqual({ amount: 473_400, currency: 'EUR' })
  })
})
