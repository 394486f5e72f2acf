import { isTakingPayment } from '@parkly/shared/booking-lifecycle';
import type { Booking } from '@parkly/shared/bookings';
import { VEHICLE_TYPES } from '@parkly/shared/catalog';
import { formatDateTime, zoneAbbreviation } from '@parkly/shared/time';
import { ArrowLeft, CircleAlert, Hourglass, MessageSquare } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { DocumentTitle } from '../../components/ui/page';
import { PageSpinner } from '../../components/ui/spinner';
import { CatalogIcon } from '../../lib/catalog-icons';
import { formatMoney } from '../../lib/money';
import { useRealtimeEvent } from '../../lib/realtime';
import { useStartConversation } from '../chat/api/open-chat-room';
import { isBookingNotFound, useBooking } from './api/get-booking';
import { useBookingPass } from './api/get-booking-pass';
import { BookingAccess } from './components/booking-access';
import { BookingCover } from './components/booking-cover';
import { BookingHistory } from './components/booking-history';
import { BookingReceipt } from './components/booking-receipt';
import { BookingReview } from './components/booking-review';
import { BookingStatusBadge } from '../../components/booking/booking-status-badge';
import { listingPlace, listingTitle, vehicleText } from './components/booking-words';
import { policyDescription, policyLabel, refundNowText } from './components/refund-words';
import { BookingPeriod, BookingSection } from '../../components/booking/booking-section';
import { InvoiceDownload } from '../../components/booking/invoice-download';
import { ExtendStay } from './components/extend-stay';
import { PassCancellation } from './components/pass-cancellation';
import { ExtensionLinks, useLastExtension } from '../../components/booking/extension-links';
import { showsGatePass, StayGoesOn } from './components/stay-pass';
import { MonthlyPass } from '../../components/booking/monthly-pass';
import { PassBadge } from '../../components/booking/pass-badge';
import { isPass, passBadgeText } from '../../lib/pass-words';
import { useGiveNotice } from './api/give-notice';

// the pass and its QR library load only for a confirmed booking
const BookingPass = lazy(() => import('./components/booking-pass').then((m) => ({ default: m.BookingPass })));
// the payment code (Razorpay Checkout, Stripe.js) loads only for a month that waits on its driver
const ConfirmRenewal = lazy(() => import('./components/confirm-renewal').then((m) => ({ default: m.ConfirmRenewal })));

/**
 * A confirmed booking's gate pass (decision 034), first on the page: what the driver needs at the entrance; also on
 * a stay's first booking once it has ended while the time added to it runs on (`goesOn`: the last extension).
 */
function PassSection({ booking: b, goesOn }: { booking: Booking; goesOn?: Booking }) {
  const pass = useBookingPass(b.id, true);
  return (
    <BookingSection title="Gate pass" id="pass-heading">
      {goesOn && <StayGoesOn booking={b} last={goesOn} />}
      {pass.data ? (
        <Suspense fallback={<p className="text-sm text-slate-600">Loading your pass…</p>}>
          <BookingPass pass={pass.data} />
        </Suspense>
      ) : pass.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {pass.error.message}
        </p>
      ) : (
        <p className="text-sm text-slate-600">Loading your pass…</p>
      )}
    </BookingSection>
  );
}

/** Why Parkly itself ended a booking, for its driver: the last turn in its history says. */
function systemCancellation(b: Booking) {
  const last = b.events.at(-1)?.event;
  if (last === 'capture_failed') return 'The host accepted your request, but your card could not be charged, so this booking was cancelled. Nothing was taken, and the amount held on your card is released.';
  if (last === 'too_many_declines') return 'Your card was declined too many times, so the space was released. Nothing was taken from your card.';
  return `This booking was cancelled${b.cancel_reason ? ` (“${b.cancel_reason}”)` : ''}. ${b.refund_amount ? `${formatMoney(b.refund_amount, b.currency)} is refunded to your card.` : 'There was no refund.'}`;
}

