import { afterEach, beforeEach, expect, vi } from 'vitest'

// console.error during a test is a bug (Epic Stack habit): fail the test that caused it.
let errors: unknown[][] = []
beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  expect(errors, 'console.error was called').toEqual([])
})
