/**
 * Reviews: a driver reviews a completed stay once, within REVIEW_WINDOW_DAYS of its end; the listing's
 * host replies once; anyone reads a listing's reviews. The listing's rating_avg and rating_count are
 * recomputed in the transaction that adds the review, and the host is told in it too.
 */
import { BOOKING_STATUS_LABELS } from '@parkly/shared/booking-lifecycle';
import { REVIEW_WINDOW_DAYS, type CreateReviewFields } from '@parkly/shared/reviews';
import { formatLongDate } from '@parkly/shared/time';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import { notify } from '../notifications/notify';
import { reviewDeadline, toReview } from './review-dto';
import { newReviewNotice, replyNotice } from './review-notices';
import * as repo from './reviews.repository';

export interface ReviewDeps {
  db: Database;
  publicUrl: string;
}

const bookingNotFound = () => new AppError('NOT_FOUND', 'Booking not found');
const reviewNotFound = () => new AppError('NOT_FOUND', 'Review not found');
const alreadyReviewed = () => new AppError('CONFLICT', 'You have already reviewed this stay. A stay can be reviewed once.');
/** 23505: the one-review-per-booking constraint refused a second insert */
const isDuplicate = (err: unknown) => (err as { code?: string }).code === '23505';

/** Why this booking cannot be reviewed now, or null when it can. */
function whyNot(b: repo.ReviewableBooking, now: Date): string | null {
  if (b.status !== 'completed') {
    if (b.status === 'confirmed') {
      return new Date(b.ends) > now ? 'You can review this stay once it has ended.' : 'This stay has just ended: you can review it in a minute or two.';
    }
    return `Only a completed stay can be reviewed: this booking is ${BOOKING_STATUS_LABELS[b.status].toLowerCase()}.`;
  }
  const deadline = reviewDeadline(b.ends);
  if (deadline <= now) return `Reviews close ${REVIEW_WINDOW_DAYS} days after a stay ends: this one closed on ${formatLongDate(deadline, b.time_zone)}.`;
  return null;
}

/** POST bookings/:id/review: the booking's driver, once, while the review window is open. */
export async function reviewBooking(deps: ReviewDeps, user: AuthUser, bookingId: string, input: CreateReviewFields) {
  if (!isUuid(bookingId)) throw bookingNotFound();
  let reviewId: string;
  try {
    reviewId = await deps.db.transaction(async (tx) => {
      // the booking row is locked: a second review sent at the same time waits here, then finds the first
      const b = await repo.lockBookingForReview(tx, bookingId);
      if (!b) throw bookingNotFound();
      if (b.guest_id !== user.id) {
        if (b.host_id === user.id || user.role === 'admin') throw new AppError('FORBIDDEN', 'Only the driver who stayed can review this booking.');
        throw bookingNotFound();
      }
      if (b.has_review) throw alreadyReviewed();
      const why = whyNot(b, new Date());
      if (why) throw new AppError('CONFLICT', why);
      await repo.lockListingRating(tx, b.listing_id);
      const id = await repo.insertReview(tx, { bookingId: b.id, listingId: b.listing_id, authorId: user.id, rating: input.rating, text: input.text ?? null });
      await repo.refreshListingRating(tx, b.listing_id);
      await notify(
        tx,
        newReviewNotice({ hostId: b.host_id, listingId: b.listing_id, title: b.title, guestName: b.guest_name, rating: input.rating, text: input.text ?? null }, deps.publicUrl),
      );
      return id;
    });
  } catch (err) {
    if (isDuplicate(err)) throw alreadyReviewed();
    throw err;
  }
  return toReview((await repo.findReview(deps.db, reviewId))!);
}

/** POST reviews/:id/reply: the listing's host, once. */
export async function replyToReview(deps: ReviewDeps, user: AuthUser, reviewId: string, text: string) {
  if (!isUuid(reviewId)) throw reviewNotFound();
  await deps.db.transaction(async (tx) => {
    const r = await repo.lockReviewForReply(tx, reviewId);
    if (!r) throw reviewNotFound();
    if (r.host_id !== user.id) throw new AppError('FORBIDDEN', 'Only the host of this space can reply to its reviews.');
    if (r.has_reply) throw new AppError('CONFLICT', 'You have already replied to this review. A review gets one reply.');
    await repo.setReply(tx, r.id, text);
    await notify(tx, replyNotice({ authorId: r.author_id, listingId: r.listing_id, title: r.title, hostName: r.host_name, text }, deps.publicUrl));
  });
  return toReview((await repo.findReview(deps.db, reviewId))!);
}

const encodeCursor = (c: repo.ReviewCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(s: string): repo.ReviewCursor {
  try {
    const c = JSON.parse(Buffer.from(s, 'base64url').toString()) as repo.ReviewCursor;
    if (typeof c.k === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(c.k) && typeof c.id === 'string' && isUuid(c.id)) return c;
  } catch {
    // answered below
  }
  throw new AppError('VALIDATION', 'The cursor is not valid: start from the first page', { errors: { cursor: 'Not a cursor from this list' } });
}

/** GET parkings/:id/reviews: newest first, a page at a time, with the listing's average and count. */
export async function listReviews(deps: Pick<ReviewDeps, 'db'>, listingId: string, q: { limit: number; cursor?: string }) {
  const rating = isUuid(listingId) ? await repo.findPublicRating(deps.db, listingId) : undefined;
  if (!rating) throw new AppError('NOT_FOUND', 'Listing not found');
  const after = q.cursor ? decodeCursor(q.cursor) : undefined;
  const rows = await repo.listListingReviews(deps.db, listingId, q.limit + 1, after);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    result: page.map(toReview),
    ...(rows.length > q.limit && last && { next_cursor: encodeCursor({ k: last.sort_key, id: last.id }) }),
    rating: { average: rating.rating_avg === null ? null : Number(rating.rating_avg), count: rating.rating_count },
  };
}
