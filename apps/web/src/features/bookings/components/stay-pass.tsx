/**
 * The gate pass of a stay with more time (decisions 039, 044, 046): the stay's first booking completes at its own
 * end while the time added to it runs on, and its page keeps showing the stay's pass, valid to the last paid end.
 * A driver at the gate who opens the booking they first made sees the pass there, not a page with none.
 */
import type { Booking } from '@parkly/shared/bookings';
import { formatDateTime, zoneAbbreviation } from '@parkly/shared/time';
import { Link } from 'react-router';
import { bookingPath } from '../../../components/booking/extension-links';

/**
 * Whether a booking's page shows the gate pass: a confirmed booking's own, or a completed one's whose last paid
 * extension (`last`, as GET bookings/:id answers it) is still confirmed: its stay, and so its pass, runs on.
 */
export function showsGatePass(b: Pick<Booking, 'status' | 'extended_by'>, last: Pick<Booking, 'status'> | undefined): boolean {
  if (b.status === 'confirmed') return true;
  return b.status === 'completed' && Boolean(b.extended_by?.length) && last?.status === 'confirmed';
}

/** Above the pass of a booking that has ended while its extension runs: the pass is the stay's, and where the time added is. */
export function StayGoesOn({ booking: b, last }: { booking: Pick<Booking, 'end' | 'listing'>; last: Pick<Booking, 'id' | 'reference' | 'end'> }) {
  const zone = b.listing.time_zone;
  const at = (iso: string) => `${formatDateTime(iso, zone)} ${zoneAbbreviation(zone, new Date(iso))}`;
  return (
    <p className="mb-4 rounded-xl bg-brand-50 px-4 py-3 text-sm text-slate-900">
      This booking ended at {at(b.end)}, and your stay goes on with the time you added until <strong>{at(last.end)}</strong>: this is still your pass, the same code for the whole
      stay. The time added is booking{' '}
      <Link className="font-semibold text-brand-800 underline" to={bookingPath(last.id, 'guest')}>
        {last.reference}
      </Link>
      .
    </p>
  );
}
