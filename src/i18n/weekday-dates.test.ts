import { describe, expect, it } from 'vitest'
import { formatSlot, formatWeekdayDate } from './weekday-dates'

describe('formatWeekdayDate and formatSlot', () => {
  it('name the weekday, the day and the month in full words of the language', () => {
    expect(formatSlot('2026-12-08', '10:00', 'nb-NO')).toBe('tirsdag 8. desember · 10:00')
    expect(formatSlot('2026-12-08', '10:00', 'de-DE')).toBe('Dienstag, 8. Dezember · 10:00')
    expect(formatWeekdayDate('2026-12-08', 'en-US', { year: true })).toBe('Tuesday, December 8, 2026')
  })

  it('count a Thai year in the Buddhist Era', () => {
    expect(formatWeekdayDate('2026-12-08', 'th-TH', { year: true })).toContain('2569')
  })

  it('read in full in every language', () => {
    const locales = ['da-DK', 'de-AT', 'fr-BE', 'fr-FR', 'fr-LU', 'nl-BE', 'nl-NL', 'is-IS', 'sv-SE', 'th-TH']
    const all = locales.map((locale) => `${locale} ${formatSlot('2026-12-08', '10:00', locale, { year: true })}`)
    expect(all).toMatchInlineSnapshot(`
      [
        "da-DK tirsdag den 8. december 2026 · 10:00",
        "de-AT Dienstag, 8. Dezember 2026 · 10:00",
        "fr-BE mardi 8 décembre 2026 · 10:00",
        "fr-FR mardi 8 décembre 2026 · 10:00",
        "fr-LU mardi 8 décembre 2026 · 10:00",
        "nl-BE dinsdag 8 december 2026 · 10:00",
        "nl-NL dinsdag 8 december 2026 · 10:00",
        "is-IS þriðjudagur, 8. desember 2026 · 10:00",
        "sv-SE tisdag 8 december 2026 · 10:00",
        "th-TH วันอังคารที่ 8 ธันวาคม 2569 · 10:00",
      ]
    `)
  })
})
