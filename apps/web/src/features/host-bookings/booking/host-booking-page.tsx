import type { Booking } from '@parkly/shared/bookings';
import { VEHICLE_TYPES } from '@parkly/shared/catalog';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CircleAlert, MessageSquare, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { InvoiceDownload } from '../../../components/booking/invoice-download';
import { Button, buttonClass } from '../../../components/ui/button';
import { DocumentTitle } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/spinner';
import { ListingCover } from '../../../components/parking/listing-cover';
import { CatalogIcon } from '../../../lib/catalog-icons';
import { useRealtimeEvent } from '../../../lib/realtime';
import { bookingQueryOptions, isBookingNotFound } from '../../bookings/api/get-booking';
import { useStartConversation } from '../../chat/api/open-chat-room';
import { HostBookingActions } from './components/host-booking-actions';
import { HostBookingHistory } from './components/host-booking-history';
import { vehicleName } from './components/host-booking-words';
import { HostMoney } from './components/host-money';
import { HostStatusBadge } from './components/host-status-badge';
import { BookingPeriod, BookingSection, bookingPanel } from '../../../components/booking/booking-section';
import { ExtensionLinks } from '../../../components/booking/extension-links';
import { MonthlyPass } from '../../../components/booking/monthly-pass';
import { PassBadge } from '../../../components/booking/pass-badge';
import { isPass, passBadgeText } from '../../../lib/pass-words';
import { useHostGiveNotice } from './api/host-give-notice';

/** The booking is read again this often, so a driver's cancellation or an expiry shows without a reload. */
const REFRESH_MS = 30_000;

const panel = bookingPanel;


function GuestAndVehicle({ booking: b }: { booking: Booking }) {
  const v = b.vehicle;
  const chat = useStartConversation();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3 text-slate-900">
        <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-700">
          <UserRound className="size-5" />
        </span>
        <span className="font-medium">{b.guest.name}</span>
        <Button variant="secondary" className="ml-auto" disabled={chat.isPending} onClick={() => chat.start({ parking_id: b.parking_id, booking_id: b.id })}>
          <MessageSquare aria-hidden="true" className="size-4" /> Message guest
        </Button>
        {chat.error && (
          <p role="alert" className="w-full text-xs text-red-700">
            {chat.error.message}
          </p>
        )}
      </div>
      {v ? (
        <div className="flex items-center gap-3">
          <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <CatalogIcon name={VEHICLE_TYPES[v.vehicle_type].icon} className="size-5" />
          </span>
          <dl className="min-w-0 text-sm">
            <dt className="sr-only">Vehicle</dt>
            <dd className="font-medium text-slate-900">
              {vehicleName(v)} <span className="font-normal text-slate-600">· {VEHICLE_TYPES[v.vehicle_type].label}</span>
            </dd>
            <dt className="mt-1 inline text-slate-600">Plate </dt>
            <dd className="mt-1 inline-block rounded border border-slate-300 bg-slate-50 px-2 py-0.5 font-mono font-semibold tracking-wide text-slate-900">{v.plate}</dd>
          </dl>
        </div>
      ) : (
        <p className="text-sm text-slate-600">The driver did not choose a vehicle for this booking.</p>
      )}
    </div>
  );
}

/** The monthly pass from the host's side: periods, renewal and the host's own way to give notice (issue 20). */
function HostPass({ booking }: { booking: Booking }) {
  const notice = useHostGiveNotice();
  return <MonthlyPass booking={booking} notice={{ giveNotice: notice.mutateAsync, busy: notice.isPending }} />;
}

