import { describe, expect, it } from 'vitest'
import { calendarFile, escapeText, foldLine } from './calendar-file'

const appointment = {
  uid: 'handover-o1@nordvolt.example',
  sequence: 1,
  start: '2027-03-02T09:00:00.000Z',
  minutes: 60,
  summary: 'Übergabe Ihres Nordvolt P5',
  location: 'Nordvolt Berlin, Kurfürstendamm 195, 10707 Berlin',
  description: 'Bestellung NV-DE-1N7D3F; bitte Führerschein mitbringen.\nBis bald!',
  url: 'https://www.nordvolt.example/de/order/o1',
  stamp: '2027-02-20T10:15:30.000Z',
  organizer: { name: 'Nordvolt Berlin', email: 'berlin@nordvolt.example' },
}

/** The file's lines unfolded (RFC 5545 §3.1: a CRLF followed by a space continues the line). */
const unfolded = (text: string) => text.replace(/\r\n /g, '').split('\r\n')

describe('the handover calendar file', () => {
  it('is one VEVENT in UTC with the appointment, its place and a sequence that a move raises', () => {
    const file = calendarFile(appointment)
    expect(file.endsWith('\r\n')).toBe(true)
    expect(file.replace(/\r\n/g, '')).not.toMatch(/\n/)
    const lines = unfolded(file)
    expect(lines.slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Nordvolt//Storefront handover//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
    ])
    expect(lines).toContain('UID:handover-o1@nordvolt.example')
    expect(lines).toContain('SEQUENCE:1')
    expect(lines).toContain('DTSTAMP:20270220T101530Z')
    expect(lines).toContain('DTSTART:20270302T090000Z')
    expect(lines).toContain('DTEND:20270302T100000Z')
    expect(lines).toContain('LOCATION:Nordvolt Berlin\\, Kurfürstendamm 195\\, 10707 Berlin')
    expect(lines).toContain('DESCRIPTION:Bestellung NV-DE-1N7D3F\\; bitte Führerschein mitbringen.\\nBis bald!')
    expect(lines).toContain('ORGANIZER;CN=Nordvolt Berlin:mailto:berlin@nordvolt.example')
    expect(lines.slice(-3)).toEqual(['END:VEVENT', 'END:VCALENDAR', ''])
  })

  it('folds lines at 75 octets without splitting a character, and escapes text', () => {
    const line = `DESCRIPTION:${'ü'.repeat(60)}`
    const folded = foldLine(line)
    for (const part of folded.split('\r\n')) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75)
    expect(folded.replace(/\r\n /g, '')).toBe(line)
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne')
  })

  it('calls the appointment off with METHOD:CANCEL', () => {
    const lines = unfolded(calendarFile({ ...appointment, sequence: 2, cancelled: true }))
    expect(lines).toContain('METHOD:CANCEL')
    expect(lines).toContain('STATUS:CANCELLED')
  })
})
