import { describe, expect, it } from 'vitest';
import { defaultFields, fieldsFromWindow, modeOf, switchMode, windowFromFields, type StayFields } from './stay-window';

const KOLKATA = 'Asia/Kolkata';
const base: StayFields = { mode: 'hourly', startDate: '2026-12-24', startTime: '18:30', endDate: '2026-12-24', endTime: '21:00', days: 1, months: 1 };

describe('stay window', () => {
  it('reads hourly fields on the listing clock, never the device offset', () => {
    expect(windowFromFields(base, KOLKATA)).toEqual({ ok: true, window: { start: '2026-12-24T18:30:00+05:30', end: '2026-12-24T21:00:00+05:30' } });
    expect(windowFromFields(base, 'Asia/Dubai')).toEqual({ ok: true, window: { start: '2026-12-24T18:30:00+04:00', end: '2026-12-24T21:00:00+04:00' } });
  });

  it('refuses an end at or before the start, on the end field', () => {
    expect(windowFromFields({ ...base, endTime: '18:30' }, KOLKATA)).toMatchObject({ ok: false, field: 'endTime' });
    expect(windowFromFields({ ...base, endDate: '2026-12-23' }, KOLKATA)).toMatchObject({ ok: false, field: 'endTime' });
    expect(windowFromFields({ ...base, startDate: '' }, KOLKATA)).toMatchObject({ ok: false, field: 'startDate' });
  });

  it('counts days and 30-day months from the start time', () => {
    expect(windowFromFields({ ...base, mode: 'daily', days: 3 }, KOLKATA)).toEqual({ ok: true, window: { start: '2026-12-24T18:30:00+05:30', end: '2026-12-27T18:30:00+05:30' } });
    expect(windowFromFields({ ...base, mode: 'monthly', months: 2 }, KOLKATA)).toEqual({ ok: true, window: { start: '2026-12-24T18:30:00+05:30', end: '2027-02-22T18:30:00+05:30' } });
    expect(windowFromFields({ ...base, mode: 'daily', days: 0 }, KOLKATA)).toMatchObject({ ok: false, field: 'days' });
    expect(windowFromFields({ ...base, mode: 'monthly', months: 1.5 }, KOLKATA)).toMatchObject({ ok: false, field: 'months' });
  });

  it('keeps the wall clock across a daylight-saving change', () => {
    // London moves to summer time on 29 March 2026
    const w = windowFromFields({ ...base, mode: 'daily', startDate: '2026-03-28', startTime: '09:00', days: 2 }, 'Europe/London');
    expect(w).toEqual({ ok: true, window: { start: '2026-03-28T09:00:00+00:00', end: '2026-03-30T09:00:00+01:00' } });
  });

  it('starts at the next half hour in the listing zone', () => {
    const now = new Date('2026-12-24T12:10:00Z'); // 17:40 in Kolkata
    expect(defaultFields(KOLKATA, 'hourly', now)).toMatchObject({ startDate: '2026-12-24', startTime: '18:00', endDate: '2026-12-24', endTime: '20:00' });
    expect(defaultFields('America/New_York', 'daily', now)).toMatchObject({ mode: 'daily', startDate: '2026-12-24', startTime: '07:30', days: 1 });
  });

  it('gives the fields back from a URL window, in the mode it was picked in when it fits', () => {
    const daily = { start: '2026-12-24T09:00:00+05:30', end: '2026-12-27T09:00:00+05:30' };
    expect(modeOf(daily, KOLKATA)).toBe('daily');
    expect(fieldsFromWindow(daily, KOLKATA)).toMatchObject({ mode: 'daily', startDate: '2026-12-24', startTime: '09:00', days: 3 });
    expect(fieldsFromWindow(daily, KOLKATA, 'hourly')).toMatchObject({ mode: 'hourly', endDate: '2026-12-27', endTime: '09:00' });
    // a month asked for on an hourly window falls back to what fits
    expect(fieldsFromWindow({ start: daily.start, end: '2026-12-24T11:00:00+05:30' }, KOLKATA, 'monthly')).toMatchObject({ mode: 'hourly', endTime: '11:00' });
    const monthly = { start: '2026-12-24T09:00:00+05:30', end: '2027-01-23T09:00:00+05:30' };
    expect(fieldsFromWindow(monthly, KOLKATA)).toMatchObject({ mode: 'monthly', months: 1 });
    expect(fieldsFromWindow(monthly, KOLKATA, 'daily')).toMatchObject({ mode: 'daily', days: 30 });
    // an instant in another offset is read on the listing clock
    expect(fieldsFromWindow({ start: '2026-12-24T03:30:00Z', end: '2026-12-24T05:30:00Z' }, KOLKATA)).toMatchObject({ startTime: '09:00', endTime: '11:00' });
  });

  it('carries the length over when the tab changes', () => {
    const daily = switchMode({ ...base, endDate: '2026-12-26', endTime: '20:00' }, 'daily', KOLKATA);
    expect(daily).toMatchObject({ mode: 'daily', days: 3, startTime: '18:30' });
    expect(switchMode({ ...base, mode: 'daily', days: 45 }, 'monthly', KOLKATA)).toMatchObject({ mode: 'monthly', months: 2 });
    expect(switchMode({ ...base, mode: 'monthly', months: 1 }, 'hourly', KOLKATA)).toMatchObject({ mode: 'hourly', endDate: '2027-01-23', endTime: '18:30' });
  });
});
