import { describe, expect, it, vi } from 'vitest'
import { renderPage } from '../../../test/render-page'
import { CATALOGS } from '../../i18n/catalogs'
import { intlFor } from '../../i18n/intl'
import { type TestDriveData, TestDrivePage } from './TestDrivePage'

const slot = (day: number, hour: number, available: number) => {
  const localDate = `2026-12-${String(day).padStart(2, '0')}`
  const localTime = `${String(hour).padStart(2, '0')}:00`
  return { start: `${localDate}T${String(hour - 1).padStart(2, '0')}:00:00.000Z`, localDate, localTime, available }
}

const data = (slots: TestDriveData['slots']): TestDriveData => ({
  idempotencyKey: 'key-0123456789',
  stores: [{ id: 'dk-cph', name: 'København', city: 'København', address: 'Gade 1, 1000 København' }],
  storeId: 'dk-cph',
  models: [{ code: 'p5', name: 'P5' }],
  modelCode: 'p5',
  slots,
  values: { name: '', email: '', phone: '', slotStart: '' },
  errors: {},
  message: null,
  configurationId: null,
})

describe('the test-drive slot list', () => {
  it('names each slot in full, and its free cars only when few are left, formatting each count once', () => {
    const slots = [7, 8, 9].flatMap((day) => [10, 11, 12, 13].map((hour) => slot(day, hour, hour === 13 ? 1 : 3)))
    slots[1] = { ...(slots[1] as (typeof slots)[number]), available: 2 }
    const intl = intlFor('da-DK', CATALOGS['da-DK'])
    const format = vi.spyOn(intl, 'formatMessage')
    const { html } = renderPage('/dk', '/test-drive', <TestDrivePage data={data(slots)} />, intl)
    const list = /<select[^>]*id="slot-select".*?<\/select>/s.exec(html)?.[0] ?? ''
    const options = [...list.matchAll(/<option value="([^"]+)"[^>]*>(.*?)<\/option>/g)]
    expect(options.map((o) => o[1])).toEqual(slots.map((s) => s.start))
    const few = (count: number) => intl.formatMessage({ id: 'testDrive.slot.available' }, { count })
    // The closed list shows the chosen option alone: weekday, date and time, then the cars only when few are left.
    expect(options[0]?.[2]).toBe('mandag 7. december · 10:00')
    expect(options[1]?.[2]).toBe(`mandag 7. december · 11:00 · ${few(2)}`)
    expect(options[3]?.[2]).toBe(`mandag 7. december · 13:00 · ${few(1)}`)
    expect(options[4]?.[2]).toBe('tirsdag 8. december · 10:00')
    const perSlot = format.mock.calls.filter((call) => (call[0] as { id?: string }).id === 'testDrive.slot.available')
    // Rendered once per distinct count left few (1 and 2), then the two calls above.
    expect(perSlot).toHaveLength(4)
    // Slots are grouped under their day, with its weekday, in order.
    expect([...list.matchAll(/<optgroup label="([^"]+)"/g)].map((m) => m[1])).toEqual([
      'mandag 7. december',
      'tirsdag 8. december',
      'onsdag 9. december',
    ])
  })
})
