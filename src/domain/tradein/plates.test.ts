import { describe, expect, it } from 'vitest'
import type { StoreCountry } from '../testdrive/phone'
import { normalizePlate, PLATE_RULES } from './plates'

const CASES: Record<StoreCountry, { valid: [input: string, stored: string][]; invalid: string[] }> = {
  NO: {
    valid: [
      ['el12345', 'EL 12345'],
      ['AB 12345', 'AB 12345'],
    ],
    invalid: ['AB 1234', 'ABC 12345', '12 34567'],
  },
  SE: {
    valid: [
      ['abc123', 'ABC 123'],
      ['ABC 12D', 'ABC 12D'],
    ],
    invalid: ['ABI 123', 'ABC 12O', 'AB 1234', 'ABC 1234', 'AVC 123'],
  },
  DK: {
    valid: [
      ['AB12345', 'AB 12 345'],
      ['ab 12 345', 'AB 12 345'],
    ],
    invalid: ['AB 1234', 'A 12 345', 'AB 12 34A'],
  },
  NL: {
    valid: [
      ['ab12cd', 'AB-12-CD'],
      ['12-ABC-3', '12-ABC-3'],
      ['XX-99-99', 'XX-99-99'],
      ['1abc23', '1-ABC-23'],
    ],
    invalid: ['ABCDEF', '123456', 'AB-12-C', 'A1B2C3'],
  },
  DE: {
    valid: [
      ['b-ab 1234', 'B-AB 1234'],
      ['M EV 123E', 'M-EV 123E'],
      ['HH-A 1', 'HH-A 1'],
    ],
    invalid: ['BAB1234', 'B-AB 0123', 'B-ABC 123', 'ABCD-AB 12', 'ABC-AB 1234'],
  },
  FR: {
    valid: [
      ['ab123cd', 'AB-123-CD'],
      ['GH-456-JK', 'GH-456-JK'],
    ],
    invalid: ['AB-000-CD', 'AI-123-CD', 'AB-123-CO', 'AB-123-CU', '123 ABC 75'],
  },
  BE: {
    valid: [
      ['1abc123', '1-ABC-123'],
      ['2-XYZ-987', '2-XYZ-987'],
    ],
    invalid: ['0-ABC-123', '1-AB-123', 'ABC-123'],
  },
  TH: {
    valid: [
      ['1กข1234', '1กข 1234'],
      ['กข 99', 'กข 99'],
    ],
    invalid: ['AB 1234', '1กขค 1234', 'กข 12345'],
  },
  IS: {
    valid: [
      ['ab123', 'AB 123'],
      ['AB C12', 'AB C12'],
    ],
    invalid: ['AB 1234', 'A 123', 'AB 12C'],
  },
  LU: {
    valid: [
      ['ab1234', 'AB 1234'],
      ['123456', '123456'],
    ],
    invalid: ['AB 123', '123', '1234567', 'ABC 1234'],
  },
  AT: {
    valid: [
      ['w-12345 a', 'W-12345 A'],
      ['G 123 AB', 'G-123 AB'],
    ],
    invalid: ['W12345A', 'W-1 A', 'W-12345 AB', 'ABC-123 A'],
  },
}

describe('normalizePlate', () => {
  for (const [country, { valid, invalid }] of Object.entries(CASES) as [StoreCountry, (typeof CASES)['NO']][]) {
    it(`${country}: accepts its format and stores the canonical spelling`, () => {
      for (const [input, stored] of valid) expect(normalizePlate(country, input), input).toBe(stored)
      expect(normalizePlate(country, PLATE_RULES[country].example)).toBe(PLATE_RULES[country].example)
    })

    it(`${country}: refuses other formats and an empty field`, () => {
      for (const input of [...invalid, '', '   ']) expect(normalizePlate(country, input), input).toBeNull()
    })
  }
})
