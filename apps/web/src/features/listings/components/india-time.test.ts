import { describe, expect, it } from 'vitest';
import { formatPeriod, indiaLocalNow, indiaLocalToIso } from './india-time';

describe('india time', () => {
  it('reads a datetime-local value as India time', () => {
    expect(indiaLocalToIso('2026-12-24T18:00')).toBe('2026-12-24T18:00:00+05:30');
    expect(Date.parse(indiaLocalToIso('2026-12-24T18:00'))).toBe(Date.parse('2026-12-24T12:30:00Z'));
  });

  it('gives now as a datetime-local value in India', () => {
    expect(indiaLocalNow(new Date('2026-03-01T20:00:00Z'))).toBe('2026-03-02T01:30');
  });

  it('shows a period in India time', () => {
    const text = formatPeriod('2026-12-24T12:30:00Z', '2026-12-26T03:30:00Z');
    expect(text).toMatch(/24 Dec,? 2026/);
    expect(text).toMatch(/26 Dec,? 2026/);
    expect(text).toMatch(/6:00\s?pm/i);
    expect(text).toMatch(/9:00\s?am/i);
  });
});
