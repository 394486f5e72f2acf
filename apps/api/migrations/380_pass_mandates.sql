-- Monthly passes under Razorpay, and renewals that need the driver (docs/decisions/042-razorpay-passes.md).

-- A pass paid through Razorpay Checkout renews through the recurring token its first payment created (a saved
-- card, or a UPI AutoPay mandate): Razorpay keeps the card or UPI ID, this keeps the customer and the token it
-- charges. One per pass: a driver who confirms a month again through Checkout authorises a new token, which
-- replaces the old one.
CREATE TABLE pass_mandates (
  booking_id uuid PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider = 'razorpay'),
  customer_ref text NOT NULL CHECK (customer_ref ~ '^cust_[A-Za-z0-9]{14,40}$'),
  token_ref text NOT NULL CHECK (token_ref ~ '^token_[A-Za-z0-9]{14,40}$'),
  method text NOT NULL CHECK (method IN ('card', 'upi')),
  -- what the driver recognises it by: 'Visa ending 1111', or the UPI ID
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 120),
  -- the payment that authorised it, and the phone number its payer gave Checkout (a recurring charge names it)
  payment_ref text NOT NULL CHECK (payment_ref ~ '^pay_'),
  contact text CHECK (length(contact) <= 20),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A renewal the provider will not take without its driver (a 3-D Secure challenge; a mandate revoked, paused or
-- expired) waits for them: 'action_required' until they confirm it, or the retries run out.
ALTER TABLE booking_periods DROP CONSTRAINT booking_periods_payment_status_check;
ALTER TABLE booking_periods ADD CONSTRAINT booking_periods_payment_status_check
  CHECK (payment_status IN ('paid', 'due', 'retrying', 'action_required', 'failed', 'refunded'));

-- when the attempt in pending_key began: a driver's confirmation left open (its window closed) is let go after a while
ALTER TABLE booking_periods ADD COLUMN pending_at timestamptz;
