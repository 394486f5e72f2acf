import type { Booking } from '@parkly/shared/bookings';
import { BookingTimeline } from '../../../../components/booking/booking-timeline';
import { hostEventText } from './host-booking-words';

/** What happened to the booking, as the host reads it, with the reasons given. */
export function HostBookingHistory({ booking }: { booking: Booking }) {
  return <BookingTimeline booking={booking} describe={hostEventText} />;
}
