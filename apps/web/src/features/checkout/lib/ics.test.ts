import { describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldIcsLine, icsUtc } from './ics';

describe('ics', () => {
  it('escapes TEXT values per RFC 5545', () => {
    expect(escapeIcsText('Gate 2, left; then \\ ring\nflat 4\r\nno. 5')).toBe('Gate 2\\, left\\; then \\\\ ring\\nflat 4\\nno. 5');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `DESCRIPTION:${'a'.repeat(100)}`;
    const folded = foldIcsLine(line);
    const rows = folded.split('\r\n');
    expect(rows[0]).toHaveLength(75);
    expect(rows[1]!.startsWith(' ')).toBe(true);
    expect(rows.map((r, i) => (i ? r.slice(1) : r)).join('')).toBe(line);
    const rupees = foldIcsLine(`SUMMARY:${'₹'.repeat(40)}`);
    for (const row of rupees.split('\r\n')) expect(new TextEncoder().encode(row).length).toBeLessThanOrEqual(75);
    expect(rupees.replace(/\r\n /g, '')).toBe(`SUMMARY:${'₹'.repeat(40)}`);
  });

  it('writes times in UTC', () => {
    expect(icsUtc('2026-12-24T18:30:00+05:30')).toBe('20261224T130000Z');
  });

  it('builds one event with CRLF lines', () => {
    const ics = buildIcs({
      uid: 'b1@parkly',
      start: '2026-12-24T18:30:00+05:30',
      end: '2026-12-24T21:00:00+05:30',
      summary: 'Parking: Garage, Indiranagar',
      description: 'Reference PK-1\nRing the bell',
      location: '14, 12th Main Road; Bengaluru',
      url: 'https://www.google.com/maps/dir/?api=1&destination=12.97,77.64',
      geo: { lat: 12.97, lng: 77.64 },
      stamp: new Date('2026-12-01T00:00:00Z'),
    });
    const lines = ics.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('DTSTART:20261224T130000Z');
    expect(lines).toContain('DTEND:20261224T153000Z');
    expect(lines).toContain('DTSTAMP:20261201T000000Z');
    expect(lines).toContain('SUMMARY:Parking: Garage\\, Indiranagar');
    expect(lines).toContain('DESCRIPTION:Reference PK-1\\nRing the bell');
    expect(lines).toContain('LOCATION:14\\, 12th Main Road\\; Bengaluru');
    expect(lines).toContain('GEO:12.97;77.64');
    expect(lines).toContain('URL:https://www.google.com/maps/dir/?api=1&destination=12.97,77.64');
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics).not.toMatch(/[^\r]\n/);
  });

  it('leaves out what is missing', () => {
    const ics = buildIcs({ uid: 'x', start: '2026-01-01T00:00:00Z', end: '2026-01-01T01:00:00Z', summary: 'Parking', location: null });
    expect(ics).not.toContain('LOCATION');
    expect(ics).not.toContain('GEO');
  });
});
