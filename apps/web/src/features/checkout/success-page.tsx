import { BOOKING_STATUS_LABELS, isEarning } from '@parkly/shared/booking-lifecycle';
import type { Booking } from '@parkly/shared/bookings';
import { CARD_BRAND_LABELS, type CardBrand } from '@parkly/shared/payment-methods';
import { formatDateTime } from '@parkly/shared/time';
import { CalendarPlus, CircleCheck, Hourglass, KeyRound, MapPin, MessageSquare, Navigation } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { DocumentTitle } from '../../components/ui/page';
import { PageSpinner } from '../../components/ui/spinner';
import { isBookingNotFound, useBooking } from '../bookings/api/get-booking';
import { useStartConversation } from '../chat/api/open-chat-room';
import { BookingAside } from './components/booking-aside';
import { Card } from './components/card';
import { CheckoutSteps } from './components/checkout-steps';
import { LoadFailed } from './components/load-failed';
import { placeText } from './components/listing-summary';
import { bookingIcs, directionsUrl, icsFileName } from './lib/booking-calendar';
import { bookingPagePath, paymentPath } from './lib/checkout-paths';
import { downloadIcs } from './lib/ics';

function Heading({ booking }: { booking: Booking }) {
  const tz = booking.listing.time_zone;
  if (booking.status === 'requested')
    return (
      <header className="text-center">
        <span aria-hidden="true" className="mx-auto flex size-16 items-center justify-center rounded-full bg-amber-50 text-amber-700 ring-8 ring-amber-50/50">
          <Hourglass className="size-8" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Request sent</h1>
        <p className="mt-2 text-slate-600">
          {booking.host.name} has until {booking.expires_at ? formatDateTime(booking.expires_at, tz) : 'tomorrow'} to answer. The amount is held and
          charged only if they accept.
        </p>
      </header>
    );
  const confirmed = isEarning(booking.status);
  return (
    <header className="text-center">
      <span aria-hidden="true" className="mx-auto flex size-16 items-center justify-center rounded-full bg-emerald-50 text-emerald-700 ring-8 ring-emerald-50/50">
        <CircleCheck className="size-8" />
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{confirmed ? 'Booking confirmed' : BOOKING_STATUS_LABELS[booking.status]}</h1>
      {confirmed && <p className="mt-2 text-slate-600">You are all set. The details are below and in My Bookings.</p>}
    </header>
  );
}

function Where({ booking }: { booking: Booking }) {
  const { access } = booking;
  if (!access)
    return (
      <Card title="Where">
        <p className="flex items-start gap-3 text-sm text-slate-700">
          <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <span>
            {placeText(booking.listing) || 'The area of the space'}. The exact address and how to get in are shown here once the host accepts.
          </span>
        </p>
      </Card>
    );
  return (
    <Card title="Where and how to get in">
      <div className="space-y-4 text-sm">
        <p className="flex items-start gap-3">
          <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <span className="font-medium text-slate-900">{access.address}</span>
        </p>
        {access.access_instructions && (
          <div className="flex items-start gap-3">
            <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <div>
              <h3 className="font-semibold text-slate-900">Access instructions</h3>
              <p className="mt-1 whitespace-pre-line text-slate-700">{access.access_instructions}</p>
            </div>
          </div>
        )}
        {access.lat != null && access.lng != null && (
          <a href={directionsUrl(access.lat, access.lng)} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
            <Navigation aria-hidden="true" className="size-4" /> Get directions<span className="sr-only"> (opens Google Maps in a new tab)</span>
          </a>
        )}
      </div>
    </Card>
  );
}

