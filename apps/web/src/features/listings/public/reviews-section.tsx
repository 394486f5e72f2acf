import type { PublicListing } from '@parkly/shared/listings';
import { ChevronDown, MessageSquareText } from 'lucide-react';
import { Stars } from '../../../components/reviews/stars';
import { Button } from '../../../components/ui/button';
import { useListingReviews } from '../../reviews/api/get-listing-reviews';
import { ReviewItem } from './review-item';
import { Section } from './section';

const average = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function NoReviews() {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center">
      <span aria-hidden="true" className="inline-flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <MessageSquareText className="size-6" />
      </span>
      <p className="mt-3 font-semibold text-slate-900">No reviews yet</p>
      <p className="mt-1 max-w-sm text-sm text-slate-600">This space is new to Parkly. Book it and be the first to say how it went.</p>
    </div>
  );
}

/** The big number: '4.6', five stars, 'from 12 reviews'. */
function RatingSummary({ rating }: { rating: PublicListing['rating'] }) {
  if (rating.average === null) return null;
  return (
    <div className="mb-6 flex items-center gap-4 rounded-2xl bg-amber-50/70 px-5 py-4 ring-1 ring-amber-100">
      <p className="text-4xl font-bold tracking-tight text-slate-900" aria-hidden="true">
        {average.format(rating.average)}
      </p>
      <div>
        <Stars rating={rating.average} className="size-5" />
        <p className="mt-0.5 text-sm text-slate-700">
          <span className="sr-only">Average {average.format(rating.average)} out of 5, </span>
          from {rating.count} {rating.count === 1 ? 'review' : 'reviews'}
        </p>
      </div>
    </div>
  );
}

/**
 * What drivers said after their stay: the average and count, then the reviews newest first, a few at a
 * time ("Show more reviews"), each with the host's reply. The listing's own host can reply to those
 * without one. Reviews are plain text, shown as typed (never as HTML).
 */
export function ReviewsSection({ listing }: { listing: PublicListing }) {
  const reviews = useListingReviews(listing.id);
  const pages = reviews.data?.pages ?? [];
  const items = pages.flatMap((p) => p.result);
  // the answer's own count is the freshest (it follows a review just posted)
  const rating = pages[0]?.rating ?? listing.rating;

  return (
    <div id="reviews" className="scroll-mt-24">
      <Section title="Reviews">
        {rating.count === 0 && (reviews.isSuccess || reviews.isPending) ? (
          <NoReviews />
        ) : (
          <>
            <RatingSummary rating={rating} />
            {reviews.isPending ? (
              <p className="text-sm text-slate-600">Loading reviews…</p>
            ) : reviews.isError && !items.length ? (
              <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
                The reviews could not be loaded.
                <Button variant="secondary" onClick={() => void reviews.refetch()}>
                  Try again
                </Button>
              </div>
            ) : (
              <ul aria-label="Reviews, newest first" className="divide-y divide-slate-200">
                {items.map((r) => (
                  <ReviewItem key={r.id} review={r} timeZone={listing.time_zone} hostName={listing.host.name} canReply={listing.is_own && !r.reply} />
                ))}
              </ul>
            )}
            {reviews.hasNextPage && (
              <Button variant="secondary" className="mt-4 w-full sm:w-auto" onClick={() => void reviews.fetchNextPage()} disabled={reviews.isFetchingNextPage}>
                <ChevronDown aria-hidden="true" className="size-4" />
                {reviews.isFetchingNextPage ? 'Loading…' : 'Show more reviews'}
              </Button>
            )}
          </>
        )}
      </Section>
    </div>
  );
}
