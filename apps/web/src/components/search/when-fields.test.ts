import { describe, expect, it } from 'vitest';
import { defaultWhen, whenFromWindow, whenToWindow } from './when-fields';

// the device is in New York; the search's zone is India's (the configured default)
process.env.TZ = 'America/New_York';
const IST = 'Asia/Kolkata';
/** 23:00 on 1 March in New York is already 09:30 on 2 March in India */
const now = new Date('2026-03-02T04:00:00Z');

describe('the time fields on the configured zone clock', () => {
  it('starts from tomorrow in India, not on the device', () => {
    expect(defaultWhen(IST, now)).toEqual({ mode: 'hourly', date: '2026-03-03', startTime: '09:00', endTime: '18:00', endDate: '2026-03-04' });
  });

  it('sends India-zone times and refuses a day that is already over in India', () => {
    expect(whenToWindow({ mode: 'hourly', date: '2026-03-03', startTime: '09:00', endTime: '18:00', endDate: '' }, IST, now)).toEqual({
      start: '2026-03-03T09:00:00+05:30',
      end: '2026-03-03T18:00:00+05:30',
    });
    expect(whenToWindow({ mode: 'hourly', date: '2026-03-01', startTime: '09:00', endTime: '18:00', endDate: '' }, IST, now)).toEqual({ error: 'Choose today or a later date' });
    expect(whenToWindow({ mode: 'hourly', date: '2026-03-02', startTime: '07:00', endTime: '09:00', endDate: '' }, IST, now)).toEqual({ error: 'Choose a time that has not passed yet' });
  });

  it('fills the fields back from a window on the same clock', () => {
    expect(whenFromWindow('daily', '2026-03-03T00:00:00+05:30', '2026-03-06T00:00:00+05:30', IST)).toEqual({
      mode: 'daily',
      date: '2026-03-03',
      startTime: '00:00',
      endTime: '00:00',
      endDate: '2026-03-05',
    });
  });
});
