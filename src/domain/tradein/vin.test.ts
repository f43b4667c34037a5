import { describe, expect, it } from 'vitest'
import { parseMileage } from './mileage'
import { normalizeVin, worldManufacturer } from './vin'

describe('normalizeVin', () => {
  it('accepts 17 characters of the ISO 3779 alphabet', () => {
    expect(normalizeVin('WVWZZZE1ZMP012345')).toEqual({ ok: true, vin: 'WVWZZZE1ZMP012345' })
  })

  it('stores lower case and spaced input in upper case without separators', () => {
    expect(normalizeVin(' yv1xzk7v0p2 012345 ')).toEqual({ ok: true, vin: 'YV1XZK7V0P2012345' })
    expect(normalizeVin('xnv-p5a-aa0r0000001')).toEqual({ ok: true, vin: 'XNVP5AAA0R0000001' })
  })

  it('refuses a VIN of the wrong length', () => {
    expect(normalizeVin('WVWZZZE1ZMP01234')).toEqual({ ok: false, problem: 'length' })
    expect(normalizeVin('WVWZZZE1ZMP0123456')).toEqual({ ok: false, problem: 'length' })
  })

  it('refuses the letters I, O and Q, also typed in lower case', () => {
    for (const vin of ['WVWZZZE1ZMPO12345', 'WVWZZZE1ZMPI12345', 'WVWZZZE1ZMPQ12345', 'wvwzzze1zmpo12345']) {
      expect(normalizeVin(vin)).toEqual({ ok: false, problem: 'forbiddenLetter' })
    }
  })

  it('refuses other characters and an empty field', () => {
    expect(normalizeVin('WVWZZZE1ZMP01234Ä')).toEqual({ ok: false, problem: 'character' })
    expect(normalizeVin('WVWZZZE1ZMP01234_')).toEqual({ ok: false, problem: 'character' })
    expect(normalizeVin('   ')).toEqual({ ok: false, problem: 'required' })
  })

  it('does not reject a European VIN whose ninth character is no check digit', () => {
    // A North American check digit here would be computed as 9; European VINs often carry a Z or a serial digit.
    expect(normalizeVin('WVWZZZ1KZAW000001').ok).toBe(true)
  })

  it('reads the world manufacturer identifier', () => {
    expect(worldManufacturer('WVWZZZE1ZMP012345')).toBe('WVW')
  })
})

describe('parseMileage', () => {
  it('accepts whole numbers from 1 to 1000000, with spaces as thousands separators', () => {
    expect(parseMileage('1')).toBe(1)
    expect(parseMileage('40000')).toBe(40_000)
    expect(parseMileage('40 000')).toBe(40_000)
    expect(parseMileage('40\u00a0000')).toBe(40_000)
    expect(parseMileage('1000000')).toBe(1_000_000)
  })

  it('refuses zero, leading zeros, fractions, separators other than spaces, signs and too much', () => {
    for (const input of ['0', '040000', '40000.5', '40,000', '40.000', '-5', '+5', '1000001', '10000000', 'abc', '']) {
      expect(parseMileage(input), input).toBeNull()
    }
  })
})
