import { describe, expect, it } from 'vitest'
import { catalog } from '../pricing/test-data'
import { type FinanceProduct, productsFor } from './products'
import { financeData } from './test-data'
import { type FinanceRequest, validateFinanceRequest } from './validate'

const DAY = '2025-06-01'
function product(country: string, kind: FinanceProduct['kind']): FinanceProduct {
  const found = financeData.find((data) => data.country === country)?.products.find((p) => p.kind === kind)
  if (found === undefined) throw new Error(`${country} offers ${kind}`)
  return found
}
const base: FinanceRequest = { usage: 'personal', date: DAY, price: 4_799_000, downPayment: 0, termMonths: 48 }

describe('validateFinanceRequest', () => {
  it('accepts every product’s defaults for the Standard Range price of its country', () => {
    for (const data of financeData) {
      const price = catalog.versions[0]?.prices[data.country] ?? 0
      for (const usage of ['personal', 'business'] as const) {
        for (const p of productsFor(financeData, data.country, usage, DAY)) {
          const request: FinanceRequest = { ...base, usage, price }
          if (p.kind !== 'cash') {
            request.downPayment = Math.ceil((price * p.defaults.downPaymentBp) / 10_000)
            request.termMonths = p.defaults.termMonths
            if ('mileageKmPerYear' in p.defaults) request.mileageKmPerYear = p.defaults.mileageKmPerYear
            request.birthday = '1990-01-01'
          }
          expect(validateFinanceRequest(p, request), `${data.country} ${p.kind}`).toEqual([])
        }
      }
    }
  })

  it('gives the allowed down payment range in minor units, rounded inwards', () => {
    // NO loan: 35–90 % of NOK 450 000.01: min 157 500.0035 → up to 157 500.01, max 405 000.009 → down to 405 000.00
    const no = product('NO', 'loan')
    const problems = validateFinanceRequest(no, { ...base, price: 45_000_001, downPayment: 100, termMonths: 60 })
    expect(problems).toEqual([
      {
        field: 'downPayment',
        code: 'downPaymentOutOfRange',
        messageKey: 'finance.problem.downPaymentOutOfRange',
        params: { min: 15_750_001, max: 40_500_000 },
      },
    ])
    expect(validateFinanceRequest(no, { ...base, price: 45_000_001, downPayment: 15_750_001, termMonths: 60 })).toEqual(
      [],
    )
  })

  it('names the offered terms, mileages and a service that is not offered', () => {
    const lease = product('NL', 'privateLease')
    const problems = validateFinanceRequest(lease, {
      ...base,
      termMonths: 30,
      mileageKmPerYear: 12_000,
      services: ['tollTag', 'insurance'],
      birthday: '1990-05-05',
    })
    expect(problems.map((p) => [p.field, p.code, p.params])).toEqual([
      ['termMonths', 'termNotOffered', { options: '24, 36, 48, 60' }],
      ['mileageKmPerYear', 'mileageNotOffered', { options: '10000, 15000, 20000' }],
      ['services', 'serviceNotOffered', { service: 'finance.service.tollTag' }],
    ])
  })

  it('asks a birthday for the Dutch private lease only', () => {
    const request = { ...base, mileageKmPerYear: 10_000 }
    expect(validateFinanceRequest(product('NL', 'privateLease'), request).map((p) => p.code)).toEqual([
      'birthdayRequired',
    ])
    expect(validateFinanceRequest(product('NL', 'bankPrivateLease'), request)).toEqual([])
  })

  it('checks the balloon against the product and the amount financed', () => {
    const de = product('DE', 'loan')
    const request = { ...base, price: 4_699_000, downPayment: 469_900 }
    expect(validateFinanceRequest(de, { ...request, balloonAmount: 1_409_700 })).toEqual([])
    expect(validateFinanceRequest(de, { ...request, balloonAmount: 2_200_000 })).toEqual([
      {
        field: 'balloonAmount',
        code: 'balloonOutOfRange',
        messageKey: 'finance.problem.balloonOutOfRange',
        params: { min: 0, max: 2_114_550 }, // 45 % of 46 990.00
      },
    ])
    const nl = product('NL', 'loan')
    expect(validateFinanceRequest(nl, { ...base, termMonths: 60, balloonAmount: 1 }).map((p) => p.code)).toEqual([
      'balloonNotOffered',
    ])
  })

  it('checks the amount financed, the usage and the validity period', () => {
    const nl = product('NL', 'loan')
    const problems = validateFinanceRequest(nl, {
      ...base,
      usage: 'business',
      date: '2028-01-01',
      price: 9_000_000,
      termMonths: 60,
    })
    expect(problems.map((p) => [p.code, p.params])).toEqual([
      ['usageNotOffered', {}],
      ['productNotAvailable', { validFrom: '2025-01-01', validTo: '2027-12-31' }],
      ['financedAmountOutOfRange', { min: 250_000, max: 7_500_000 }],
    ])
    expect(() => validateFinanceRequest(nl, { ...base, date: '2025-13-01' })).toThrow(RangeError)
  })

  it('checks only usage and dates for cash', () => {
    expect(validateFinanceRequest(product('FR', 'cash'), { ...base, termMonths: 7, downPayment: -1 })).toEqual([])
  })
})
