-- Declined payments of a booking (docs/decisions/012-holds-and-declines.md): counted under the booking's row
-- lock as each decline is recorded; the last one allowed releases the hold.
ALTER TABLE bookings ADD COLUMN declined_payments integer NOT NULL DEFAULT 0 CHECK (declined_payments >= 0);
