-- What hosts earn and are paid (docs/decisions/004-host-ledger.md): an append-only ledger of signed
-- amounts per host, the payout requests made against it, and where payouts go. Balances are sums of
-- the ledger, never recomputed from bookings; every row moves money between buckets
-- (pending, available, requested, paid_out) and its bucket moves add up to its net.

CREATE TABLE host_payout_accounts (
  host_id uuid PRIMARY KEY REFERENCES users (id),
  method text NOT NULL CHECK (method IN ('bank', 'upi')),
  account_holder text CHECK (char_length(account_holder) BETWEEN 2 AND 80),
  -- the full number is needed to pay by bank transfer: it is read only by the payout step, never
  -- answered to anyone and never logged; every answer shows account_last4
  account_number text CHECK (account_number ~ '^\d{9,18}$'),
  account_last4 text CHECK (account_last4 ~ '^\d{4}$'),
  ifsc text CHECK (ifsc ~ '^[A-Z]{4}0[A-Z0-9]{6}$'),
  upi_id text CHECK (char_length(upi_id) <= 320),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (
    (method = 'bank' AND account_holder IS NOT NULL AND account_number IS NOT NULL AND account_last4 IS NOT NULL AND ifsc IS NOT NULL AND upi_id IS NULL)
    OR (method = 'upi' AND upi_id IS NOT NULL AND account_number IS NULL AND account_last4 IS NULL AND ifsc IS NULL)
  )
);

CREATE TABLE host_payouts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  host_id uuid NOT NULL REFERENCES users (id),
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  status text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'paid', 'failed', 'cancelled')),
  method text NOT NULL CHECK (method IN ('bank', 'upi')),
  -- the masked account as it was when requested ('Bank account ••••1234 (HDFC0001234)')
  destination text NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  failed_at timestamptz,
  failure_reason text CHECK (char_length(failure_reason) <= 500),
  -- the bank's reference (UTR) of the transfer
  reference text CHECK (char_length(reference) <= 100),
  settled_by uuid REFERENCES users (id),
  CHECK ((status = 'paid') = (paid_at IS NOT NULL)),
  CHECK ((status IN ('failed', 'cancelled')) = (failed_at IS NOT NULL))
);
CREATE INDEX host_payouts_host_idx ON host_payouts (host_id, requested_at DESC);
-- the admin console's queue of payouts to make
CREATE INDEX host_payouts_open_idx ON host_payouts (requested_at) WHERE status = 'requested';

CREATE TABLE host_ledger_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  host_id uuid NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('earning', 'reversal', 'cleared', 'payout_requested', 'payout_paid', 'payout_returned')),
  -- what the entry is for, once: 'booking:<id>:earning', 'booking:<id>:reversal', 'payout:<id>:paid', ...
  entry_key text NOT NULL UNIQUE,
  booking_id uuid REFERENCES bookings (id),
  listing_id uuid REFERENCES listings (id),
  payout_id uuid REFERENCES host_payouts (id),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  -- signed: an earning adds, a reversal takes off; payouts and clearing move between buckets only
  gross integer NOT NULL DEFAULT 0,
  commission integer NOT NULL DEFAULT 0,
  net integer NOT NULL DEFAULT 0,
  pending integer NOT NULL DEFAULT 0,
  available integer NOT NULL DEFAULT 0,
  requested integer NOT NULL DEFAULT 0,
  paid_out integer NOT NULL DEFAULT 0,
  -- on a reversal: what the guest got back (the host's share of it is -gross)
  guest_refund integer CHECK (guest_refund >= 0),
  occurred_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (net = gross - commission),
  CHECK (pending + available + requested + paid_out = net),
  CHECK ((booking_id IS NOT NULL) = (kind IN ('earning', 'reversal', 'cleared'))),
  CHECK ((payout_id IS NOT NULL) = (kind IN ('payout_requested', 'payout_paid', 'payout_returned'))),
  CHECK (kind IN ('earning', 'reversal') OR net = 0)
);
CREATE INDEX host_ledger_host_idx ON host_ledger_entries (host_id, occurred_at);
CREATE INDEX host_ledger_booking_idx ON host_ledger_entries (booking_id) WHERE booking_id IS NOT NULL;

