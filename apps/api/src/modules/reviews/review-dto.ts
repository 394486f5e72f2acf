/** Reviews as the API answers them: public ones (author's first name only) and the driver's own on their booking. */
import type { BookingReview, Review } from '@parkly/shared/reviews';
import { REVIEW_WINDOW_DAYS } from '@parkly/shared/reviews';
import type { BookingStatus } from '@parkly/shared/catalog';
import { toZonedIso } from '@parkly/shared/time';

const DAY_MS = 86_400_000;

export interface ReviewRow {
  id: string;
  listing_id: string;
  rating: number;
  text: string | null;
  reply_text: string | null;
  replied_at: Date | null;
  created_at: Date;
  author_name: string;
  author_deleted: boolean;
  time_zone: string;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'Driver';

export function toReview(r: ReviewRow): Review {
  return {
    id: r.id,
    parking_id: r.listing_id,
    rating: Number(r.rating),
    text: r.text,
    created_at: toZonedIso(r.created_at, r.time_zone),
    // a driver who closed their account is no longer named
    author: { name: r.author_deleted ? 'Former driver' : firstName(r.author_name) },
    reply: r.reply_text && r.replied_at ? { text: r.reply_text, created_at: toZonedIso(r.replied_at, r.time_zone) } : null,
  };
}

/** The last moment a stay that ended at `ends` can be reviewed. */
export const reviewDeadline = (ends: Date | string) => new Date(new Date(ends).getTime() + REVIEW_WINDOW_DAYS * DAY_MS);

interface BookingReviewColumns {
  status: BookingStatus;
  ends: Date;
  time_zone: string;
  review_id?: string | null;
  review_rating?: number | null;
  review_text?: string | null;
  review_reply_text?: string | null;
  review_replied_at?: Date | null;
  review_created_at?: Date | null;
}

/** What a booking says about its review: the review once left, and for its driver whether one can be left and until when. */
export function bookingReviewFields(row: BookingReviewColumns, role: 'guest' | 'host' | 'admin', now = new Date()) {
  const tz = row.time_zone;
  const review: BookingReview | null =
    row.review_id && row.review_created_at
      ? {
          id: row.review_id,
          rating: Number(row.review_rating),
          text: row.review_text ?? null,
          created_at: toZonedIso(row.review_created_at, tz),
          reply: row.review_reply_text && row.review_replied_at ? { text: row.review_reply_text, created_at: toZonedIso(row.review_replied_at, tz) } : null,
        }
      : null;
  const deadline = reviewDeadline(row.ends);
  const canReview = role === 'guest' && row.status === 'completed' && !review && deadline > now;
  return { review, can_review: canReview, review_deadline: canReview ? toZonedIso(deadline, tz) : null };
}
