-- Promotion codes (docs/decisions/036-promo-codes.md). An admin creates a code (percent or amount off, limits
-- in total and per person, the dates it runs); a driver applies it when booking. The booking keeps the
-- discount in its frozen price (price_breakdown.discount, total = subtotal + service_fee - discount).
CREATE TABLE promo_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL CHECK (code ~ '^[A-Za-z0-9][A-Za-z0-9-]{1,30}[A-Za-z0-9]$'),
  kind text NOT NULL CHECK (kind IN ('percent', 'amount')),
  -- percent: 1 to 100; amount: minor units (paise) of `currency`
  value integer NOT NULL CHECK (value > 0 AND (kind <> 'percent' OR value <= 100)),
  currency text NOT NULL DEFAULT 'INR' CHECK (currency ~ '^[A-Z]{3}$'),
  max_uses integer CHECK (max_uses > 0),
  max_per_person integer CHECK (max_per_person > 0),
  starts_at timestamptz,
  ends_at timestamptz,
  active boolean NOT NULL DEFAULT true,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT promo_codes_dates CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at)
);
-- one code whatever its case: 'SAVE10' and 'save10' are the same code
CREATE UNIQUE INDEX promo_codes_code_idx ON promo_codes (upper(code));

-- A use of a code: written in the booking's transaction, with the code's row locked (the limits hold
-- under a race). A use counts while its booking holds its unit, or once it was ever confirmed; a hold that
-- lapsed, was cancelled unpaid or a request declined gives its use back (decision 036).
CREATE TABLE promo_redemptions (
  booking_id uuid PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
  promo_code_id uuid NOT NULL REFERENCES promo_codes (id),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  discount integer NOT NULL CHECK (discount >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX promo_redemptions_code_idx ON promo_redemptions (promo_code_id, user_id);
