import { CANCELLATION_POLICIES, type VehicleType } from '@parkly/shared/catalog';
import type { PublicListing } from '@parkly/shared/listings';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, CircleAlert, Pencil, ShieldCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-field';
import { DocumentTitle } from '../../components/ui/page';
import { PageSpinner, Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { useCancelBooking } from '../bookings/api/cancel-booking';
import { bookingQueryOptions } from '../bookings/api/get-booking';
import { usePublicListing } from '../listings/api/get-public-listing';
import { NotAvailable } from '../../components/parking/not-available';
import { useVehicles } from '../vehicles/api/get-vehicles';
import { useCreateBooking } from './api/create-booking';
import { quoteQueryOptions, useQuote } from './api/get-quote';
import { Card } from './components/card';
import { CheckoutSteps } from './components/checkout-steps';
import { ListingSummary, placeText } from './components/listing-summary';
import { LoadFailed } from './components/load-failed';
import { PriceBreakdown } from './components/price-breakdown';
import { PromoCodeField } from './components/promo-code-field';
import { StaySummary } from './components/stay-summary';
import { VehiclePicker } from './components/vehicle-picker';
import { detailsPath, passDetailsPath, paymentPath, readMode, readPassStart, readVehicleType, readWindow } from './lib/checkout-paths';
import { recallHold, rememberHold } from './lib/hold-memory';
import type { StayMode } from './lib/stay-window';
import type { QuoteWindow } from './api/get-quote';
import { PassTerms } from './components/pass-terms';
import { formatLongDate } from '@parkly/shared/time';

/** Codes that mean "these times will not work": the driver goes back and picks others. */
const TIMES_REFUSED = ['SLOT_TAKEN', 'NOT_BOOKABLE'];
/** A remembered hold this close to its end is not worth reusing. */
const HOLD_MARGIN_MS = 60_000;

interface Props {
  listing: PublicListing;
  /** a stay's window, or a monthly pass's start (decision 038) */
  window: QuoteWindow;
  mode?: StayMode;
  /** the vehicle type a search carried: a vehicle of that type is picked first */
  wanted?: VehicleType;
}

/** The hold's end as this tab remembers it: a pass has none. */
const endOf = (w: QuoteWindow) => ('end' in w ? w.end : w.plan);

function Review({ listing, window, mode, wanted }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // the promo code applied: the quote shows its discount and the booking is made with it
  const [promo, setPromo] = useState<string | null>(null);
  const [promoRefused, setPromoRefused] = useState<string | null>(null);
  const vehicles = useVehicles();
  const [picked, setPicked] = useState<string | null>(null);
  // a vehicle of the type searched for (a rider's motorcycle from a motorcycle search), else the default one, is
  // picked until the driver picks another
  const vehicleId =
    picked ?? (wanted && vehicles.data?.find((v) => v.vehicle_type === wanted)?.id) ?? vehicles.data?.find((v) => v.is_default)?.id ?? vehicles.data?.[0]?.id ?? null;
  // a motorcycle is priced at the listing's two-wheeler rates and takes one two-wheeler bay (decision 040)
  const vehicleType = vehicles.data?.find((v) => v.id === vehicleId)?.vehicle_type ?? null;
  const quote = useQuote(listing.id, window, promo, vehicleType);
  // an applied code the quote refuses later (used up, ended): the field says so and the price drops it
  const quoteRefusal = promo && quote.error instanceof ApiError ? quote.error.errors?.promo_code : undefined;
  useEffect(() => {
    if (!quoteRefusal) return;
    setPromoRefused(quoteRefusal);
    setPromo(null);
  }, [quoteRefusal]);
  const create = useCreateBooking();
  const cancel = useCancelBooking();
  const agreeId = useId();
  const firstVehicle = useRef<HTMLInputElement>(null);
  const agreeBox = useRef<HTMLInputElement>(null);

  const [agreed, setAgreed] = useState(false);
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<{ message: string; changeTimes: boolean; myBookings?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const policy = CANCELLATION_POLICIES[listing.cancellation_policy];
  const pass = !('end' in window);
  const changeTimes = 'end' in window ? detailsPath(listing.id, window, mode, wanted) : passDetailsPath(listing.id, window.start, wanted);
  const unavailable = quote.data && !quote.data.available ? (quote.data.message ?? 'These times cannot be booked any more.') : null;

  /** Reuses this tab's unpaid hold for the same times and vehicle, or drops an outdated one first. */
  async function existingHold(): Promise<string | null> {
    const held = recallHold(listing.id);
    if (!held) return null;
    const booking = await queryClient.fetchQuery({ ...bookingQueryOptions(held.bookingId), staleTime: 0 }).catch(() => null);
    const alive = booking?.status === 'pending_payment' && booking.expires_at && Date.parse(booking.expires_at) - Date.now() > HOLD_MARGIN_MS;
    const samePromo = (booking?.promo_code ?? '').toUpperCase() === (promo ?? '').toUpperCase();
    if (alive && samePromo && held.start === window.start && held.end === endOf(window) && held.vehicleId === vehicleId) return held.bookingId;
    if (booking?.status === 'pending_payment') await cancel.mutateAsync({ id: held.bookingId }).catch(() => undefined);
    rememberHold(listing.id, null);
    return null;
  }

  async function onContinue() {
    setTried(true);
    setFailure(null);
    if (!vehicleId) return firstVehicle.current?.focus();
    if (!agreed) return agreeBox.current?.focus();
    setBusy(true);
    try {
      const reused = await existingHold();
      if (reused) return navigate(paymentPath(reused));
      const when = 'end' in window ? { start: window.start, end: window.end } : { start: window.start, plan: window.plan };
      const booking = await create.mutateAsync({ parking_id: listing.id, ...when, vehicle_id: vehicleId, ...(promo && { promo_code: promo }) });
      rememberHold(listing.id, { bookingId: booking.id, start: window.start, end: endOf(window), vehicleId });
      navigate(paymentPath(booking.id));
    } catch (err) {
      // the code was refused meanwhile (used up, ended): said on the code's field, the price shown without it
      if (err instanceof ApiError && err.errors?.promo_code) {
        setPromoRefused(err.errors.promo_code);
        setPromo(null);
        return;
      }
      const refused = err instanceof ApiError && TIMES_REFUSED.includes(err.code);
      const fieldText = err instanceof ApiError && err.errors ? Object.values(err.errors).join(' ') : '';
      setFailure({
        message: err instanceof ApiError ? [err.message, fieldText].filter(Boolean).join(' ') : 'Something went wrong. Please try again.',
        changeTimes: refused || Boolean(fieldText),
        // too many spaces held unpaid: the driver pays for or cancels one of them first
        myBookings: err instanceof ApiError && err.code === 'TOO_MANY_HOLDS',
      });
      if (refused) void quote.refetch();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
      <DocumentTitle title="Review your booking" />
      <CheckoutSteps current={1} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Review your booking</h1>

      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <aside aria-label="Summary" className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-3 lg:row-start-1">
          <Card title="Summary">
            <ListingSummary title={listing.title} thumbUrl={listing.photos[0]?.thumb_url} place={placeText(listing)} parkingType={listing.parking_type} />
            <div className="mt-4 border-t border-slate-100 pt-4">
              {'end' in window ? (
                <StaySummary start={window.start} end={window.end} timeZone={listing.time_zone} />
              ) : (
                <PassTerms monthlyRate={listing.monthly_rate} currency={listing.currency} noticeDays={listing.notice_days ?? 30} startText={formatLongDate(window.start, listing.time_zone)} />
              )}
              <Link to={changeTimes} className="mt-2 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
                <Pencil aria-hidden="true" className="size-3.5" /> {pass ? 'Change start date' : 'Change times'}
              </Link>
            </div>
            <div className="mt-4 border-t border-slate-100 pt-4" aria-live="polite">
              <h3 className="mb-2 text-sm font-semibold text-slate-900">{pass ? 'First month' : 'Price'}</h3>
              {quote.isPending ? (
                <Spinner label="Checking the price" />
              ) : quote.isError ? (
                <p className="text-sm text-slate-700">The price could not be checked. It is shown again before you pay.</p>
              ) : unavailable ? (
                <p className="text-sm text-amber-900">{unavailable}</p>
              ) : (
                <PriceBreakdown lines={quote.data.lines} total={quote.data.total} currency={quote.data.currency} discount={quote.data.discount} promoCode={quote.data.promo_code} />
              )}
            </div>
            <div className="mt-4 border-t border-slate-100 pt-3">
              <PromoCodeField
                applied={promo}
                error={promoRefused}
                check={(code) => queryClient.fetchQuery({ ...quoteQueryOptions(listing.id, window, code, vehicleType), staleTime: 0 })}
                onApply={(code) => {
                  setPromoRefused(null);
                  setPromo(code);
                }}
                onRemove={() => {
                  setPromoRefused(null);
                  setPromo(null);
                }}
              />
            </div>
          </Card>
        </aside>

        <Card title="Vehicle" className="lg:col-start-1">
          <VehiclePicker value={vehicleId} onChange={setPicked} firstRef={firstVehicle} error={tried && !vehicleId ? 'Choose the vehicle you will park, or add one.' : undefined} />
        </Card>

        <Card title="Cancellation policy" className="lg:col-start-1">
          <div className="flex items-start gap-3">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <div className="text-sm">
              <p className="font-semibold text-slate-900">{policy.label}</p>
              <p className="mt-1 text-slate-700">{policy.description}</p>
              <p className="mt-1 text-slate-600">If the host cancels, you always get a full refund.</p>
              {pass && (
                <p className="mt-1 text-slate-600">Once your pass has started, you end it by giving {listing.notice_days ?? 30} days’ notice from its page.</p>
              )}
            </div>
          </div>
        </Card>

        <div className="space-y-4 lg:col-start-1">
          <div>
            <label htmlFor={agreeId} className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-800">
              <input
                ref={agreeBox}
                id={agreeId}
                type="checkbox"
                checked={agreed}
                onChange={(e) => setAgreed(e.target.checked)}
                aria-invalid={tried && !agreed ? true : undefined}
                aria-describedby={tried && !agreed ? `${agreeId}-error` : undefined}
                className="mt-0.5 size-5 shrink-0 accent-brand-700"
              />
              <span>
                I agree to the {policy.label.toLowerCase()} cancellation policy and the{' '}
                <Link to="/terms_and_condition" className="font-medium text-brand-700 underline underline-offset-2">
                  terms
                </Link>
                .
              </span>
            </label>
            {tried && !agreed && (
              <p id={`${agreeId}-error`} className="mt-2 text-sm text-red-700">
                Tick the box to agree to the cancellation policy.
              </p>
            )}
          </div>

          {failure && (
            <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
              <p className="flex gap-2">
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {failure.message}
              </p>
              {failure.changeTimes && (
                <Link to={changeTimes} className={buttonClass('secondary', 'mt-3')}>
                  Change times
                </Link>
              )}
              {failure.myBookings && (
                <Link to="/ownerbooking" className={buttonClass('secondary', 'mt-3')}>
                  My Bookings
                </Link>
              )}
            </div>
          )}
          {unavailable && !failure && <FormAlert message={unavailable} />}

          <Button onClick={() => void onContinue()} disabled={busy || Boolean(unavailable)} className="min-h-12 w-full text-base sm:w-auto sm:px-8">
            {busy ? 'Holding your space…' : 'Continue to payment'} {!busy && <ArrowRight aria-hidden="true" className="size-5" />}
          </Button>
          <p className="text-xs text-slate-600">We hold the space for 15 minutes while you pay.</p>
        </div>
      </div>
    </div>
  );
}

/** A visit without a listing or times (an old link): send the driver to choose them. */
function NothingChosen({ parkingId }: { parkingId: string | null }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center">
      <DocumentTitle title="Choose your times" />
      <h1 className="text-2xl font-bold text-slate-900">Choose a space and times first</h1>
      <p className="mt-3 text-slate-600">This link does not say which times to book.</p>
      <Link to={parkingId ? detailsPath(parkingId) : '/parking'} className={buttonClass('primary', 'mt-6')}>
        {parkingId ? 'Choose times' : 'Find parking'}
      </Link>
    </div>
  );
}

function WithListing({ parkingId, window, mode, wanted }: { parkingId: string; window: QuoteWindow; mode?: StayMode; wanted?: VehicleType }) {
  const listing = usePublicListing(parkingId);
  if (listing.isPending) return <PageSpinner />;
  if (listing.isError) {
    if (listing.error instanceof ApiError && listing.error.code === 'NOT_FOUND') return <NotAvailable />;
    return <LoadFailed what="this space" onRetry={() => void listing.refetch()} />;
  }
  if (!listing.data.available) return <NotAvailable title={listing.data.title} />;
  return <Review listing={listing.data} window={window} mode={mode} wanted={wanted} />;
}

/** /parking/booking?parking_id&start&end, or ?parking_id&plan=monthly&start (behind login): vehicle, price, policy, then a hold and payment. */
export default function CheckoutPage() {
  const [params] = useSearchParams();
  const parkingId = params.get('parking_id');
  const passStart = readPassStart(params);
  const window: QuoteWindow | null = passStart ? { start: passStart, plan: 'monthly' } : readWindow(params);
  if (!parkingId || !window) return <NothingChosen parkingId={parkingId} />;
  return <WithListing key={`${parkingId}|${window.start}|${endOf(window)}`} parkingId={parkingId} window={window} mode={readMode(params)} wanted={readVehicleType(params)} />;
}
