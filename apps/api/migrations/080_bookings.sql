-- Drivers book and pay: vehicles, saved cards, the booking lifecycle's history, and the payments
-- ledger. bookings itself came with 030 (with bookings_no_overlap, the database's guarantee that a
-- unit is never sold twice).

CREATE TABLE vehicles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  vehicle_type text NOT NULL CHECK (vehicle_type IN ('motorcycle', 'hatchback', 'sedan', 'suv', 'van', 'truck', 'rv', 'boat', 'trailer')),
  make text CHECK (char_length(make) <= 40),
  model text CHECK (char_length(model) <= 40),
  color text CHECK (char_length(color) <= 30),
  plate text NOT NULL CHECK (char_length(plate) BETWEEN 2 AND 16),
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- soft delete: past bookings still name the vehicle
  deleted_at timestamptz
);
CREATE INDEX vehicles_user_idx ON vehicles (user_id, created_at) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX vehicles_one_default_idx ON vehicles (user_id) WHERE is_default AND deleted_at IS NULL;
CREATE UNIQUE INDEX vehicles_plate_idx ON vehicles (user_id, plate) WHERE deleted_at IS NULL;

CREATE TABLE payment_methods (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('simulated', 'stripe')),
  -- the provider's reference to the card (never the number)
  provider_ref text NOT NULL,
  brand text NOT NULL,
  last4 text NOT NULL CHECK (last4 ~ '^\d{4}$'),
  exp_month integer NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year integer NOT NULL CHECK (exp_year BETWEEN 2000 AND 2100),
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX payment_methods_user_idx ON payment_methods (user_id, created_at) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX payment_methods_one_default_idx ON payment_methods (user_id) WHERE is_default AND deleted_at IS NULL;

ALTER TABLE bookings
  ADD CONSTRAINT bookings_vehicle_fk FOREIGN KEY (vehicle_id) REFERENCES vehicles (id),
  ADD COLUMN payment_method_id uuid REFERENCES payment_methods (id),
  ADD COLUMN card_brand text,
  ADD COLUMN card_last4 text,
  -- each payment attempt gets its own idempotency key; 'processing' marks one under way
  ADD COLUMN payment_attempt integer NOT NULL DEFAULT 0,
  ADD COLUMN payment_started_at timestamptz,
  ADD COLUMN amount_paid integer NOT NULL DEFAULT 0 CHECK (amount_paid >= 0),
  ADD COLUMN refund_amount integer CHECK (refund_amount >= 0),
  ADD COLUMN cancelled_by text CHECK (cancelled_by IN ('guest', 'host', 'admin', 'system')),
  ADD COLUMN cancel_reason text CHECK (char_length(cancel_reason) <= 500),
  ADD COLUMN decline_reason text CHECK (char_length(decline_reason) <= 500),
  ADD COLUMN reminded_at timestamptz,
  ADD CONSTRAINT bookings_payment_status_check
    CHECK (payment_status IN ('unpaid', 'processing', 'authorised', 'paid', 'released', 'refunded', 'partially_refunded'));

-- the lifecycle job's work lists: holds and requests that run out, confirmed stays that end
CREATE INDEX bookings_expiring_idx ON bookings (hold_expires_at) WHERE status IN ('pending_payment', 'requested');
CREATE INDEX bookings_ending_idx ON bookings (upper(during)) WHERE status = 'confirmed';
CREATE INDEX bookings_vehicle_idx ON bookings (vehicle_id) WHERE vehicle_id IS NOT NULL;

-- every status change: who, from, to, when, why
CREATE TABLE booking_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  booking_id uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  event text NOT NULL,
  from_status text,
  to_status text NOT NULL,
  actor_role text NOT NULL CHECK (actor_role IN ('guest', 'host', 'admin', 'system')),
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  reason text CHECK (char_length(reason) <= 500),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX booking_events_booking_idx ON booking_events (booking_id, id);

-- The payments ledger: every charge, authorisation, capture, refund and release, with the idempotency
-- key it was (or will be) sent with. A write is recorded 'pending' in the transaction that decides it
-- and settled with the provider after the commit, so a crash in between is retried, never doubled.
CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('charge', 'authorisation', 'capture', 'refund', 'release')),
  provider text NOT NULL CHECK (provider IN ('simulated', 'stripe')),
  amount integer NOT NULL CHECK (amount >= 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  idempotency_key text NOT NULL UNIQUE,
  -- the provider's id of the charge or authorisation (a payment intent for Stripe)
  provider_ref text,
  failure_code text,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz
);
CREATE INDEX payments_booking_idx ON payments (booking_id, created_at);
CREATE INDEX payments_pending_idx ON payments (created_at) WHERE status = 'pending';
