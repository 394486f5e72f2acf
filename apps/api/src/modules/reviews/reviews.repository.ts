import type { BookingStatus } from '@parkly/shared/catalog';
import { one, type Queryable } from '../../db/database';
import { publicListingSql } from '../listings/listing-card';
import { bookingEndSql } from '../bookings/unit-availability';
import type { ReviewRow } from './review-dto';

/** What deciding on a review reads of its booking, with the booking row locked (one review decision at a time). */
export interface ReviewableBooking {
  id: string;
  guest_id: string;
  host_id: string;
  listing_id: string;
  status: BookingStatus;
  ends: Date;
  title: string | null;
  time_zone: string;
  guest_name: string;
  has_review: boolean;
}

export function lockBookingForReview(tx: Queryable, bookingId: string) {
  return one<ReviewableBooking>(
    tx,
    `SELECT b.id, b.guest_id, l.host_id, b.listing_id, b.status, ${bookingEndSql('b')} AS ends, l.title, l.time_zone, g.name AS guest_name,
            EXISTS (SELECT 1 FROM reviews r WHERE r.booking_id = b.id) AS has_review
       FROM bookings b JOIN listings l ON l.id = b.listing_id JOIN users g ON g.id = b.guest_id
      WHERE b.id = $1
        FOR UPDATE OF b`,
    [bookingId],
  );
}

/**
 * Locks the listing's row: reviews of one listing are added one after another, so each recount sees
 * the reviews committed before it (on PostgreSQL, a statement after the lock reads a fresh snapshot).
 */
export async function lockListingRating(tx: Queryable, listingId: string) {
  await tx.query(`SELECT id FROM listings WHERE id = $1 FOR NO KEY UPDATE`, [listingId]);
}

export async function insertReview(tx: Queryable, r: { bookingId: string; listingId: string; authorId: string; rating: number; text: string | null }) {
  const rows = await tx.query<{ id: string }>(
    `INSERT INTO reviews (booking_id, listing_id, author_id, rating, text) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [r.bookingId, r.listingId, r.authorId, r.rating, r.text],
  );
  return rows[0]!.id;
}

/** Sets the listing's average (two decimals) and count from its reviews: never drifts, whatever came before. */
export async function refreshListingRating(tx: Queryable, listingId: string) {
  await tx.query(
    `UPDATE listings l
        SET rating_count = s.n, rating_avg = s.average
       FROM (SELECT count(*)::int AS n, round(avg(r.rating)::numeric, 2) AS average FROM reviews r WHERE r.listing_id = $1) s
      WHERE l.id = $1`,
    [listingId],
  );
}

/** A review and its listing's host, for a reply; the review row locked. */
export function lockReviewForReply(tx: Queryable, reviewId: string) {
  return one<{ id: string; listing_id: string; author_id: string; host_id: string; host_name: string; title: string | null; has_reply: boolean }>(
    tx,
    `SELECT r.id, r.listing_id, r.author_id, l.host_id, h.name AS host_name, l.title, r.reply_text IS NOT NULL AS has_reply
       FROM reviews r JOIN listings l ON l.id = r.listing_id JOIN users h ON h.id = l.host_id
      WHERE r.id = $1
        FOR UPDATE OF r`,
    [reviewId],
  );
}

export async function setReply(tx: Queryable, reviewId: string, text: string) {
  await tx.query(`UPDATE reviews SET reply_text = $2, replied_at = now() WHERE id = $1`, [reviewId, text]);
}

const REVIEW_SELECT = `
  SELECT r.id, r.listing_id, r.rating, r.text, r.reply_text, r.replied_at, r.created_at,
         a.name AS author_name, a.deleted_at IS NOT NULL AS author_deleted, l.time_zone
    FROM reviews r JOIN users a ON a.id = r.author_id JOIN listings l ON l.id = r.listing_id`;

export function findReview(db: Queryable, id: string) {
  return one<ReviewRow>(db, `${REVIEW_SELECT} WHERE r.id = $1`, [id]);
}

/** A listing anyone may see (live or paused, host not deleted), with its rating; undefined otherwise. */
export function findPublicRating(db: Queryable, listingId: string) {
  return one<{ rating_avg: string | number | null; rating_count: number }>(
    db,
    `SELECT l.rating_avg, l.rating_count FROM listings l JOIN users u ON u.id = l.host_id WHERE l.id = $1 AND ${publicListingSql()}`,
    [listingId],
  );
}

/** Keyset position in a listing's reviews: created_at (ISO, to the microsecond) and id, newest first. */
export interface ReviewCursor {
  k: string;
  id: string;
}

/** A page of a listing's reviews, newest first; `sort_key` is created_at to the microsecond, for the next cursor. */
export function listListingReviews(db: Queryable, listingId: string, limit: number, after?: ReviewCursor) {
  const keyset = after ? ` AND (r.created_at, r.id) < ($3::timestamptz, $4::uuid)` : '';
  return db.query<ReviewRow & { sort_key: string }>(
    `${REVIEW_SELECT.replace('SELECT r.id,', `SELECT to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS sort_key, r.id,`)}
      WHERE r.listing_id = $1${keyset}
      ORDER BY r.created_at DESC, r.id DESC
      LIMIT $2`,
    after ? [listingId, limit, after.k, after.id] : [listingId, limit],
  );
}
