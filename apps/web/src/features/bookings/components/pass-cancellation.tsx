import type { Booking } from '@parkly/shared/bookings';
import { formatDateTime, zoneAbbreviation } from '@parkly/shared/time';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { policyDescription, policyLabel, refundChangeText, refundNowText } from './refund-words';

/**
 * A monthly pass before it starts, in the pass panel's words (decision 038): until its start the driver can
 * cancel it under the listing's policy (the first month's refund); once it has started it ends with notice only,
 * which the panel offers. Nothing once it has started, or when the server says it cannot be cancelled.
 */
export function PassCancellation({ booking: b }: { booking: Booking }) {
  const refund = b.refund_if_cancelled_now;
  if (b.viewer_role !== 'guest' || b.status !== 'confirmed' || !refund || Date.parse(b.start) <= Date.now()) return null;
  const zone = b.listing.time_zone;
  const change = refundChangeText(b, refund);
  return (
    <div className="mt-4 border-t border-slate-100 pt-4 text-sm text-slate-700">
      <h3 className="font-semibold text-slate-900">Before it starts</h3>
      <p className="mt-1">
        Until it starts on {formatDateTime(b.start, zone)} {zoneAbbreviation(zone, new Date(b.start))}, you can cancel this pass under the listing’s{' '}
        <span className="font-semibold text-slate-900">{policyLabel(b)}</span> cancellation policy: {policyDescription(b).replace(/^./, (c) => c.toLowerCase())}
      </p>
      <p className="mt-2 text-slate-900">If you cancel now: {refundNowText(b, refund)}</p>
      {change && <p className="mt-1">{change}</p>}
      <p className="mt-2">Once it has started it cannot be cancelled: give notice to end it.</p>
      <Link to={`/booking_cancel?id=${encodeURIComponent(b.id)}`} className={buttonClass('danger', 'mt-3')}>
        Cancel pass
      </Link>
    </div>
  );
}
