-- More time while parked (docs/decisions/039-extensions.md). An extension is a booking of its own, of the same
-- unit, starting where the stay it extends ends; it names that booking. The original's history gets an
-- 'extend' event when the extension is paid (booking_events.event is free text: no change there).
ALTER TABLE bookings ADD COLUMN extends_booking_id uuid REFERENCES bookings (id);
-- the original's answer lists its paid extensions (extended_by); the chain of a stay is walked by this too
CREATE INDEX bookings_extends_idx ON bookings (extends_booking_id) WHERE extends_booking_id IS NOT NULL;