/** What the booking's status means now, and what the driver can do about it. */
function StatusNotice({ booking: b }: { booking: Booking }) {
  const zone = b.listing.time_zone;
  const until = b.expires_at ? `${formatDateTime(b.expires_at, zone)} ${zoneAbbreviation(zone, new Date(b.expires_at))}` : null;
  const box = 'flex flex-col gap-3 rounded-2xl border p-4 sm:flex-row sm:items-center sm:justify-between';
  switch (b.status) {
    case 'pending_payment':
      return (
        <div className={`${box} border-amber-200 bg-amber-50 text-amber-950`}>
          <p className="flex items-start gap-2">
            <Hourglass aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>
              The space is held for you{until ? ` until ${until}` : ''}. Finish paying to book it; after that the hold is released.
            </span>
          </p>
          {b.viewer_role === 'guest' && (
            <Link to={`/Paymentstripe?booking=${encodeURIComponent(b.id)}`} className={buttonClass('primary', 'shrink-0')}>
              Finish paying
            </Link>
          )}
        </div>
      );
    case 'requested':
      if (isTakingPayment(b))
        return (
          <p className={`${box} border-emerald-200 bg-emerald-50 text-emerald-950`}>
            The host accepted your request. We are taking the payment from your card; the booking is confirmed, with the address and how to get in, as soon as it goes
            through. If your card cannot be charged, the booking is cancelled and nothing is taken.
          </p>
        );
      return (
        <p className={`${box} border-sky-200 bg-sky-50 text-sky-950`}>
          The host has until {until ?? 'the next 24 hours'} to accept. Your card is authorised, not charged; if they decline or do not answer, nothing is taken.
        </p>
      );
    case 'declined':
      return (
        <p className={`${box} border-red-200 bg-red-50 text-red-950`}>
          The host declined this request{b.decline_reason ? `: “${b.decline_reason}”` : '.'} Nothing was taken from your card.
        </p>
      );
    case 'cancelled':
      if (b.cancelled_by === 'system') return <p className={`${box} border-red-200 bg-red-50 text-red-950`}>{systemCancellation(b)}</p>;
      return (
        <p className={`${box} border-red-200 bg-red-50 text-red-950`}>
          {b.cancelled_by === b.viewer_role ? 'You cancelled this booking' : b.cancelled_by === 'host' ? 'The host cancelled this booking' : 'This booking was cancelled'}
          {b.cancel_reason ? ` (“${b.cancel_reason}”)` : ''}.{' '}
          {b.refund_amount ? `${formatMoney(b.refund_amount, b.currency)} is refunded to your card.` : 'There was no refund.'}
        </p>
      );
    case 'expired':
      return <p className={`${box} border-slate-200 bg-slate-100 text-slate-900`}>This booking expired before it was confirmed. Nothing was taken from your card.</p>;
    default:
      return null;
  }
}

function BookingView({ booking: b }: { booking: Booking }) {
  const place = listingPlace(b);
  const refund = b.refund_if_cancelled_now;
  const canCancel = refund !== null && b.viewer_role === 'guest';
  // the stay's last paid extension: while it runs, the first booking's page keeps the stay's pass (decision 046)
  const last = useLastExtension(b);
  return (
    <>
      <DocumentTitle title={`Booking ${b.reference}`} />
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm sm:flex">
        <BookingCover src={b.listing.cover_thumb_url} parkingType={b.listing.parking_type} className="aspect-[16/9] w-full sm:aspect-auto sm:w-56" />
        <div className="flex-1 space-y-2 p-5 sm:p-6">
          <div className="flex flex-wrap items-center gap-2">
            <BookingStatusBadge status={b.status} paymentStatus={b.payment_status} />
            {isPass(b) && <PassBadge text={passBadgeText(b)} />}
            <span className="text-sm text-slate-600">
              Reference <span className="font-mono font-semibold text-slate-900">{b.reference}</span>
            </span>
          </div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{listingTitle(b)}</h1>
          {place && <p className="text-slate-600">{place}</p>}
          <Link to={`/parking/${encodeURIComponent(b.parking_id)}`} className="inline-block text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
            View the space
          </Link>
        </div>
      </div>

      <div className="mt-4">
        <StatusNotice booking={b} />
      </div>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          {/* keyed: following a link to the extension's own page starts afresh, not with this stay's "Done" */}
          {b.status === 'confirmed' && <ExtendStay key={b.id} booking={b} />}
          {showsGatePass(b, last.data) && <PassSection booking={b} goesOn={b.status === 'completed' ? last.data : undefined} />}
          <BookingReview booking={b} />
          {isPass(b) ? (
            <BookingSection title="Monthly pass" id="when-heading">
              <DriverPass booking={b} />
            </BookingSection>
          ) : (
            <BookingSection title="When" id="when-heading">
              <BookingPeriod booking={b} />
              <div className="mt-3 empty:hidden">
                <ExtensionLinks booking={b} viewer="guest" />
              </div>
            </BookingSection>
          )}
          <BookingSection title="Where and how to get in" id="access-heading">
            <BookingAccess booking={b} />
          </BookingSection>
          <BookingSection title="Vehicle" id="vehicle-heading">
            {b.vehicle ? (
              <p className="flex items-center gap-3 text-slate-900">
                <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  <CatalogIcon name={VEHICLE_TYPES[b.vehicle.vehicle_type].icon} className="size-5" />
                </span>
                <span>
                  {vehicleText(b.vehicle)}
                  <span className="block text-sm text-slate-600">{VEHICLE_TYPES[b.vehicle.vehicle_type].label}</span>
                </span>
              </p>
            ) : (
              <p className="text-sm text-slate-600">No vehicle was chosen for this booking.</p>
            )}
          </BookingSection>
          <BookingSection title="History" id="history-heading">
            <BookingHistory booking={b} />
          </BookingSection>
        </div>
        <div className="space-y-6">
          <BookingSection title="Receipt" id="receipt-heading">
            <BookingReceipt booking={b} />
            <InvoiceDownload booking={b} className="mt-4" />
          </BookingSection>
          {/* a pass says in its own panel what cancelling it means (PassCancellation) */}
          {!isPass(b) && (
            <BookingSection title="Cancellation" id="cancel-heading">
              <p className="text-sm text-slate-700">
                <span className="font-semibold text-slate-900">{policyLabel(b)} policy.</span> {policyDescription(b)}
              </p>
              {canCancel && refund && (
                <>
                  <p className="mt-3 text-sm text-slate-900">If you cancel now: {refundNowText(b, refund)}</p>
                  <Link to={`/booking_cancel?id=${encodeURIComponent(b.id)}`} className={buttonClass('danger', 'mt-4 w-full')}>
                    Cancel booking
                  </Link>
                </>
              )}
            </BookingSection>
          )}
          <MessageHost booking={b} />
        </div>
      </div>
    </>
  );
}

