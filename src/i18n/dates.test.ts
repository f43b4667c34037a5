import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatSlot, formatWeekdayDate } from './dates'

describe('formatDateTime', () => {
  const instant = new Date('2026-03-05T13:07:00Z')

  it('writes DD MMM, YYYY HH:mm in the site’s time zone', () => {
    expect(formatDateTime(instant, 'en-US', 'Europe/Oslo')).toBe('05 Mar, 2026 14:07')
    expect(formatDateTime(instant, 'en-US', 'Asia/Bangkok')).toBe('05 Mar, 2026 20:07')
  })

  it('names the month in the visitor’s language, with a Gregorian year', () => {
    expect(formatDateTime(instant, 'de-DE', 'Europe/Berlin')).toBe('05 März, 2026 14:07')
    // Buddhist Era for Thai, and the abbreviation keeps its full stops.
    expect(formatDateTime(instant, 'th-TH', 'Asia/Bangkok')).toBe('05 มี.ค., 2569 20:07')
    expect(formatDateTime(new Date('2026-01-15T12:00:00Z'), 'fr-FR', 'Europe/Paris')).toBe('15 janv., 2026 13:00')
  })

  it('uses a 24-hour clock at midnight', () => {
    expect(formatDateTime(new Date('2026-12-31T23:30:00Z'), 'en-US', 'Europe/Paris')).toBe('01 Jan, 2027 00:30')
  })
})

describe('formatDate', () => {
  it('writes DD MMM, YYYY without a time', () => {
    expect(formatDate('2027-03-05', 'en-US')).toBe('05 Mar, 2027')
    expect(formatDate('2027-12-24', 'nb-NO')).toBe('24 des., 2027')
  })
})

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
