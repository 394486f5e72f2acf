-- "Does a booking of this listing hold a unit in the window?" now also reads the hold's expiry (a lapsed
-- hold or request no longer counts: modules/bookings/unit-availability.ts). The index search reads carries
-- status and hold_expires_at too, so the check stays an index-only look.
DROP INDEX bookings_listing_blocking_idx;
CREATE INDEX bookings_listing_blocking_idx ON bookings (listing_id, upper(during)) INCLUDE (during, status, hold_expires_at)
  WHERE status IN ('pending_payment', 'requested', 'confirmed');
