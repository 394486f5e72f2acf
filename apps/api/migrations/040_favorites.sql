-- The listings a person saved with the heart. One row per person and listing, so saving twice is a no-op.

CREATE TABLE favorites (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  listing_id uuid NOT NULL REFERENCES listings(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, listing_id)
);
-- the list is read newest first
CREATE INDEX favorites_user_created_idx ON favorites (user_id, created_at DESC);
-- lets a listing's favorites be found (counts, clean-up) without scanning every row
CREATE INDEX favorites_listing_idx ON favorites (listing_id);
