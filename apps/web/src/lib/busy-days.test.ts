import { describe, expect, it } from 'vitest';
import { busyDays } from './busy-days';

describe('busy days', () => {
  it('marks days on the listing clock as free, partly full or full', () => {
    const now = new Date('2026-12-24T20:00:00Z'); // 25 Dec, 01:30 in Kolkata
    const full = [
      { start: '2026-12-25T18:00:00+05:30', end: '2026-12-25T21:00:00+05:30' },
      { start: '2026-12-26T00:00:00+05:30', end: '2026-12-28T06:00:00+05:30' },
    ];
    expect(busyDays(full, 'Asia/Kolkata', 5, now)).toEqual([
      { date: '2026-12-25', state: 'part' },
      { date: '2026-12-26', state: 'full' },
      { date: '2026-12-27', state: 'full' },
      { date: '2026-12-28', state: 'part' },
      { date: '2026-12-29', state: 'free' },
    ]);
  });
});
