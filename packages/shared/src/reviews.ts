/**
 * The reviews contract: a driver's review of a completed stay (1 to 5 stars and plain text), the host's
 * one reply, and a listing's reviews page by page. The API validates with these and the web app's
 * forms check the same rules.
 */
import { z } from 'zod';

/** A driver may review a completed stay until this many days after it ends. */
export const REVIEW_WINDOW_DAYS = 30;
/** Review and reply texts are at most this many characters (after cleaning). */
export const REVIEW_TEXT_MAX = 1000;
export const REVIEW_RATINGS = [1, 2, 3, 4, 5] as const;
export const REVIEWS_PAGE_DEFAULT = 5;
export const REVIEWS_PAGE_MAX = 50;

/**
 * Text as people typed it, made safe to store and show as plain text: line breaks kept (\r\n as \n),
 * tabs as spaces, other control characters and the invisible direction and zero-width marks that can
 * disguise text removed, at most one blank line in a row, trimmed. It is never rendered as HTML.
 */
export function cleanPlainText(s: string): string {
  return s
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(/\t/g, ' ')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g, '')
    .replace(/[ \u00A0]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const plainText = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .max(REVIEW_TEXT_MAX * 4, `${what}: use at most ${REVIEW_TEXT_MAX} characters`)
    .transform(cleanPlainText)
    .pipe(z.string().max(REVIEW_TEXT_MAX, `${what}: use at most ${REVIEW_TEXT_MAX} characters`));

/** POST bookings/:id/review: the stars, and words if the driver has some (empty means none). */
export const createReviewSchema = z.object(
  {
    rating: z
      .number({ error: 'Choose 1 to 5 stars' })
      .int('Choose 1 to 5 stars')
      .min(1, 'Choose 1 to 5 stars')
      .max(5, 'Choose 1 to 5 stars'),
    text: plainText('Your review')
      .transform((s) => (s === '' ? null : s))
      .nullable()
      .optional(),
  },
  { error: 'Send {rating, text?}' },
);
export type CreateReviewInput = z.input<typeof createReviewSchema>;
export type CreateReviewFields = z.output<typeof createReviewSchema>;

/** POST reviews/:id/reply: the host's answer, once. */
export const replyToReviewSchema = z.object(
  { text: plainText('Your reply').pipe(z.string().min(1, 'Write your reply')) },
  { error: 'Send {text}' },
);
export type ReplyToReviewInput = z.input<typeof replyToReviewSchema>;

export const reviewReplySchema = z.object({ text: z.string(), created_at: z.string() });

/** A review as anyone may see it: the author's first name only, never their booking or account. */
export const reviewSchema = z.object({
  id: z.string(),
  parking_id: z.string(),
  rating: z.number(),
  text: z.string().nullable(),
  created_at: z.string(),
  author: z.object({ name: z.string() }),
  /** the host's reply, if they wrote one */
  reply: reviewReplySchema.nullable(),
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewAnswerSchema = z.object({ result: reviewSchema });

/** The driver's own review, as their booking carries it (GET bookings/:id). */
export const bookingReviewSchema = z.object({
  id: z.string(),
  rating: z.number(),
  text: z.string().nullable(),
  created_at: z.string(),
  reply: reviewReplySchema.nullable(),
});
export type BookingReview = z.infer<typeof bookingReviewSchema>;

/** GET parkings/:id/reviews?limit&cursor */
export const reviewsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(REVIEWS_PAGE_MAX, `limit can be at most ${REVIEWS_PAGE_MAX}`)
    .default(REVIEWS_PAGE_DEFAULT),
  cursor: z.string().max(200, 'cursor is not valid').optional(),
});

/** A listing's reviews newest first, with its average (two decimals) and count over all of them. */
export const reviewsAnswerSchema = z.object({
  result: z.array(reviewSchema),
  next_cursor: z.string().optional(),
  rating: z.object({ average: z.number().nullable(), count: z.number() }),
});
export type ReviewsPage = z.infer<typeof reviewsAnswerSchema>;
