import { describe, expect, it } from 'vitest'
import { BOOKING_PROBLEM_CODES, PROBLEM_MESSAGE_KEYS, TEST_DRIVE_MESSAGE_KEYS, weekdayKey } from './messages'

describe('test-drive message keys', () => {
  it('are unique and all in the testDrive namespace, but the shared messages of a name', () => {
    expect(new Set(TEST_DRIVE_MESSAGE_KEYS).size).toBe(TEST_DRIVE_MESSAGE_KEYS.length)
    for (const key of TEST_DRIVE_MESSAGE_KEYS) expect(key).toMatch(/^(testDrive\.[a-z]+|validation)\.[A-Za-z]+$/)
  })

  it('give every problem code a message', () => {
    for (const code of BOOKING_PROBLEM_CODES) expect(TEST_DRIVE_MESSAGE_KEYS).toContain(PROBLEM_MESSAGE_KEYS[code])
  })

  it('include the note, the nearest-store error and the weekdays', () => {
    expect(TEST_DRIVE_MESSAGE_KEYS).toContain('testDrive.note.notGuaranteed')
    expect(TEST_DRIVE_MESSAGE_KEYS).toContain('testDrive.error.nearestStore')
    expect(TEST_DRIVE_MESSAGE_KEYS).toContain(weekdayKey('sun'))
  })
})
