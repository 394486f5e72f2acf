import type { Booking } from '@parkly/shared/bookings';
import { formatPeriod } from '@parkly/shared/time';
import { buildIcs } from './ics';

/** Google Maps directions to the space (only once the exact place is known). */
export const directionsUrl = (lat: number, lng: number) => `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;

/** The booking as a calendar event: where, how to get in, and the reference to show. */
export function bookingIcs(booking: Booking, pageUrl: string, stamp = new Date()): string {
  const { listing, access } = booking;
  const title = listing.title ?? 'Parking';
  const description = [
    `Parkly booking ${booking.reference}`,
    formatPeriod(booking.start, booking.end, listing.time_zone),
    booking.vehicle ? `Vehicle: ${booking.vehicle.plate}` : null,
    access?.access_instructions ? `How to get in: ${access.access_instructions}` : null,
    pageUrl,
  ]
    .filter(Boolean)
    .join('\n');
  return buildIcs({
    uid: `${booking.id}@parkly`,
    start: booking.start,
    end: booking.end,
    summary: `Parking: ${title}`,
    description,
    location: access?.address ?? ([listing.locality, listing.city].filter(Boolean).join(', ') || null),
    geo: access?.lat != null && access.lng != null ? { lat: access.lat, lng: access.lng } : null,
    url: pageUrl,
    stamp,
  });
}

export const icsFileName = (booking: Booking) => `parkly-${booking.reference.toLowerCase().replace(/[^a-z0-9-]/g, '')}.ics`;
