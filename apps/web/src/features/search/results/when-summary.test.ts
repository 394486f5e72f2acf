import { describe, expect, it } from 'vitest';
import { localIso } from '../search-state';
import { whenSummary } from './when-summary';

const now = new Date('2026-03-10T08:00:00');

describe('whenSummary', () => {
  it('says Any time without a window', () => {
    expect(whenSummary({}, now)).toBe('Any time');
  });

  it('names tomorrow and the hours of an hourly window', () => {
    expect(whenSummary({ when: 'hourly', start: localIso('2026-03-11', '09:00'), end: localIso('2026-03-11', '18:00') }, now)).toBe('Tomorrow, 09:00–18:00');
  });

  it('says when an hourly window ends the next day', () => {
    expect(whenSummary({ when: 'hourly', start: localIso('2026-03-10', '22:00'), end: localIso('2026-03-11', '02:00') }, now)).toBe('Today, 22:00–02:00 (11 Mar)');
  });

  it('gives the first and last day of a daily window', () => {
    expect(whenSummary({ when: 'daily', start: localIso('2026-03-12'), end: localIso('2026-03-15') }, now)).toBe('12 Mar – 14 Mar');
  });

  it('gives the first day of a month', () => {
    expect(whenSummary({ when: 'monthly', start: localIso('2026-03-12'), end: localIso('2026-04-11') }, now)).toBe('Monthly from 12 Mar');
  });
});
