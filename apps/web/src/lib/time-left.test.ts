import { describe, expect, it } from 'vitest';
import { isDeadlineNear, timeLeftText } from './time-left';

const now = new Date('2026-12-24T10:00:00Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('timeLeftText', () => {
  it('rounds down to the minute and says hours and minutes under two days', () => {
    expect(timeLeftText(later(23 * 60 + 40.9), now)).toBe('23 h 40 min left');
    expect(timeLeftText(later(120), now)).toBe('2 h left');
    expect(timeLeftText(later(59.5), now)).toBe('59 min left');
    expect(timeLeftText(later(0.5), now)).toBe('less than a minute left');
  });
  it('counts days beyond two days, and says when time is up', () => {
    expect(timeLeftText(later(51 * 60), now)).toBe('2 days 3 h left');
    expect(timeLeftText(later(72 * 60), now)).toBe('3 days left');
    expect(timeLeftText(later(0), now)).toBe('time is up');
    expect(timeLeftText(later(-5), now)).toBe('time is up');
    expect(timeLeftText('not a date', now)).toBe('');
  });
  it('marks a deadline under three hours away as near', () => {
    expect(isDeadlineNear(later(179), now)).toBe(true);
    expect(isDeadlineNear(later(181), now)).toBe(false);
  });
});