function Confirmation({ booking }: { booking: Booking }) {
  const chat = useStartConversation();
  const tz = booking.listing.time_zone;
  const addToCalendar = () => downloadIcs(icsFileName(booking), bookingIcs(booking, new URL(bookingPagePath(booking.id), window.location.origin).href));
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
      <DocumentTitle title={booking.status === 'requested' ? 'Request sent' : 'Booking confirmed'} />
      <CheckoutSteps current={3} />
      <Heading booking={booking} />

      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="space-y-6">
          <Card title="Your booking">
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-slate-600">Booking reference</dt>
                <dd className="font-mono text-base font-bold tracking-wide text-slate-900">{booking.reference}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Status</dt>
                <dd className="font-semibold text-slate-900">{BOOKING_STATUS_LABELS[booking.status]}</dd>
              </div>
              <div>
                <dt className="text-slate-600">From</dt>
                <dd className="font-medium text-slate-900">{formatDateTime(booking.start, tz)}</dd>
              </div>
              {booking.plan === 'monthly' ? (
                <div>
                  <dt className="text-slate-600">Renews on</dt>
                  <dd className="font-medium text-slate-900">{booking.renews_at ? `${formatDateTime(booking.renews_at, tz)}, monthly until notice` : 'Does not renew'}</dd>
                </div>
              ) : (
                <div>
                  <dt className="text-slate-600">Until</dt>
                  <dd className="font-medium text-slate-900">{formatDateTime(booking.end, tz)}</dd>
                </div>
              )}
              {booking.card && (
                <div>
                  <dt className="text-slate-600">Paid with</dt>
                  <dd className="font-medium text-slate-900">
                    {CARD_BRAND_LABELS[booking.card.brand as CardBrand] ?? booking.card.brand} ending {booking.card.last4}
                  </dd>
                </div>
              )}
              <div>
                <dt className="text-slate-600">Host</dt>
                <dd className="font-medium text-slate-900">{booking.host.name}</dd>
              </div>
            </dl>
            <p className="mt-3 text-xs text-slate-600">Times are the space&rsquo;s local time ({tz}).</p>
          </Card>

          <Where booking={booking} />

          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
            <Button variant="secondary" onClick={addToCalendar}>
              <CalendarPlus aria-hidden="true" className="size-4" /> Add to calendar
            </Button>
            <div>
              <Button
                variant="secondary"
                disabled={chat.isPending}
                onClick={() => chat.start({ parking_id: booking.parking_id, booking_id: booking.id })}
                className="w-full sm:w-auto"
              >
                <MessageSquare aria-hidden="true" className="size-4" /> Message the host
              </Button>
              {chat.error && (
                <p role="alert" className="mt-1 text-xs text-red-700">
                  {chat.error.message}
                </p>
              )}
            </div>
          </div>
          <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium">
            <Link to={bookingPagePath(booking.id)} className="text-brand-700 underline underline-offset-2">
              View this booking
            </Link>
            <Link to="/ownerbooking" className="text-brand-700 underline underline-offset-2">
              My Bookings
            </Link>
          </div>
        </div>
        <aside aria-label="What you booked" className="lg:sticky lg:top-24">
          <BookingAside booking={booking} totalLabel={booking.status === 'requested' ? 'Total (held)' : 'Total paid'} />
        </aside>
      </div>
    </div>
  );
}

/** A booking still waiting for payment: back to the payment screen. */
function NotPaid({ booking }: { booking: Booking }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center">
      <DocumentTitle title="Payment not finished" />
      <h1 className="text-2xl font-bold text-slate-900">Payment not finished</h1>
      <p className="mt-3 text-slate-600">This booking is not paid yet.</p>
      <Link to={paymentPath(booking.id)} className={buttonClass('primary', 'mt-6')}>
        Go to payment
      </Link>
    </div>
  );
}

/** /Sucesspopup?booking=<id> (behind login): the booking's reference, times, place and what comes next. */
export default function SuccessPage() {
  const [params] = useSearchParams();
  const id = params.get('booking');
  const booking = useBooking(id);
  if (!id || (booking.isError && isBookingNotFound(booking.error)))
    return (
      <div className="mx-auto max-w-lg px-4 py-20 text-center">
        <DocumentTitle title="Booking not found" />
        <h1 className="text-2xl font-bold text-slate-900">We could not find this booking</h1>
        <Link to="/ownerbooking" className={buttonClass('primary', 'mt-6')}>
          My Bookings
        </Link>
      </div>
    );
  if (booking.isPending) return <PageSpinner />;
  if (booking.isError) return <LoadFailed what="this booking" onRetry={() => void booking.refetch()} />;
  if (booking.data.status === 'pending_payment') return <NotPaid booking={booking.data} />;
  return <Confirmation booking={booking.data} />;
}
