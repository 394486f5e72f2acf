-- Search at scale (bench/search: 100k listings, 1M bookings): indexes for the per-listing checks of
-- modules/search/search.repository.ts, so each costs one small index-only look.

-- "does any blocking booking of this listing overlap the window?" in one index-only look per
-- listing: only bookings ending at or after the window's start qualify, so past ones are never read
CREATE INDEX bookings_listing_blocking_idx ON bookings (listing_id, upper(during)) INCLUDE (during)
  WHERE status IN ('pending_payment', 'requested', 'confirmed');

-- the blackouts overlapping a window, whatever the listing (search reads them once into a hash)
CREATE INDEX listing_blackouts_window_idx ON listing_blackouts USING gist (during) INCLUDE (listing_id);

-- a unit of the listing with no blocking booking in the window, when some booking overlaps it
CREATE INDEX listing_units_live_idx ON listing_units (listing_id) INCLUDE (id) WHERE removed_at IS NULL;

-- search leaves out the listings of deleted accounts, which are few
CREATE INDEX users_deleted_idx ON users (id) WHERE deleted_at IS NOT NULL;
