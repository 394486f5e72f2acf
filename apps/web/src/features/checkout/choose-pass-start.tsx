import type { PublicListing } from '@parkly/shared/listings';
import { ratesFor, vehicleKindOf } from '@parkly/shared/vehicle-rates';
import { formatLongDate, isLocalDate, nextSlot, todayIn, zonedIso, zonedParts, zoneAbbreviation } from '@parkly/shared/time';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { TextField } from '../../components/ui/form-field';
import { ApiError } from '../../lib/api-client';
import { useQuote } from './api/get-quote';
import { Card } from './components/card';
import { PassTerms } from './components/pass-terms';
import { QuoteAndContinue } from './components/quote-result';
import { passCheckoutPath, readPassStart, readVehicleType } from './lib/checkout-paths';

/** A pass starts at the start of its day on the listing's clock, or at the next half hour when that day is today. */
function passStart(date: string, timeZone: string): string {
  const slot = nextSlot(timeZone);
  return date <= slot.date ? zonedIso(slot.date, slot.time, timeZone) : zonedIso(date, '00:00', timeZone);
}

/**
 * /booking_details/:id?plan=monthly: a monthly pass needs only its start date; the first month's quote, its
 * renewal and notice beside it (decision 038). `choice` is the stay-or-pass choice above the fields.
 */
export function ChoosePassStart({ listing, choice, aside }: { listing: PublicListing; choice: ReactNode; aside: ReactNode }) {
  const zone = listing.time_zone;
  const today = todayIn(zone);
  const [params, setParams] = useSearchParams();
  const [date, setDate] = useState(() => {
    const start = readPassStart(params);
    return start ? zonedParts(start, zone).date : today;
  });
  const valid = isLocalDate(date) && date >= today;
  const start = valid ? passStart(date, zone) : null;
  // a rider carried here from a motorcycle search: the two-wheeler monthly rate and a free bay (decisions 040, 043)
  const vehicleType = readVehicleType(params);
  const quote = useQuote(listing.id, start ? { start, plan: 'monthly' } : null, undefined, vehicleType);
  const monthlyRate = ratesFor(listing, vehicleKindOf(vehicleType)).monthly_rate;
  const noticeDays = listing.notice_days ?? 30;
  const serverError = quote.error instanceof ApiError ? quote.error.errors?.start : undefined;

  const onDate = (next: string) => {
    setDate(next);
    if (isLocalDate(next) && next >= today) setParams(new URLSearchParams({ plan: 'monthly', start: passStart(next, zone), ...(vehicleType && { vehicle_type: vehicleType }) }), { replace: true });
  };

  return (
    <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <Card title="When does your pass start?">
        {choice}
        <div className="mt-5 max-w-xs">
          <TextField
            label="Start date"
            type="date"
            min={today}
            required
            value={date}
            error={!valid ? 'Choose a start date from today on' : serverError}
            onChange={(e) => onDate(e.target.value)}
          />
        </div>
        <p className="mt-3 text-sm text-slate-600">
          The pass renews on the same day each month ({zoneAbbreviation(zone)}, the space’s local time) until you or the host give {noticeDays} days’ notice. The space is
          yours for as long as it runs.
        </p>
      </Card>
      <aside aria-label="Your booking" className="lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1">
        <Card title="Your booking">
          {aside}
          <div className="mt-4 border-t border-slate-100 pt-4">
            <PassTerms monthlyRate={monthlyRate} currency={listing.currency} noticeDays={noticeDays} startText={start ? formatLongDate(start, zone) : 'the day you choose'} />
          </div>
          <QuoteAndContinue
            quote={quote}
            noWindow={!start}
            heading="First month"
            next={start ? passCheckoutPath(listing.id, start, vehicleType) : null}
            note={listing.instant_book ? 'Confirmed as soon as you pay the first month.' : 'The host answers within 24 hours; you are only charged if they accept.'}
          />
        </Card>
      </aside>
    </div>
  );
}
