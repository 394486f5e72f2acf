-- Reviews: one per completed booking, written by its driver (1 to 5 stars and up to 1,000 characters of
-- plain text), with at most one reply from the listing's host. listings.rating_avg and rating_count are
-- recomputed from this table in the transaction that adds a review (modules/reviews/reviews.repository.ts).

CREATE TABLE reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- one review per booking: a second one, even sent at the same instant, is refused here
  booking_id uuid NOT NULL UNIQUE REFERENCES bookings (id) ON DELETE CASCADE,
  listing_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  author_id uuid NOT NULL REFERENCES users (id),
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  text text CHECK (char_length(text) BETWEEN 1 AND 1000),
  reply_text text CHECK (char_length(reply_text) BETWEEN 1 AND 1000),
  replied_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((reply_text IS NULL) = (replied_at IS NULL))
);
-- a listing's reviews, newest first, a page at a time (keyset on created_at, id)
CREATE INDEX reviews_listing_idx ON reviews (listing_id, created_at DESC, id DESC);
CREATE INDEX reviews_author_idx ON reviews (author_id);
