/** Plain words for what the console shows of a booking: its turns, payment lines, refunds and ledger entries. */
import type { AdminBookingEvent, AdminPaymentLine, RefundSource } from '@parkly/shared/admin-bookings';
import type { PaymentStatus } from '@parkly/shared/bookings';

const WHAT: Record<AdminBookingEvent['event'], string> = {
  create: 'Booked: the space was held for payment',
  pay_instant: 'Paid: booked instantly',
  pay_request: 'Requested: the card was authorised',
  accept: 'Accepted: the card was charged',
  decline: 'Declined',
  cancel: 'Cancelled',
  too_many_declines: 'Released after too many declined payments',
  capture_failed: 'Cancelled: the card could not be charged when accepted',
  expire: 'Expired',
  complete: 'Completed: the stay has ended',
  check_in: 'Checked in at the gate',
  check_out: 'Checked out at the gate',
  extend: 'Extended: a booking of more time was paid',
  renew: 'Monthly pass renewed: the saved card was charged',
  renewal_failed: 'Monthly pass: a renewal charge failed (tried again)',
  renewal_action_required: 'Monthly pass: the renewal needs the driver to confirm it (tried again)',
  give_notice: 'Notice given on the monthly pass',
  renewal_lapsed: 'Monthly pass ended: the renewal failed for good',
};

const ROLE: Record<AdminBookingEvent['by'], string> = { guest: 'guest', host: 'host', admin: 'admin', system: 'system', gate: 'gate account' };

/** 'Cancelled by Aarav Sharma (guest)', 'Completed: the stay has ended (system)'. */
export function eventText(e: AdminBookingEvent): string {
  const who = e.actor ? `by ${e.actor.name} (${ROLE[e.by]})` : e.by === 'system' ? '(system)' : `by the ${ROLE[e.by]}`;
  return `${WHAT[e.event]} ${who}`;
}

const PAYMENT_STATUS: Record<PaymentStatus | AdminPaymentLine['status'], string> = {
  unpaid: 'Unpaid',
  processing: 'Payment under way',
  authorised: 'Authorised, not charged',
  capturing: 'Accepted: capture under way',
  paid: 'Paid',
  released: 'Authorisation released',
  refunded: 'Refunded in full',
  partially_refunded: 'Partly refunded',
  pending: 'Pending with the provider',
  succeeded: 'Done',
  failed: 'Failed',
};
export const paymentStatusText = (s: PaymentStatus | AdminPaymentLine['status']) => PAYMENT_STATUS[s];

const KIND: Record<AdminPaymentLine['kind'], string> = { charge: 'Charge', authorisation: 'Authorisation', capture: 'Capture', refund: 'Refund', release: 'Release' };
export const paymentKindText = (k: AdminPaymentLine['kind']) => KIND[k];

const SOURCE: Record<RefundSource, string> = { admin: 'Refunded from the console', cancellation: 'Cancellation refund', provider: 'Refunded at the payment provider' };
export const refundSourceText = (s: RefundSource) => SOURCE[s];

const LEDGER: Record<string, string> = { earning: 'Earning', reversal: 'Refund reversal', cleared: 'Cleared to available' };
export const ledgerKindText = (k: string) => LEDGER[k] ?? k;
