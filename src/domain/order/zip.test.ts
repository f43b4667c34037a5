import { describe, expect, it } from 'vitest'
import { STORE_COUNTRIES } from '../testdrive/phone'
import { normalizeZip, zipTakesDigitsOnly } from './zip'

describe('zipTakesDigitsOnly', () => {
  it('is every country’s but the Netherlands’, whose postcodes have letters', () => {
    expect(STORE_COUNTRIES.filter((country) => !zipTakesDigitsOnly(country))).toEqual(['NL'])
  })

  it('holds only where digits alone pass the country’s own check', () => {
    expect(normalizeZip('SE', '11152')).toBe('111 52')
    expect(normalizeZip('LU', '1009')).toBe('1009')
    expect(normalizeZip('NL', '1012')).toBeNull()
  })
})
