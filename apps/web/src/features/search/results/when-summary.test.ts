import { describe, expect, it } from 'vitest';
import { zonedIso } from '@parkly/shared/time';
import { whenSummary } from './when-summary';

const IST = 'Asia/Kolkata';
const localIso = (date: string, time = '00:00') => zonedIso(date, time, IST);
const now = new Date('2026-03-10T08:00:00+05:30');

describe('whenSummary', () => {
  it('says Any time without a window', () => {
    expect(whenSummary({}, IST, now)).toBe('Any time');
  });

  it('names tomorrow and the hours of an hourly window', () => {
    expect(whenSummary({ when: 'hourly', start: localIso('2026-03-11', '09:00'), end: localIso('2026-03-11', '18:00') }, IST, now)).toBe('Tomorrow, 09:00–18:00');
  });

  it('says when an hourly window ends the next day', () => {
    expect(whenSummary({ when: 'hourly', start: localIso('2026-03-10', '22:00'), end: localIso('2026-03-11', '02:00') }, IST, now)).toBe('Today, 22:00–02:00 (11 Mar)');
  });

  it('gives the first and last day of a daily window', () => {
    expect(whenSummary({ when: 'daily', start: localIso('2026-03-12'), end: localIso('2026-03-15') }, IST, now)).toBe('12 Mar – 14 Mar');
  });

  it('gives the first day of a month', () => {
    expect(whenSummary({ when: 'monthly', start: localIso('2026-03-12'), end: localIso('2026-04-11') }, IST, now)).toBe('Monthly from 12 Mar');
  });
});