function BookingView({ booking: b, reload }: { booking: Booking; reload: () => void }) {
  const place = [b.listing.locality, b.listing.city].filter(Boolean).join(', ');
  return (
    <>
      <DocumentTitle title={`Booking ${b.reference}`} />
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm sm:flex">
        <ListingCover src={b.listing.cover_thumb_url} parkingType={b.listing.parking_type} compact className="aspect-[16/7] w-full sm:aspect-auto sm:w-56" />
        <div className="flex-1 space-y-2 p-5 sm:p-6">
          <div className="flex flex-wrap items-center gap-2">
            <HostStatusBadge status={b.status} paymentStatus={b.payment_status} />
            <span className="text-sm text-slate-600">
              Reference <span className="font-mono font-semibold text-slate-900">{b.reference}</span>
            </span>
          </div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{b.listing.title ?? 'Parking space'}</h1>
          {place && <p className="text-slate-600">{place}</p>}
          {isPass(b) ? (
            <PassBadge text={passBadgeText(b)} />
          ) : (
            <>
              <BookingPeriod booking={b} />
              <ExtensionLinks booking={b} viewer="host" />
            </>
          )}
        </div>
      </div>

      {/* on a phone: what to do, who, the money, then the history; on a wide screen the money sits beside */}
      <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]">
        <div className="space-y-6">
          <HostBookingActions booking={b} reload={reload} />
          {isPass(b) && (
            <BookingSection title="Monthly pass" id="pass-heading">
              <HostPass booking={b} />
            </BookingSection>
          )}
          <BookingSection title="Guest and vehicle" id="guest-heading">
            <GuestAndVehicle booking={b} />
          </BookingSection>
        </div>
        <div className="space-y-6 lg:row-span-2">
          <BookingSection title="Your payout" id="money-heading">
            <HostMoney booking={b} />
            <InvoiceDownload booking={b} className="mt-4" />
          </BookingSection>
          <nav aria-label="About this space" className="flex flex-col items-start text-sm">
            <Link to={`/parking/${encodeURIComponent(b.parking_id)}`} className="inline-flex min-h-10 items-center font-semibold text-brand-700 underline-offset-2 hover:underline">
              View the listing as drivers see it
            </Link>
            <Link to={`/Manage_parking?id=${encodeURIComponent(b.parking_id)}`} className="inline-flex min-h-10 items-center font-semibold text-brand-700 underline-offset-2 hover:underline">
              Manage this space
            </Link>
          </nav>
        </div>
        <div className="lg:col-start-1">
          <BookingSection title="History" id="history-heading">
            <HostBookingHistory booking={b} />
          </BookingSection>
        </div>
      </div>
    </>
  );
}

function NotFound({ title, text, retry }: { title: string; text: string; retry?: () => void }) {
  return (
    <div role="alert" className={`${panel} text-center`}>
      <DocumentTitle title={title} />
      <CircleAlert aria-hidden="true" className="mx-auto size-10 text-slate-500" />
      <h1 className="mt-3 text-xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{text}</p>
      <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
        {retry && (
          <Button variant="secondary" onClick={retry}>
            Try again
          </Button>
        )}
        <Link to="/hosthomes" className={buttonClass('primary')}>
          Host dashboard
        </Link>
        <Link to="/HostBoking_history" className={buttonClass('secondary')}>
          All bookings
        </Link>
      </div>
    </div>
  );
}

/** /booking_details?id=<booking id>: one booking of the host's spaces, to answer, follow or cancel. */
export default function HostBookingPage() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() || null;
  const booking = useQuery({ ...bookingQueryOptions(id ?? ''), enabled: id !== null, refetchInterval: REFRESH_MS });
  const reload = () => void booking.refetch();
  // its status changed (by the driver, the clock or another tab): show it without a reload; polling stays as the fallback
  useRealtimeEvent('booking', (e) => {
    if (e.booking_id === id) reload();
  });
  let body: ReactNode;
  if (!id) body = <NotFound title="No booking chosen" text="Open a booking from your dashboard or your booking history." />;
  else if (booking.data?.viewer_role === 'guest')
    body = (
      <div className={`${panel} text-center`}>
        <DocumentTitle title="Your own booking" />
        <h1 className="text-xl font-semibold text-slate-900">You made this booking as a driver</h1>
        <p className="mt-2 text-slate-600">Its details are with your other bookings.</p>
        <Link to={`/parking/booking-details/${encodeURIComponent(id)}`} className={buttonClass('primary', 'mt-5')}>
          Open it in My Bookings
        </Link>
      </div>
    );
  else if (booking.data) body = <BookingView booking={booking.data} reload={reload} />;
  else if (booking.isError)
    body = isBookingNotFound(booking.error) ? (
      <NotFound title="Booking not found" text="There is no booking with this link on your spaces. It may belong to another account." />
    ) : (
      <NotFound title="We could not load this booking" text={booking.error.message} retry={reload} />
    );
  else
    body = (
      <>
        <DocumentTitle title="Booking" />
        <PageSpinner />
      </>
    );
  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
        <Link to="/hosthomes" className="mb-4 inline-flex min-h-10 items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" /> Host dashboard
        </Link>
        {body}
      </div>
    </div>
  );
}
