import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, canChangePayment, HOLDING_STATUSES, isEarning, isInvoiced, isLapsed, isPaidFor, LAPSING_STATUSES, PAYMENT_STATUSES } from './booking-lifecycle';

describe('the payment status table', () => {
  /** Every change of payment_status the API makes, written out by hand: the table must allow exactly these. */
  const CHANGES = new Set([
    'unpaid -> processing',
    'unpaid -> paid',
    'unpaid -> authorised',
    'processing -> paid',
    'processing -> authorised',
    'processing -> unpaid',
    'authorised -> capturing',
    'authorised -> released',
    'capturing -> paid',
    'capturing -> released',
    'paid -> partially_refunded',
    'paid -> refunded',
    'partially_refunded -> refunded',
  ]);

  it('allows exactly the listed changes, and staying as it is', () => {
    const seen = new Set<string>();
    for (const from of PAYMENT_STATUSES)
      for (const to of PAYMENT_STATUSES) {
        if (from === to) expect(canChangePayment(from, to)).toBe(true);
        else if (canChangePayment(from, to)) seen.add(`${from} -> ${to}`);
      }
    expect([...seen].sort()).toEqual([...CHANGES].sort());
  });

  it('never leaves released or refunded', () => {
    for (const to of PAYMENT_STATUSES) {
      expect(canChangePayment('released', to)).toBe(to === 'released');
      expect(canChangePayment('refunded', to)).toBe(to === 'refunded');
    }
  });
});

describe('the predicates', () => {
  const now = new Date('2026-12-01T10:00:00Z');
  const past = '2026-12-01T09:59:59Z';
  const future = '2026-12-01T10:00:01Z';

  it('a lapsed hold is an unpaid hold or a request whose time ran out, and no longer holds its unit', () => {
    expect(isLapsed({ status: 'pending_payment', hold_expires_at: past }, now)).toBe(true);
    expect(isLapsed({ status: 'requested', hold_expires_at: past }, now)).toBe(true);
    expect(isLapsed({ status: 'pending_payment', hold_expires_at: future }, now)).toBe(false);
    // a request being captured has no deadline
    expect(isLapsed({ status: 'requested', hold_expires_at: null }, now)).toBe(false);
    for (const status of BOOKING_STATUSES.filter((s) => !(LAPSING_STATUSES as readonly string[]).includes(s))) {
      expect(isLapsed({ status, hold_expires_at: past }, now)).toBe(false);
    }
    expect(LAPSING_STATUSES.every((s) => (HOLDING_STATUSES as readonly string[]).includes(s))).toBe(true);
  });

  it('a booking earns when confirmed or completed, and is paid for from a request on', () => {
    expect(BOOKING_STATUSES.filter(isEarning)).toEqual(['confirmed', 'completed']);
    expect(BOOKING_STATUSES.filter(isPaidFor)).toEqual(['requested', 'confirmed', 'completed']);
  });
});

describe('isInvoiced (decision 031)', () => {
  it('is true for a confirmed or completed booking, and a cancelled one that had been paid', () => {
    expect(isInvoiced({ status: 'confirmed', payment_status: 'paid' })).toBe(true);
    expect(isInvoiced({ status: 'completed', payment_status: 'partially_refunded' })).toBe(true);
    for (const p of ['paid', 'partially_refunded', 'refunded']) expect(isInvoiced({ status: 'cancelled', payment_status: p }), p).toBe(true);
    for (const p of ['unpaid', 'released']) expect(isInvoiced({ status: 'cancelled', payment_status: p }), p).toBe(false);
    for (const s of ['pending_payment', 'requested', 'declined', 'expired'] as const) expect(isInvoiced({ status: s, payment_status: 'authorised' }), s).toBe(false);
  });
});
