import type { BookingPeriod } from '@parkly/shared/bookings';
import { describe, expect, it } from 'vitest';
import { passEventText, periodStatusText, renewalToConfirm } from './pass-words';

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
