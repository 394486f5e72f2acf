-- Monthly passes (issue 20, docs/decisions/037-monthly-passes.md). A pass is a booking with plan 'monthly':
-- it holds its unit from its start with no end while it rolls on, renewed each month with the card it was
-- paid with, until someone gives notice or a renewal fails for good.

-- how much notice a pass of this listing needs, in days (the host picks 7, 15 or 30)
ALTER TABLE listings ADD COLUMN notice_days integer NOT NULL DEFAULT 30 CHECK (notice_days IN (7, 15, 30));

-- A rolling pass's `during` ends at 'infinity' (a bound, not an unbounded range): every `upper(during) > x`
-- test (search, availability, busy periods, "upcoming", units in use) sees the unit taken from its start on,
-- the ending jobs (`upper(during) <= now()`) never pick it, and bookings_no_overlap refuses any other booking
-- of the unit from the pass's start on. Notice, or a renewal's final failure, sets the real end.
ALTER TABLE bookings
  ADD COLUMN plan text NOT NULL DEFAULT 'stay' CHECK (plan IN ('stay', 'monthly')),
  -- a pass: the end of the period paid for (or being paid, before the first payment)
  ADD COLUMN period_end timestamptz,
  -- a pass: when the next period starts (its charge is made a day before)
  ADD COLUMN renews_at timestamptz,
  -- a pass: when the renewal job next tries to charge (a day before renews_at, then the retries); NULL: nothing to charge
  ADD COLUMN next_charge_at timestamptz,
  -- the listing's notice, frozen on the pass
  ADD COLUMN notice_days integer CHECK (notice_days IN (7, 15, 30)),
  -- set by notice, or by a final failed renewal (then = period_end); NULL while the pass rolls on
  ADD COLUMN ends_at timestamptz,
  ADD COLUMN notice_given_by text CHECK (notice_given_by IN ('guest', 'host')),
  ADD COLUMN notice_given_at timestamptz,
  -- only a pass may run to 'infinity'; a pass has its period and notice
  ADD CONSTRAINT bookings_pass_shape CHECK (
    (plan = 'stay' AND upper(during) <> 'infinity' AND period_end IS NULL AND renews_at IS NULL AND next_charge_at IS NULL AND ends_at IS NULL)
    OR (plan = 'monthly' AND period_end IS NOT NULL AND notice_days IS NOT NULL)
  );

-- the renewal job's work list (taken FOR UPDATE SKIP LOCKED)
CREATE INDEX bookings_next_charge_idx ON bookings (next_charge_at) WHERE next_charge_at IS NOT NULL;

-- The periods of a pass: n from 1, each its own price, payment and invoice.
CREATE TABLE booking_periods (
  booking_id uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  n integer NOT NULL CHECK (n >= 1),
  during tstzrange NOT NULL CHECK (NOT isempty(during) AND NOT lower_inf(during) AND NOT upper_inf(during)),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  subtotal integer NOT NULL CHECK (subtotal >= 0),
  service_fee integer NOT NULL CHECK (service_fee >= 0),
  host_fee integer NOT NULL CHECK (host_fee >= 0),
  discount integer NOT NULL DEFAULT 0 CHECK (discount >= 0),
  total integer NOT NULL CHECK (total >= 0),
  payment_status text NOT NULL DEFAULT 'due' CHECK (payment_status IN ('paid', 'due', 'retrying', 'failed', 'refunded')),
  -- charge attempts made for this period (a renewal: at most RENEWAL_ATTEMPTS)
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz,
  -- the idempotency key of the attempt under way (set before the provider is asked, cleared when recorded):
  -- an attempt interrupted by a crash is asked again with the same key, never a second charge
  pending_key text,
  -- the payments line that paid it
  payment_id uuid REFERENCES payments (id),
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (booking_id, n)
);

-- a pass's period invoice names its period (NULL: a stay's, or a pass's first period issued on confirming)
ALTER TABLE invoices ADD COLUMN period integer CHECK (period >= 1);
