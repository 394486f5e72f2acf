/**
 * More time (decision 039), on a booking screen: an extension names the stay it extends; a stay names the
 * time added after it (its paid extensions), with the new end. The driver's and the host's screens link to
 * their own page of each booking.
 */
import type { Booking } from '@parkly/shared/bookings';
import { formatDateTime, zoneAbbreviation } from '@parkly/shared/time';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { bookingQueryOptions } from '../../features/bookings/api/get-booking';

/** 'PK-7F3A2C91', as the API writes a booking's reference. */
const referenceOf = (id: string) => `PK-${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;

export const bookingPath = (id: string, viewer: 'guest' | 'host') => (viewer === 'guest' ? `/parking/booking-details/${encodeURIComponent(id)}` : `/booking_details?id=${encodeURIComponent(id)}`);

/** The last paid extension of a stay, read when there is one (its end is the stay's end now). */
export function useLastExtension(b: Booking) {
  const last = b.extended_by?.at(-1);
  return useQuery({ ...bookingQueryOptions(last ?? ''), enabled: Boolean(last) });
}

export function ExtensionLinks({ booking: b, viewer }: { booking: Booking; viewer: 'guest' | 'host' }) {
  const last = useLastExtension(b);
  const zone = b.listing.time_zone;
  const driver = viewer === 'guest' ? 'You' : 'The driver';
  if (!b.extends_booking_id && !b.extended_by?.length) return null;
  return (
    <div className="space-y-1 rounded-xl bg-brand-50 px-4 py-3 text-sm text-slate-900">
      {b.extends_booking_id && (
        <p>
          More time right after{' '}
          <Link className="font-semibold text-brand-800 underline" to={bookingPath(b.extends_booking_id, viewer)}>
            booking {referenceOf(b.extends_booking_id)}
          </Link>
          , on the same space.
        </p>
      )}
      {!!b.extended_by?.length && (
        <p>
          {driver} extended this stay
          {last.data ? (
            <>
              {' '}
              until <strong>{formatDateTime(last.data.end, zone)}</strong> {zoneAbbreviation(zone, new Date(last.data.end))}
            </>
          ) : null}
          :{' '}
          {b.extended_by.map((id, i) => (
            <span key={id}>
              {i > 0 && ', '}
              <Link className="font-semibold text-brand-800 underline" to={bookingPath(id, viewer)}>
                {referenceOf(id)}
              </Link>
            </span>
          ))}
          .
        </p>
      )}
    </div>
  );
}