/** The driver's monthly pass: periods, renewal and notice (issue 20), before its start how it cancels, and a month to confirm (decision 042). */
function DriverPass({ booking }: { booking: Booking }) {
  const notice = useGiveNotice();
  const [paid, setPaid] = useState(false);
  return (
    <>
      {paid && (
        <p role="status" className="mb-4 rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm font-medium text-emerald-950">
          This month is paid. Your pass goes on.
        </p>
      )}
      <MonthlyPass
        booking={booking}
        notice={{ giveNotice: notice.mutateAsync, busy: notice.isPending }}
        confirm={(period) => (
          <Suspense fallback={<p className="text-sm">Loading the payment…</p>}>
            <ConfirmRenewal booking={booking} period={period} onPaid={() => setPaid(true)} />
          </Suspense>
        )}
      />
      <PassCancellation booking={booking} />
    </>
  );
}

/** The host's name and the way to write to them (the conversation is linked to this booking). */
function MessageHost({ booking: b }: { booking: Booking }) {
  const chat = useStartConversation();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p>
        Host: <span className="font-medium text-slate-900">{b.host.name}</span>
      </p>
      <Button variant="secondary" disabled={chat.isPending} onClick={() => chat.start({ parking_id: b.parking_id, booking_id: b.id })}>
        <MessageSquare aria-hidden="true" className="size-4" /> Message host
      </Button>
      {chat.error && (
        <p role="alert" className="w-full text-xs text-red-700">
          {chat.error.message}
        </p>
      )}
    </div>
  );
}

/** /parking/booking-details/:id: everything about one of the driver's bookings. */
export default function BookingDetailsPage() {
  const { id } = useParams();
  const booking = useBooking(id);
  // with no network (the booking's query waits, or failed to reach the server) the pass kept on this device shows
  // (from its first failed try: the retries that follow take seconds)
  const unreachable = booking.fetchStatus === 'paused' || (booking.failureReason instanceof ApiError && booking.failureReason.code === 'NETWORK');
  const savedPass = useBookingPass(id, !booking.data && unreachable);
  // its status changed (by the host, the clock or another tab): show it without a reload
  useRealtimeEvent('booking', (e) => {
    if (e.booking_id === id) void booking.refetch();
  });
  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
        <Link to="/ownerbooking" className="mb-4 inline-flex min-h-10 items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" /> My Bookings
        </Link>
        {booking.data ? (
          <BookingView booking={booking.data} />
        ) : savedPass.data ? (
          <>
            <DocumentTitle title="Gate pass" />
            <h1 className="mb-4 text-2xl font-bold tracking-tight text-slate-900">{savedPass.data.listing_title}</h1>
            <BookingSection title="Gate pass" id="pass-heading">
              <Suspense fallback={<p className="text-sm text-slate-600">Loading your pass…</p>}>
                <BookingPass pass={savedPass.data} offline />
              </Suspense>
            </BookingSection>
          </>
        ) : booking.isError ? (
          <div role="alert" className="rounded-2xl border border-slate-200 bg-white p-8 text-center">
            <DocumentTitle title="Booking" />
            <CircleAlert aria-hidden="true" className="mx-auto size-10 text-slate-500" />
            <h1 className="mt-3 text-xl font-semibold text-slate-900">{isBookingNotFound(booking.error) ? 'Booking not found' : 'We could not load this booking'}</h1>
            <p className="mt-2 text-slate-600">
              {isBookingNotFound(booking.error) ? 'It may have been made on another account. Your bookings are all in My Bookings.' : booking.error.message}
            </p>
            <div className="mt-5 flex justify-center gap-3">
              {!isBookingNotFound(booking.error) && (
                <Button variant="secondary" onClick={() => void booking.refetch()}>
                  Try again
                </Button>
              )}
              <Link to="/ownerbooking" className={buttonClass('primary')}>
                My Bookings
              </Link>
            </div>
          </div>
        ) : (
          <>
            <DocumentTitle title="Booking" />
            <PageSpinner />
          </>
        )}
      </div>
    </div>
  );
}
