import { describe, expect, it } from 'vitest';
import { formatMonthYear } from '@parkly/shared/time';
import { formatClock, formatDuration, formatWindows, initials, offeredRates, openState, timeZoneName, weeklyRows } from './listing-format';

describe('offeredRates', () => {
  it('keeps only the rates offered, shortest unit first', () => {
    expect(offeredRates({ hourly_rate: 5000, daily_rate: null, weekly_rate: null, monthly_rate: 450000 })).toEqual([
      { unit: 'hour', amount: 5000 },
      { unit: 'month', amount: 450000 },
    ]);
  });
});

describe('clock and hours', () => {
  it('reads times the way people say them', () => {
    expect(['00:00', '07:00', '12:00', '13:30', '23:59', '24:00'].map(formatClock)).toEqual(['midnight', '7:00 am', 'noon', '1:30 pm', '11:59 pm', 'midnight']);
  });

  it('folds consecutive days with the same hours and names closed days', () => {
    const w = [{ open: '07:00', close: '22:00' }];
    const rows = weeklyRows({ mon: w, tue: w, wed: w, fri: [{ open: '14:00', close: '24:00' }, { open: '07:00', close: '13:00' }], sat: [{ open: '00:00', close: '24:00' }] });
    expect(rows.map((r) => [r.days, r.text])).toEqual([
      ['Mon – Wed', '7:00 am – 10:00 pm'],
      ['Thu', 'Closed'],
      ['Fri', '7:00 am – 1:00 pm, 2:00 pm – midnight'],
      ['Sat', 'Open all day'],
      ['Sun', 'Closed'],
    ]);
    expect(rows[0]!.daysLong).toBe('Monday to Wednesday');
    expect(formatWindows(undefined)).toBe('Closed');
  });
});

describe('openState in the listing time zone', () => {
  const hours = { mon: [{ open: '07:00', close: '22:00' }], tue: [{ open: '07:00', close: '22:00' }], sat: [{ open: '00:00', close: '24:00' }], sun: [{ open: '00:00', close: '10:00' }] };
  // 2025-01-06 is a Monday; 03:30 UTC is 09:00 in Kolkata
  it('is open inside a window, in the listing zone rather than the browser zone', () => {
    expect(openState(hours, 'Asia/Kolkata', new Date('2025-01-06T03:30:00Z'))).toEqual({ open: true, text: 'Open now · until 10:00 pm' });
  });
  it('names the next opening when closed', () => {
    expect(openState(hours, 'Asia/Kolkata', new Date('2025-01-06T17:00:00Z'))).toEqual({ open: false, text: 'Closed now · opens tomorrow at 7:00 am' });
    expect(openState(hours, 'Asia/Kolkata', new Date('2025-01-06T00:30:00Z'))).toEqual({ open: false, text: 'Closed now · opens at 7:00 am' });
    expect(openState(hours, 'Asia/Kolkata', new Date('2025-01-07T17:00:00Z'))).toEqual({ open: false, text: 'Closed now · opens Saturday at midnight' });
  });
  it('runs on past midnight when the next day continues', () => {
    expect(openState(hours, 'Asia/Kolkata', new Date('2025-01-11T12:00:00Z'))).toEqual({ open: true, text: 'Open now · until 10:00 am tomorrow' });
  });
  it('is always open without weekly hours', () => {
    expect(openState(null, 'Asia/Kolkata')).toEqual({ open: true, text: 'Open 24/7' });
  });
});

describe('small formats', () => {
  it('formats durations, months, initials and zone names', () => {
    expect([30, 60, 90, 1440, 1500, 10080, 20160].map(formatDuration)).toEqual(['30 minutes', '1 hour', '1 hour 30 minutes', '1 day', '1 day 1 hour', '1 week', '2 weeks']);
    expect(formatMonthYear('2024-11-03T10:00:00Z', 'Asia/Kolkata')).toBe('November 2024');
    expect([initials('Priya'), initials('Priya Sharma'), initials('  ')]).toEqual(['P', 'PS', '?']);
    expect(timeZoneName('Asia/Kolkata')).toBe('India Standard Time');
  });
});
