-- The gate pass (docs/decisions/034-gate-pass.md). A confirmed booking's pass carries a 6-character code a
-- guard can type; it is given on the first GET bookings/:id/pass and stays the booking's. Check-in and
-- check-out are events of the booking process that keep the status; their times are kept on the booking.
ALTER TABLE bookings
  ADD COLUMN pass_code text CHECK (pass_code ~ '^[2-9A-HJKMNP-Z]{6}$'),
  ADD COLUMN checked_in_at timestamptz,
  ADD COLUMN checked_out_at timestamptz,
  ADD CONSTRAINT bookings_checked_out_after_in CHECK (checked_out_at IS NULL OR checked_in_at IS NOT NULL);
CREATE UNIQUE INDEX bookings_pass_code_idx ON bookings (pass_code) WHERE pass_code IS NOT NULL;

-- A gate account: a login a host makes for the guard at their entrance. It belongs to that host and can
-- only check their listings' passes in and out (the API refuses it everything else).
ALTER TABLE users ADD COLUMN gate_host_id uuid REFERENCES users (id) ON DELETE CASCADE;
CREATE INDEX users_gate_host_idx ON users (gate_host_id) WHERE gate_host_id IS NOT NULL;

-- a check-in or check-out by a gate account is recorded as the gate's
ALTER TABLE booking_events DROP CONSTRAINT booking_events_actor_role_check;
ALTER TABLE booking_events ADD CONSTRAINT booking_events_actor_role_check CHECK (actor_role IN ('guest', 'host', 'admin', 'system', 'gate'));
