import { describe, expect, it } from 'vitest';
import { dueOn, localDate, nextRunOn } from './payout-schedule';

describe('payout schedule days', () => {
  it('weekly is due on the latest Monday, monthly on the 1st', () => {
    // 2026-12-06 is a Sunday, 2026-12-07 a Monday
    expect(dueOn('weekly', '2026-12-06')).toBe('2026-11-30');
    expect(dueOn('weekly', '2026-12-07')).toBe('2026-12-07');
    expect(dueOn('weekly', '2026-12-13')).toBe('2026-12-07');
    expect(dueOn('monthly', '2026-12-31')).toBe('2026-12-01');
    expect(dueOn('manual', '2026-12-07')).toBeNull();
  });

  it('the next run is the first due day after the last one, across months and years', () => {
    expect(nextRunOn('weekly', '2026-12-07')).toBe('2026-12-14');
    expect(nextRunOn('weekly', '2026-12-31')).toBe('2027-01-04');
    expect(nextRunOn('monthly', '2026-12-01')).toBe('2027-01-01');
    expect(nextRunOn('monthly', '2027-01-15')).toBe('2027-02-01');
    expect(nextRunOn('manual', '2027-01-15')).toBeNull();
  });

  it('reads the day on the host’s clock', () => {
    const at = new Date('2026-12-06T19:00:00Z');
    expect(localDate(at, 'Asia/Kolkata')).toBe('2026-12-07');
    expect(localDate(at, 'UTC')).toBe('2026-12-06');
    expect(localDate(at, 'America/New_York')).toBe('2026-12-06');
  });
});
