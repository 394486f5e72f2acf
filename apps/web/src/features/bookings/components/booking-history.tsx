import type { Booking } from '@parkly/shared/bookings';
import { BookingTimeline } from '../../../components/booking/booking-timeline';
import { eventText } from './booking-words';

/** What happened to the booking, in the words of whoever reads it (its guest, or its host). */
export function BookingHistory({ booking }: { booking: Booking }) {
  return <BookingTimeline booking={booking} describe={(e) => eventText(e, booking.viewer_role)} />;
}
