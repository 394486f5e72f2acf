-- Listings, their photos, units and blackout periods, and the bookings table the bookings module
-- fills later (created here so availability, unit removal and listing deletion check real rows).

CREATE TABLE listings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  host_id uuid NOT NULL REFERENCES users(id),
  -- a draft is saved after every wizard step, so almost everything may still be missing
  title text CHECK (char_length(title) BETWEEN 1 AND 200),
  description text CHECK (char_length(description) <= 8000),
  parking_type text CHECK (parking_type IN ('driveway', 'garage', 'carport', 'open_lot', 'covered_lot', 'street', 'indoor_storage', 'outdoor_storage')),
  vehicle_types text[] NOT NULL DEFAULT '{}'
    CHECK (vehicle_types <@ ARRAY['motorcycle', 'hatchback', 'sedan', 'suv', 'van', 'truck', 'rv', 'boat', 'trailer']::text[]),
  amenities text[] NOT NULL DEFAULT '{}'
    CHECK (amenities <@ ARRAY['covered', 'ev_charging', 'cctv', 'gated', 'lighting', 'security_guard', 'access_24_7', 'wheelchair_accessible', 'valet', 'car_wash']::text[]),
  ev_connector text CHECK (char_length(ev_connector) BETWEEN 1 AND 40),
  ev_power_kw numeric(5,1) CHECK (ev_power_kw > 0 AND ev_power_kw <= 500),
  address_line1 text CHECK (char_length(address_line1) <= 300),
  locality text CHECK (char_length(locality) <= 200),
  city text CHECK (char_length(city) <= 200),
  state text CHECK (char_length(state) <= 200),
  postal_code text CHECK (char_length(postal_code) <= 20),
  country text NOT NULL DEFAULT 'IN' CHECK (country ~ '^[A-Z]{2}$'),
  lat double precision CHECK (lat BETWEEN -90 AND 90),
  lng double precision CHECK (lng BETWEEN -180 AND 180),
  time_zone text NOT NULL DEFAULT 'Asia/Kolkata' CHECK (char_length(time_zone) BETWEEN 1 AND 64),
  max_length_m numeric(4,2) CHECK (max_length_m BETWEEN 0.5 AND 30),
  max_width_m numeric(4,2) CHECK (max_width_m BETWEEN 0.5 AND 30),
  max_height_m numeric(4,2) CHECK (max_height_m BETWEEN 0.5 AND 30),
  capacity integer NOT NULL DEFAULT 1 CHECK (capacity BETWEEN 1 AND 500),
  -- paise; NULL means the rate is not offered
  hourly_rate integer CHECK (hourly_rate > 0),
  daily_rate integer CHECK (daily_rate > 0),
  weekly_rate integer CHECK (weekly_rate > 0),
  monthly_rate integer CHECK (monthly_rate > 0),
  currency text NOT NULL DEFAULT 'INR' CHECK (currency ~ '^[A-Z]{3}$'),
  instant_book boolean NOT NULL DEFAULT true,
  min_duration_minutes integer CHECK (min_duration_minutes > 0),
  max_duration_minutes integer CHECK (max_duration_minutes > 0),
  -- NULL = open 24/7; else {mon:[{open:'HH:MM', close:'HH:MM'}], …} in the listing's time zone
  opening_hours jsonb CHECK (jsonb_typeof(opening_hours) = 'object'),
  -- private: only the host, admins and guests with a confirmed booking ever receive it
  access_instructions text CHECK (char_length(access_instructions) <= 4000),
  cancellation_policy text NOT NULL DEFAULT 'moderate' CHECK (cancellation_policy IN ('flexible', 'moderate', 'strict')),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'pending_review', 'active', 'paused', 'rejected', 'deleted')),
  rating_avg numeric(3,2) CHECK (rating_avg BETWEEN 0 AND 5),
  rating_count integer NOT NULL DEFAULT 0 CHECK (rating_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz,
  deleted_at timestamptz,
  CHECK ((lat IS NULL) = (lng IS NULL)),
  CHECK (min_duration_minutes IS NULL OR max_duration_minutes IS NULL OR min_duration_minutes <= max_duration_minutes),
  CHECK ((status = 'deleted') = (deleted_at IS NOT NULL))
);
CREATE INDEX listings_host_idx ON listings (host_id);
-- search by distance only ever looks at live listings
CREATE INDEX listings_active_position_idx ON listings USING gist (ll_to_earth(lat, lng)) WHERE status = 'active' AND lat IS NOT NULL;
-- place search matches the start of any word of a locality (modules/places/places.repository.ts uses this expression)
CREATE INDEX listings_active_locality_idx ON listings
  USING gin (btrim(regexp_replace(lower(locality), '[^a-z0-9]+', ' ', 'g')) gin_trgm_ops) WHERE status = 'active';

CREATE TABLE listing_photos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  listing_id uuid NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  large_key text NOT NULL,
  thumb_key text NOT NULL,
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  position integer NOT NULL CHECK (position >= 0),
  is_cover boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX listing_photos_listing_idx ON listing_photos (listing_id, position);
CREATE UNIQUE INDEX listing_photos_one_cover_idx ON listing_photos (listing_id) WHERE is_cover;

-- one row per bookable space; the listing's capacity is the number of units not removed
CREATE TABLE listing_units (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  listing_id uuid NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  label text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 60),
  created_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz,
  -- lets bookings prove their unit belongs to their listing
  UNIQUE (id, listing_id)
);
CREATE UNIQUE INDEX listing_units_label_idx ON listing_units (listing_id, lower(label)) WHERE removed_at IS NULL;

CREATE TABLE listing_blackouts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  listing_id uuid NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  during tstzrange NOT NULL CHECK (NOT isempty(during) AND NOT lower_inf(during) AND NOT upper_inf(during)),
  reason text CHECK (char_length(reason) <= 200),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX listing_blackouts_during_idx ON listing_blackouts USING gist (listing_id, during);

CREATE TABLE bookings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  listing_id uuid NOT NULL REFERENCES listings(id),
  unit_id uuid NOT NULL,
  guest_id uuid NOT NULL REFERENCES users(id),
  vehicle_id uuid,
  during tstzrange NOT NULL CHECK (NOT isempty(during) AND NOT lower_inf(during) AND NOT upper_inf(during)),
  status text NOT NULL DEFAULT 'pending_payment'
    CHECK (status IN ('pending_payment', 'requested', 'confirmed', 'completed', 'cancelled', 'declined', 'expired')),
  currency text NOT NULL DEFAULT 'INR' CHECK (currency ~ '^[A-Z]{3}$'),
  subtotal integer NOT NULL DEFAULT 0 CHECK (subtotal >= 0),
  service_fee integer NOT NULL DEFAULT 0 CHECK (service_fee >= 0),
  host_fee integer NOT NULL DEFAULT 0 CHECK (host_fee >= 0),
  total integer NOT NULL DEFAULT 0 CHECK (total >= 0),
  price_breakdown jsonb NOT NULL DEFAULT '{}',
  payment_status text NOT NULL DEFAULT 'unpaid',
  hold_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (unit_id, listing_id) REFERENCES listing_units (id, listing_id),
  -- the database, not the application, makes double booking impossible
  CONSTRAINT bookings_no_overlap EXCLUDE USING gist (unit_id WITH =, during WITH &&)
    WHERE (status IN ('pending_payment', 'requested', 'confirmed'))
);
CREATE INDEX bookings_listing_idx ON bookings (listing_id, upper(during));
CREATE INDEX bookings_guest_idx ON bookings (guest_id, created_at DESC);
