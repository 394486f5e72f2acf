import type { PublicListing } from '@parkly/shared/listings';
import { ratesFor, vehicleKindOf } from '@parkly/shared/vehicle-rates';
import { ArrowLeft } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/ui/page';
import { PageSpinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { usePublicListing } from '../listings/api/get-public-listing';
import { BookingModeBadge } from '../../components/parking/booking-mode-badge';
import { NotAvailable } from '../../components/parking/not-available';
import { useQuote } from './api/get-quote';
import { BusyPeriods } from '../../components/parking/busy-periods';
import { Card } from './components/card';
import { CheckoutSteps } from './components/checkout-steps';
import { LoadFailed } from './components/load-failed';
import { ListingSummary, placeText } from './components/listing-summary';
import { QuoteAndContinue } from './components/quote-result';
import { ChoosePassStart } from './choose-pass-start';
import { PlanChoice, type Plan } from './components/plan-choice';
import { StayPicker, type FieldErrors } from './components/stay-picker';
import { StaySummary } from './components/stay-summary';
import { checkoutPath, readMode, readVehicleType, readWindow } from './lib/checkout-paths';
import { defaultFields, fieldsFromWindow, windowFromFields, type StayFields, type StayMode } from './lib/stay-window';

/** The tab a listing opens on: its shortest offered rate's. */
function firstMode(l: PublicListing): StayMode {
  if (l.hourly_rate !== null) return 'hourly';
  if (l.daily_rate !== null || l.weekly_rate !== null) return 'daily';
  return l.monthly_rate !== null ? 'monthly' : 'hourly';
}

/** The server's 400 on start or end, put on the field that sets it. */
function serverFieldErrors(err: unknown, mode: StayMode): FieldErrors {
  if (!(err instanceof ApiError) || !err.errors) return {};
  const endField = mode === 'hourly' ? 'endTime' : mode === 'daily' ? 'days' : 'months';
  return { ...(err.errors.start && { startTime: err.errors.start }), ...(err.errors.end && { [endField]: err.errors.end }) };
}

function ChooseTimes({ listing, choice, aside }: { listing: PublicListing; choice: ReactNode; aside: ReactNode }) {
  const timeZone = listing.time_zone;
  const [params, setParams] = useSearchParams();
  const [fields, setFields] = useState<StayFields>(() => {
    const w = readWindow(params);
    return w ? fieldsFromWindow(w, timeZone, readMode(params)) : defaultFields(timeZone, firstMode(listing));
  });
  const result = windowFromFields(fields, timeZone);
  const window = result.ok ? result.window : null;
  // a search for a motorcycle carried here: a two-wheeler's price and free bays (decision 043)
  const vehicleType = readVehicleType(params);
  const quote = useQuote(listing.id, window, undefined, vehicleType);

  const onChange = (next: StayFields) => {
    setFields(next);
    const r = windowFromFields(next, timeZone);
    // the URL keeps the last valid window (and the vehicle), so a reload or a shared link shows the same
    if (r.ok) setParams(new URLSearchParams({ start: r.window.start, end: r.window.end, when: next.mode, ...(vehicleType && { vehicle_type: vehicleType }) }), { replace: true });
  };

  const errors: FieldErrors = result.ok ? serverFieldErrors(quote.error, fields.mode) : { [result.field]: result.message };

  return (
    <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <Card title="When do you need it?">
        {choice && <div className="mb-5">{choice}</div>}
        <StayPicker fields={fields} onChange={onChange} timeZone={timeZone} errors={errors} />
      </Card>

      <aside aria-label="Your booking" className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <Card title="Your booking">
          {aside}
          {window && (
            <div className="mt-4 border-t border-slate-100 pt-4">
              <StaySummary start={window.start} end={window.end} timeZone={timeZone} />
            </div>
          )}
          <QuoteAndContinue
            quote={quote}
            noWindow={!window}
            next={window ? checkoutPath(listing.id, window, fields.mode, vehicleType) : null}
            note={listing.instant_book ? 'Confirmed as soon as you pay.' : 'The host answers within 24 hours; you are only charged if they accept.'}
          />
        </Card>
      </aside>

      <Card title="Fully booked times" className="lg:col-start-1">
        <BusyPeriods parkingId={listing.id} vehicleType={vehicleType === 'motorcycle' ? vehicleType : null} />
      </Card>
    </div>
  );
}

/**
 * The first step: a stay's times, or (on a listing with a monthly rate, ?plan=monthly) a monthly pass's start
 * date (decision 038). The plan lives in the URL, so a reload or the way back from login keeps it.
 */
function ChooseBooking({ listing }: { listing: PublicListing }) {
  const [params, setParams] = useSearchParams();
  // a rider (a motorcycle search carried here) sees the two-wheeler monthly rate, and keeps the vehicle when switching
  const vehicleType = readVehicleType(params);
  const monthlyRate = ratesFor(listing, vehicleKindOf(vehicleType)).monthly_rate;
  const plan: Plan = monthlyRate !== null && params.get('plan') === 'monthly' ? 'monthly' : 'stay';
  const kept: Record<string, string> = vehicleType ? { vehicle_type: vehicleType } : {};
  const choice =
    monthlyRate !== null ? (
      <PlanChoice plan={plan} monthlyRate={monthlyRate} currency={listing.currency} onChange={(next) => setParams(next === 'monthly' ? { plan: 'monthly', ...kept } : kept, { replace: true })} />
    ) : null;
  const aside = (
    <ListingSummary title={listing.title} thumbUrl={listing.photos[0]?.thumb_url} place={placeText(listing)} parkingType={listing.parking_type}>
      <div className="mt-1.5">
        <BookingModeBadge instant={listing.instant_book} compact />
      </div>
    </ListingSummary>
  );
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
      <DocumentTitle title={`Book ${listing.title}`} />
      <CheckoutSteps current={0} />
      <Link to={`/parking/${encodeURIComponent(listing.id)}`} className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to the space
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{plan === 'monthly' ? 'Choose your start date' : 'Choose your times'}</h1>
      {plan === 'monthly' ? <ChoosePassStart listing={listing} choice={choice} aside={aside} /> : <ChooseTimes listing={listing} choice={choice} aside={aside} />}
    </div>
  );
}

/** /booking_details/:parking_id (public): pick times on the listing's clock and see the live quote. */
export default function BookingDetailsPage() {
  const { parking_id = '' } = useParams();
  const listing = usePublicListing(parking_id);
  if (listing.isPending) return <PageSpinner />;
  if (listing.isError) {
    if (listing.error instanceof ApiError && listing.error.code === 'NOT_FOUND') return <NotAvailable />;
    return <LoadFailed onRetry={() => void listing.refetch()} />;
  }
  if (!listing.data.available) return <NotAvailable title={listing.data.title} />;
  return <ChooseBooking key={listing.data.id} listing={listing.data} />;
}
