import { describe, expect, it } from 'vitest';
import { adminPayoutFilterOptions, adminPayoutStatusLabel } from './admin-payouts';

describe('the console’s payout words', () => {
  const sent = { payout_id: 'pout_Abcdefghijklmn', status: 'processing' };
  it('by hand, a requested payout is a request to pay', () => {
    expect(adminPayoutStatusLabel({ status: 'requested', razorpayx: null }, false)).toBe('Requested');
    expect(adminPayoutFilterOptions(false)[0]).toEqual({ value: '', label: 'Requested (to pay)' });
  });
  it('with RazorpayX, a requested payout is in flight once at RazorpayX, awaiting RazorpayX before', () => {
    expect(adminPayoutStatusLabel({ status: 'requested', razorpayx: sent }, true)).toBe('In flight');
    expect(adminPayoutStatusLabel({ status: 'requested', razorpayx: { payout_id: null, status: null } }, true)).toBe('Awaiting RazorpayX');
    expect(adminPayoutStatusLabel({ status: 'requested', razorpayx: null }, true)).toBe('Awaiting RazorpayX');
    expect(adminPayoutFilterOptions(true)[0]).toEqual({ value: '', label: 'In flight' });
  });
  it('settled payouts read the same either way', () => {
    for (const automatic of [false, true]) {
      expect(adminPayoutStatusLabel({ status: 'paid', razorpayx: automatic ? sent : null }, automatic)).toBe('Paid');
      expect(adminPayoutStatusLabel({ status: 'failed', razorpayx: null }, automatic)).toBe('Failed');
      expect(adminPayoutStatusLabel({ status: 'cancelled', razorpayx: null }, automatic)).toBe('Cancelled');
      expect(adminPayoutFilterOptions(automatic).slice(1).map((o) => o.label)).toEqual(['Paid', 'Failed or cancelled']);
    }
  });
});
