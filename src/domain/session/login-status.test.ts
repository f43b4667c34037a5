import { describe, expect, it } from 'vitest'
import { loginStatus, withOwnerType } from './login-status'

describe('loginStatus', () => {
  it.each([
    [undefined, 0],
    [null, 0],
    [[], 2],
    [[1], 1],
    [[4], 4],
    [[2], 2],
    [[3], 0],
    [[99], 0],
    [[1, 4], '1,4'],
    [[4, 1], '4,1'],
    [[1, 2, 4], 0],
  ] as const)('types %j give %j', (types, status) => {
    expect(loginStatus(types as readonly number[] | null | undefined)).toBe(status)
  })
})

describe('withOwnerType', () => {
  it('makes a potential customer an owner once', () => {
    expect(withOwnerType([])).toEqual([1])
    expect(withOwnerType([1])).toEqual([1])
    expect(withOwnerType([4])).toEqual([4, 1])
  })
})
