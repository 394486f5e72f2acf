import type { Booking } from '@parkly/shared/bookings';
import { KeyRound, Lock, MapPin, Navigation } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { listingPlace } from './booking-words';

/** A directions link that opens the phone's maps app, or the web map on a computer. */
function directionsUrl(access: NonNullable<Booking['access']>) {
  const destination = access.lat != null && access.lng != null ? `${access.lat},${access.lng}` : access.address;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/** The exact address, directions and how to get in: only on a confirmed (or completed) booking. */
export function BookingAccess({ booking: b }: { booking: Booking }) {
  if (!b.access) {
    const place = listingPlace(b);
    const closed = ['cancelled', 'declined', 'expired'].includes(b.status);
    return (
      <div className="space-y-2 text-sm text-slate-700">
        {place && (
          <p className="flex items-center gap-2">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-slate-600" /> {place}
          </p>
        )}
        <p className="flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-600" />
          {closed
            ? 'This booking did not go ahead, so the exact address and access details are not shown.'
            : 'The exact address, directions and access instructions appear here once the booking is confirmed.'}
        </p>
      </div>
    );
  }
  const { access } = b;
  return (
    <div className="space-y-4 text-sm">
      <p className="flex items-start gap-2 text-base text-slate-900">
        <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <span>{access.address}</span>
      </p>
      <a href={directionsUrl(access)} target="_blank" rel="noreferrer" className={buttonClass('secondary')}>
        <Navigation aria-hidden="true" className="size-4" /> Get directions<span className="sr-only"> (opens in a new tab)</span>
      </a>
      <div className="rounded-lg border border-brand-100 bg-brand-50 p-3">
        <p className="flex items-center gap-2 font-semibold text-slate-900">
          <KeyRound aria-hidden="true" className="size-4 text-brand-700" /> How to get in
        </p>
        <p className="mt-1 whitespace-pre-line text-slate-800">{access.access_instructions || 'The host has not added access instructions. Message them if you need help finding the space.'}</p>
      </div>
    </div>
  );
}
