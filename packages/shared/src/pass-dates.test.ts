import { describe, expect, it } from 'vitest';
import { lastRenewalTryAt, noticeEndsAt, RENEWAL_ATTEMPTS, renewalAttemptAt } from './pass-dates';

const zone = 'Asia/Kolkata';
const at = (iso: string) => new Date(iso).toISOString();

describe('noticeEndsAt', () => {
  const start = '2026-11-10T09:00:00+05:30';
  it('is the first renewal date at least the notice after now', () => {
    const now = new Date('2026-11-29T12:00:00+05:30');
    // 30 days on is 29 Dec, so the renewal of 10 Jan
    expect(noticeEndsAt(start, zone, 30, now).toISOString()).toBe(at('2027-01-10T09:00:00+05:30'));
    // 7 days on is 6 Dec, so the renewal of 10 Dec
    expect(noticeEndsAt(start, zone, 7, now).toISOString()).toBe(at('2026-12-10T09:00:00+05:30'));
  });

  it('takes a renewal date exactly the notice away', () => {
    expect(noticeEndsAt(start, zone, 7, new Date('2026-12-03T09:00:00+05:30')).toISOString()).toBe(at('2026-12-10T09:00:00+05:30'));
  });

  it('lands on the last day of a shorter month, anchored to the start day', () => {
    const jan31 = '2027-01-31T09:00:00+05:30';
    // 7 days from 5 Feb is 12 Feb: the renewal of 28 Feb (February has no 31st)
    expect(noticeEndsAt(jan31, zone, 7, new Date('2027-02-05T09:00:00+05:30')).toISOString()).toBe(at('2027-02-28T09:00:00+05:30'));
    // 15 days from 20 Feb is 7 Mar: the renewal of 31 Mar (back on the start's day)
    expect(noticeEndsAt(jan31, zone, 15, new Date('2027-02-20T09:00:00+05:30')).toISOString()).toBe(at('2027-03-31T09:00:00+05:30'));
  });
});

describe('the renewal tries', () => {
  const renewsAt = '2027-02-28T09:00:00+05:30';
  it('are a day before the period, at its start and two days into it; the last is when the pass lapses if unpaid', () => {
    expect([1, 2, 3].map((k) => renewalAttemptAt(renewsAt, k).toISOString())).toEqual([
      at('2027-02-27T09:00:00+05:30'),
      at('2027-02-28T09:00:00+05:30'),
      at('2027-03-02T09:00:00+05:30'),
    ]);
    expect(lastRenewalTryAt(renewsAt).toISOString()).toBe(at('2027-03-02T09:00:00+05:30'));
    expect(RENEWAL_ATTEMPTS).toBe(3);
  });
});
