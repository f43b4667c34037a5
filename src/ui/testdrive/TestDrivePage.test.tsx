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
  stores: [{ id: 'se-sto', name: 'Stockholm', city: 'Stockholm', address: 'Gatan 1, 111 11 Stockholm' }],
  storeId: 'se-sto',
  models: [{ code: 'p5', name: 'P5' }],
  modelCode: 'p5',
  slots,
  values: { name: '', email: '', phone: '', slotStart: '' },
  errors: {},
  message: null,
  configurationId: null,
})

describe('the test-drive slot list', () => {
  it('says how many cars are free in every slot, formatting each count once', () => {
    const slots = [1, 2, 3].flatMap((day) => [10, 11, 12, 13].map((hour) => slot(day, hour, hour === 13 ? 1 : 2)))
    const intl = intlFor('sv-SE', CATALOGS['sv-SE'])
    const format = vi.spyOn(intl, 'formatMessage')
    const { html } = renderPage('/se', '/test-drive', <TestDrivePage data={data(slots)} />, intl)
    const list = /<select[^>]*id="slot-select".*?<\/select>/s.exec(html)?.[0] ?? ''
    const options = [...list.matchAll(/<option value="([^"]+)"[^>]*>(.*?)<\/option>/g)]
    expect(options.map((o) => o[1])).toEqual(slots.map((s) => s.start))
    const one = intl.formatMessage({ id: 'testDrive.slot.available' }, { count: 1 })
    const two = intl.formatMessage({ id: 'testDrive.slot.available' }, { count: 2 })
    expect(one).not.toBe(two)
    for (const [index, option] of options.entries()) {
      expect(option[2]).toContain(slots[index]?.available === 1 ? one : two)
    }
    const perSlot = format.mock.calls.filter((call) => (call[0] as { id?: string }).id === 'testDrive.slot.available')
    // Rendered once per distinct count (1 and 2), then the two calls above.
    expect(perSlot).toHaveLength(4)
    // Slots are grouped under their day, in order.
    expect([...list.matchAll(/<optgroup label="([^"]+)"/g)]).toHaveLength(3)
  })
})
