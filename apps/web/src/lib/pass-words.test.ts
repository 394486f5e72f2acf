import type { BookingPeriod } from '@parkly/shared/bookings';
import { describe, expect, it } from 'vitest';
import { passEventText, periodStatusText, renewalToConfirm, renewsWithLabel, renewsWithText } from './pass-words';

const period = (n: number, payment_status: BookingPeriod['payment_status']): BookingPeriod => ({
  n,
  start: '2027-01-02T09:00:00+05:30',
  end: '2027-02-02T09:00:00+05:30',
  total: 472_500,
  payment_status,
  paid_at: null,
  attempts: 1,
  next_attempt_at: null,
});

describe('a month that waits on its driver (decision 042)', () => {
  it('is the driver’s to confirm while the pass runs; nobody’s once it has ended', () => {
    const periods = [period(1, 'paid'), period(2, 'action_required')];
    expect(renewalToConfirm({ status: 'confirmed', periods })?.n).toBe(2);
    expect(renewalToConfirm({ status: 'completed', periods })).toBeUndefined();
    expect(renewalToConfirm({ status: 'confirmed', periods: [period(1, 'paid'), period(2, 'retrying')] })).toBeUndefined();
    expect(renewalToConfirm({ status: 'confirmed', periods: null })).toBeUndefined();
  });

  it('reads as waiting for "your" confirmation to the driver, for the driver’s to the host', () => {
    expect(periodStatusText('action_required', 'guest')).toBe('Waiting for your confirmation');
    expect(periodStatusText('action_required', 'host')).toBe('Waiting for the driver');
    expect(periodStatusText('paid', 'host')).toBe('Paid');
    expect(passEventText({ event: 'renewal_action_required', by: 'system' }, 'guest')).toBe('The renewal payment needs your confirmation');
    expect(passEventText({ event: 'renewal_action_required', by: 'system' }, 'host')).toBe('The renewal payment is waiting for the driver to confirm it');
  });
});

describe('what a pass renews with, for its driver (decision 045)', () => {
  const upi = { method: 'upi' as const, label: 'UPI AutoPay · rider@okaxis' };
  it('names the mandate, and says who stopped it once it stopped', () => {
    expect(renewsWithLabel({ ...upi, state: 'active' })).toBe('UPI AutoPay · rider@okaxis');
    expect(renewsWithLabel({ ...upi, state: 'cancelled' })).toBe('UPI AutoPay · rider@okaxis (cancelled in your UPI app)');
    expect(renewsWithLabel({ ...upi, state: 'paused' })).toBe('UPI AutoPay · rider@okaxis (paused in your UPI app)');
    expect(renewsWithLabel({ method: 'card', label: 'Visa ending 1111', state: 'cancelled' })).toBe('Visa ending 1111 (cancelled by your bank)');
    expect(renewsWithLabel({ method: 'card', label: 'Visa ending 1111', state: 'rejected' })).toBe('Visa ending 1111 (rejected by your bank)');
    expect(renewsWithLabel(null)).toBe('Nothing saved: you confirm each month');
  });

  it('says the driver confirms the next month when nothing renews the pass by itself', () => {
    expect(renewsWithText({ ...upi, state: 'active' })).toBe('Renews monthly until you give notice: UPI AutoPay · rider@okaxis is debited a day before each renewal.');
    expect(renewsWithText({ ...upi, state: 'cancelled' })).toMatch(/^Renewals are stopped: UPI AutoPay · rider@okaxis was cancelled in your UPI app\. .*confirm that month’s payment here/);
    expect(renewsWithText(null)).toMatch(/nothing is saved that renews it by itself\. .*sets up your renewals again\.$/);
  });
});
