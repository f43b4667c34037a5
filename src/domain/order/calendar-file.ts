/**
 * A handover appointment as an iCalendar file (RFC 5545), attached to its e-mail and downloadable from the order
 * page. One VEVENT with a stable UID per order, so a moved appointment (a higher SEQUENCE) replaces the first one
 * in the customer's calendar instead of adding a second. Times are UTC (`Z`), which every calendar converts to the
 * reader's zone. Lines end in CRLF and are folded at 75 octets (§3.1); text values escape backslash, semicolon,
 * comma and line breaks (§3.3.11). Pure.
 */

/**
 * One handover appointment.
 *
 * @example
 * const a: CalendarAppointment = { uid: 'handover-o1@nordvolt.example', sequence: 0, start: '2027-03-02T09:00:00.000Z',
 *   minutes: 60, summary: 'Handover of your Nordvolt P5', location: 'Nordvolt Berlin, Kurfürstendamm 195, 10707 Berlin',
 *   description: 'Order NV-DE-1N7D3F', url: 'https://www.nordvolt.example/de/order/o1', stamp: '2027-02-20T10:00:00.000Z',
 *   organizer: { name: 'Nordvolt Berlin', email: 'berlin@nordvolt.example' } }
 */
export interface CalendarAppointment {
  uid: string
  sequence: number
  start: string
  minutes: number
  summary: string
  location: string
  description: string
  url: string
  /** When this version of the appointment was made (DTSTAMP). */
  stamp: string
  organizer: { name: string; email: string }
  /** True once the appointment is called off (the order was cancelled): calendars then remove it. */
  cancelled?: boolean
}

/** An instant as iCalendar's UTC form: 20270302T090000Z. */
function utc(instant: string): string {
  const date = new Date(instant)
  if (Number.isNaN(date.getTime())) throw new RangeError(`not an instant: ${instant}`)
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/**
 * A TEXT value escaped as §3.3.11 asks.
 *
 * @example
 * escapeText('Berlin, Kurfürstendamm; 1\\n') // 'Berlin\\, Kurfürstendamm\\; 1\\\\n'
 */
export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')
}

/**
 * A content line folded at 75 octets (a CRLF and a space before each continuation), never inside a UTF-8 character.
 *
 * @example
 * foldLine('DESCRIPTION:' + 'x'.repeat(100)).split('\r\n').length // 2
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder()
  const parts: string[] = []
  let current = ''
  let size = 0
  for (const char of line) {
    const bytes = encoder.encode(char).length
    // The first line holds 75 octets; a continuation 74 after its leading space.
    if (size + bytes > (parts.length === 0 ? 75 : 74)) {
      parts.push(current)
      current = ''
      size = 0
    }
    current += char
    size += bytes
  }
  parts.push(current)
  return parts.join('\r\n ')
}

/**
 * The appointment as an .ics file's text: METHOD:PUBLISH (to add to a calendar; a later SEQUENCE of the same UID
 * updates it), or METHOD:CANCEL when it is called off.
 *
 * @example
 * calendarFile(appointment).startsWith('BEGIN:VCALENDAR\r\n') // true
 */
export function calendarFile(appointment: CalendarAppointment): string {
  const end = new Date(new Date(appointment.start).getTime() + appointment.minutes * 60_000).toISOString()
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Nordvolt//Storefront handover//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${appointment.cancelled ? 'CANCEL' : 'PUBLISH'}`,
    'BEGIN:VEVENT',
    `UID:${appointment.uid}`,
    `SEQUENCE:${appointment.sequence}`,
    `DTSTAMP:${utc(appointment.stamp)}`,
    `DTSTART:${utc(appointment.start)}`,
    `DTEND:${utc(end)}`,
    `SUMMARY:${escapeText(appointment.summary)}`,
    `LOCATION:${escapeText(appointment.location)}`,
    `DESCRIPTION:${escapeText(appointment.description)}`,
    `URL:${appointment.url}`,
    `ORGANIZER;CN=${escapeText(appointment.organizer.name).replace(/"/g, '')}:mailto:${appointment.organizer.email}`,
    `STATUS:${appointment.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}
