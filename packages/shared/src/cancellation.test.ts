import { describe, expect, it } from 'vitest';
import { guestRefundPercent, refundAmount, refundChangesAt } from './cancellation';

const H = 3600_000;
const start = new Date('2027-01-10T10:00:00Z');
const before = (hours: number) => new Date(start.getTime() - hours * H);

describe('guest refunds by policy', () => {
  it('flexible: everything until an hour before', () => {
    expect(guestRefundPercent('flexible', start, before(1))).toBe(100);
    expect(guestRefundPercent('flexible', start, before(0.99))).toBe(0);
  });
  it('moderate: everything until a day before, half after', () => {
    expect(guestRefundPercent('moderate', start, before(24))).toBe(100);
    expect(guestRefundPercent('moderate', start, before(23))).toBe(50);
    expect(guestRefundPercent('moderate', start, before(0.1))).toBe(50);
  });
  it('strict: half until a week before, nothing after', () => {
    expect(guestRefundPercent('strict', start, before(7 * 24))).toBe(50);
    expect(guestRefundPercent('strict', start, before(7 * 24 - 1))).toBe(0);
  });
  it('says when the refund drops next', () => {
    expect(refundChangesAt('moderate', start, before(48))?.toISOString()).toBe(before(24).toISOString());
    expect(refundChangesAt('moderate', start, before(2))).toBeNull();
  });
  it('rounds to whole paise', () => {
    expect(refundAmount(10501, 50)).toBe(5251);
    expect(refundAmount(10500, 100)).toBe(10500);
    expect(refundAmount(10500, 0)).toBe(0);
  });
});
