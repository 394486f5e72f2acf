import type { Booking } from '@parkly/shared/bookings';
import { Car } from 'lucide-react';
import { Card } from './card';
import { ListingSummary, placeText } from './listing-summary';
import { PriceBreakdown } from './price-breakdown';
import { StaySummary } from './stay-summary';
import { PassTerms } from './pass-terms';
import { formatLongDate } from '@parkly/shared/time';
import { vehicleText } from './vehicle-picker';

/** A booking's listing, times, vehicle and price lines, beside the payment form. */
export function BookingAside({ booking, totalLabel }: { booking: Booking; totalLabel?: string }) {
  const { listing, vehicle } = booking;
  return (
    <Card title="Summary">
      <ListingSummary title={listing.title} thumbUrl={listing.cover_thumb_url} place={placeText(listing)} parkingType={listing.parking_type} />
      <div className="mt-4 space-y-3 border-t border-slate-100 pt-4">
        {booking.plan === 'monthly' ? (
          <PassTerms monthlyRate={booking.lines.find((l) => l.kind === 'monthly')?.unit_amount ?? null} currency={booking.currency} noticeDays={booking.notice_days ?? 30} startText={formatLongDate(booking.start, listing.time_zone)} />
        ) : (
          <StaySummary start={booking.start} end={booking.end} timeZone={listing.time_zone} />
        )}
        {vehicle && (
          <p className="flex items-center gap-3 text-sm">
            <Car aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
            <span>
              <span className="font-mono font-semibold text-slate-900">{vehicle.plate}</span> <span className="text-slate-600">· {vehicleText(vehicle)}</span>
            </span>
          </p>
        )}
      </div>
      <div className="mt-4 border-t border-slate-100 pt-4">
        <PriceBreakdown lines={booking.lines} total={booking.total} currency={booking.currency} totalLabel={totalLabel} discount={booking.discount} promoCode={booking.promo_code} />
      </div>
    </Card>
  );
}
