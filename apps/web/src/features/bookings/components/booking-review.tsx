import { zodResolver } from '@hookform/resolvers/zod';
import type { Booking } from '@parkly/shared/bookings';
import { createReviewSchema, REVIEW_WINDOW_DAYS, type CreateReviewFields, type CreateReviewInput } from '@parkly/shared/reviews';
import { formatLongDate, formatShortDate } from '@parkly/shared/time';
import { MessageSquareReply } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { StarRatingInput } from '../../../components/reviews/star-rating-input';
import { Stars } from '../../../components/reviews/stars';
import { ReviewTextField } from '../../../components/reviews/review-text-field';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateReview } from '../../reviews/api/create-review';

const FIELDS = ['rating', 'text'] as const;

/** The driver's review once left, with the host's reply under it. */
function LeftReview({ booking: b }: { booking: Booking }) {
  const r = b.review!;
  const zone = b.listing.time_zone;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={r.rating} className="size-5" />
        <span className="text-sm text-slate-600">Reviewed on {formatShortDate(r.created_at, zone)}</span>
      </div>
      {r.text ? <p className="leading-7 whitespace-pre-line text-slate-800">{r.text}</p> : <p className="text-sm text-slate-600">You left stars without words.</p>}
      {r.reply && (
        <div className="rounded-xl border-l-4 border-brand-600 bg-slate-50 px-4 py-3">
          <p className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
            <MessageSquareReply aria-hidden="true" className="size-4 text-brand-700" /> Reply from {b.host.name}
            <span className="font-normal text-slate-600">· {formatShortDate(r.reply.created_at, zone)}</span>
          </p>
          <p className="mt-1 text-sm leading-6 whitespace-pre-line text-slate-800">{r.reply.text}</p>
        </div>
      )}
      <p className="text-xs text-slate-600">Your review is shown on the space’s page with your first name.</p>
    </div>
  );
}

/** 1 to 5 stars and up to 1,000 characters, checked with the shared schema; the server's field errors land next to the fields. */
function ReviewForm({ booking: b, onPosted }: { booking: Booking; onPosted: () => void }) {
  const create = useCreateReview();
  const form = useForm<CreateReviewInput, unknown, CreateReviewFields>({ resolver: zodResolver(createReviewSchema), defaultValues: { text: '' } });
  const [formError, setFormError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const text = form.watch('text') ?? '';

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await create.mutateAsync({ bookingId: b.id, parkingId: b.parking_id, input: { rating: values.rating, text: values.text ?? null } });
      onPosted();
    } catch (err) {
      setFormError(applyServerErrors(err, form.setError, FIELDS));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <p className="text-sm text-slate-700">
        How was your stay at {b.listing.title ?? 'this space'}? Your review helps other drivers and the host.
        {b.review_deadline && <> You can review it until {formatLongDate(b.review_deadline, b.listing.time_zone)}.</>}
      </p>
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => <StarRatingInput legend="Your rating" value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.rating?.message} />}
      />
      <ReviewTextField
        label="Your review (optional)"
        placeholder="Was it easy to find and to get in? Would you park here again?"
        rows={5}
        length={text.length}
        error={errors.text?.message}
        {...form.register('text')}
      />
      <FormAlert message={formError} />
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? 'Posting…' : 'Post review'}
        </Button>
      </div>
    </form>
  );
}

/** On the driver's booking page: 'Rate your stay' once it is completed, then their review. */
export function BookingReview({ booking: b }: { booking: Booking }) {
  const [posted, setPosted] = useState(false);
  if (b.viewer_role !== 'guest' || b.status !== 'completed') return null;
  const title = b.review ? 'Your review' : 'Rate your stay';
  return (
    <section aria-labelledby="review-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="review-heading" className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div role="status" className="empty:hidden">
        {posted && b.review && <p className="mb-4 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">Thank you! Your review is posted.</p>}
      </div>
      {b.review ? (
        <LeftReview booking={b} />
      ) : b.can_review ? (
        <ReviewForm booking={b} onPosted={() => setPosted(true)} />
      ) : (
        <p className="text-sm text-slate-700">Reviews close {REVIEW_WINDOW_DAYS} days after a stay ends, so this one can no longer be reviewed.</p>
      )}
    </section>
  );
}
