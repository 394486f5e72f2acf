/**
 * A one-event iCalendar file (RFC 5545) built in the browser for "Add to calendar". Times are
 * written in UTC, so every calendar shows the right instant without a VTIMEZONE block.
 */
import { saveBlob } from '../../../lib/save-blob';

export interface CalendarEvent {
  uid: string;
  start: string | Date;
  end: string | Date;
  summary: string;
  description?: string | null;
  location?: string | null;
  url?: string | null;
  geo?: { lat: number; lng: number } | null;
  /** DTSTAMP: when the file was made */
  stamp?: Date;
}

/** TEXT values: backslash, semicolon and comma are escaped, and line breaks become \n (RFC 5545 3.3.11). */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** Lines longer than 75 octets are folded: CRLF and a space, never inside a character (RFC 5545 3.1). */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    // continuation lines start with a space, which counts towards their 75
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** 20261224T130000Z */
export const icsUtc = (instant: string | Date) => new Date(instant).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

export function buildIcs(e: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Parkly//Booking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${icsUtc(e.stamp ?? new Date())}`,
    `DTSTART:${icsUtc(e.start)}`,
    `DTEND:${icsUtc(e.end)}`,
    `SUMMARY:${escapeIcsText(e.summary)}`,
    e.description ? `DESCRIPTION:${escapeIcsText(e.description)}` : null,
    e.location ? `LOCATION:${escapeIcsText(e.location)}` : null,
    e.geo ? `GEO:${e.geo.lat};${e.geo.lng}` : null,
    // a URI value, not TEXT: not escaped
    e.url ? `URL:${e.url}` : null,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines
    .filter((l): l is string => l !== null)
    .map(foldIcsLine)
    .join('\r\n')}\r\n`;
}

/** Saves the text as a .ics file through a temporary link. */
export function downloadIcs(fileName: string, ics: string) {
  saveBlob(new Blob([ics], { type: 'text/calendar;charset=utf-8' }), fileName);
}
