import type { PublicListing } from '@parkly/shared/listings';
import { MessageSquareText } from 'lucide-react';
import { RatingBadge } from './listing-header';
import { Section } from './section';

/**
 * Reviews come with bookings (one per completed stay). Until a space has some, it says so kindly;
 * the list itself arrives with the bookings issue.
 */
export function ReviewsSection({ rating }: { rating: PublicListing['rating'] }) {
  return (
    <Section title="Reviews" aside={rating.count > 0 ? <RatingBadge {...rating} /> : undefined}>
      {rating.count === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center">
          <span aria-hidden="true" className="inline-flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
            <MessageSquareText className="size-6" />
          </span>
          <p className="mt-3 font-semibold text-slate-900">No reviews yet</p>
          <p className="mt-1 max-w-sm text-sm text-slate-600">This space is new to Parkly. Book it and be the first to say how it went.</p>
        </div>
      ) : (
        <p className="text-slate-700">
          Rated by {rating.count} {rating.count === 1 ? 'driver' : 'drivers'} after their stay.
        </p>
      )}
    </Section>
  );
}
