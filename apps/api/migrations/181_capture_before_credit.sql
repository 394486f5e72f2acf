-- Request to book: accepting no longer confirms the booking; its capture does (docs/decisions/011-capture-before-credit.md).
-- 'capturing': the host accepted, the capture is decided and not yet done; the booking still holds its unit,
-- off the 24-hour clock (hold_expires_at is cleared). Who accepted, and when, is kept for the 'accept' event
-- that the capture's success writes.
ALTER TABLE bookings DROP CONSTRAINT bookings_payment_status_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_payment_status_check
  CHECK (payment_status IN ('unpaid', 'processing', 'authorised', 'capturing', 'paid', 'released', 'refunded', 'partially_refunded'));
ALTER TABLE bookings ADD COLUMN accepted_at timestamptz, ADD COLUMN accepted_by uuid REFERENCES users (id) ON DELETE SET NULL;

-- Pending captures, refunds and releases that failed are tried again later and later (the first after 15 s,
-- then twice as late each time, at most 30 minutes apart) instead of on every run of the lifecycle job.
ALTER TABLE payments ADD COLUMN next_attempt_at timestamptz;