-- a ledger is corrected by a new entry, never by changing an old one
CREATE FUNCTION parkly_ledger_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'host_ledger_entries is append-only: record a new entry instead';
END;
$$;
CREATE TRIGGER host_ledger_append_only BEFORE UPDATE OR DELETE ON host_ledger_entries
  FOR EACH ROW EXECUTE FUNCTION parkly_ledger_append_only();

-- Writes the entries the lifecycle hook (apps/api/src/modules/earnings/host-ledger.ts) would have
-- written for bookings that changed before this ledger existed (or that the demo seed wrote as
-- rows): an earning for every booking that was confirmed, a reversal of the host's share of a
-- cancelled one's refund, and the clearing of what is left once the booking is over. Each entry has
-- its key, so running it again adds nothing. The refund split matches the hook's: the host's gross
-- and commission are reduced by refund/total, rounded half up to whole paise.
CREATE FUNCTION parkly_host_ledger_backfill() RETURNS void
LANGUAGE sql
AS $$
  INSERT INTO host_ledger_entries (host_id, kind, entry_key, booking_id, listing_id, currency, gross, commission, net, pending, occurred_at)
  SELECT l.host_id, 'earning', 'booking:' || b.id || ':earning', b.id, b.listing_id, b.currency, b.subtotal, b.host_fee, b.subtotal - b.host_fee,
         b.subtotal - b.host_fee,
         COALESCE((SELECT min(e.created_at) FROM booking_events e WHERE e.booking_id = b.id AND e.to_status = 'confirmed'), b.created_at)
    FROM bookings b JOIN listings l ON l.id = b.listing_id
   WHERE b.status IN ('confirmed', 'completed')
      OR (b.status = 'cancelled' AND b.refund_amount IS NOT NULL)
      OR EXISTS (SELECT 1 FROM booking_events e WHERE e.booking_id = b.id AND e.to_status = 'confirmed')
  ON CONFLICT (entry_key) DO NOTHING;

  INSERT INTO host_ledger_entries (host_id, kind, entry_key, booking_id, listing_id, currency, gross, commission, net, pending, guest_refund, occurred_at)
  SELECT l.host_id, 'reversal', 'booking:' || b.id || ':reversal', b.id, b.listing_id, b.currency, -r.g, -r.c, -(r.g - r.c), -(r.g - r.c), b.refund_amount,
         COALESCE((SELECT max(e.created_at) FROM booking_events e WHERE e.booking_id = b.id AND e.to_status = 'cancelled'), b.updated_at)
    FROM bookings b
    JOIN listings l ON l.id = b.listing_id
    CROSS JOIN LATERAL (
      SELECT ((2 * b.subtotal::bigint * least(b.refund_amount, b.total) + b.total) / (2 * b.total))::integer AS g,
             ((2 * b.host_fee::bigint * least(b.refund_amount, b.total) + b.total) / (2 * b.total))::integer AS c
    ) r
   WHERE b.status = 'cancelled' AND b.refund_amount > 0 AND b.total > 0
     AND EXISTS (SELECT 1 FROM host_ledger_entries x WHERE x.entry_key = 'booking:' || b.id || ':earning')
  ON CONFLICT (entry_key) DO NOTHING;

  INSERT INTO host_ledger_entries (host_id, kind, entry_key, booking_id, listing_id, currency, pending, available, occurred_at)
  SELECT l.host_id, 'cleared', 'booking:' || b.id || ':cleared', b.id, b.listing_id, b.currency, -s.pending, s.pending,
         COALESCE((SELECT max(e.created_at) FROM booking_events e WHERE e.booking_id = b.id AND e.to_status = b.status),
                  CASE WHEN b.status = 'completed' THEN upper(b.during) ELSE b.updated_at END)
    FROM bookings b
    JOIN listings l ON l.id = b.listing_id
    CROSS JOIN LATERAL (SELECT COALESCE(sum(x.pending), 0)::integer AS pending FROM host_ledger_entries x WHERE x.booking_id = b.id) s
   WHERE b.status IN ('completed', 'cancelled')
     AND EXISTS (SELECT 1 FROM host_ledger_entries x WHERE x.entry_key = 'booking:' || b.id || ':earning')
  ON CONFLICT (entry_key) DO NOTHING;
$$;

SELECT parkly_host_ledger_backfill();
