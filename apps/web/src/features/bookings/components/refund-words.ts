import type { Booking, RefundPreview } from '@parkly/shared/bookings';
import { CANCELLATION_POLICIES } from '@parkly/shared/catalog';
import { guestRefundPercent, refundAmount } from '@parkly/shared/cancellation';
import { formatDateTime, zoneAbbreviation } from '@parkly/shared/time';
import { formatMoney } from '../../../lib/money';

export const policyLabel = (b: Pick<Booking, 'listing'>) => CANCELLATION_POLICIES[b.listing.cancellation_policy].label;
export const policyDescription = (b: Pick<Booking, 'listing'>) => CANCELLATION_POLICIES[b.listing.cancellation_policy].description;

/** 'Full refund', '50% refund', 'No refund'. */
export const refundKind = (percent: number) => (percent >= 100 ? 'Full refund' : percent <= 0 ? 'No refund' : `${percent}% refund`);

/** True when nothing has been taken from the card yet (an unfinished hold): cancelling costs nothing. */
export const nothingPaid = (b: Pick<Booking, 'payment_status'>) => b.payment_status === 'unpaid';

/**
 * When the refund drops, in words: 'This holds until Wed, 24 Dec 2026, 5:30 pm IST. After that: 50%
 * refund (₹210).' The next share follows from the listing's policy just after `changes_at`.
 */
export function refundChangeText(b: Booking, preview: RefundPreview): string | null {
  if (!preview.changes_at) return null;
  const at = new Date(preview.changes_at);
  const zone = b.listing.time_zone;
  const next = guestRefundPercent(b.listing.cancellation_policy, new Date(b.start), new Date(at.getTime() + 1000));
  const after = next <= 0 ? 'no refund' : `${refundKind(next).toLowerCase()} (${formatMoney(refundAmount(b.total, next), b.currency)})`;
  return `This holds if you cancel before ${formatDateTime(at, zone)} ${zoneAbbreviation(zone, at)}. After that: ${after}.`;
}

/** The refund a cancellation now gets, in one line. */
export function refundNowText(b: Booking, preview: RefundPreview): string {
  if (nothingPaid(b)) return 'Nothing has been paid yet, so cancelling costs nothing.';
  if (preview.amount <= 0) return 'No refund: under this listing’s policy it is too late for one.';
  return `${refundKind(preview.percent)}: ${formatMoney(preview.amount, b.currency)} back to your card.`;
}
