-- Two-wheelers share a unit (docs/decisions/040-two-wheelers.md). A listing says how many two-wheelers one
-- unit fits (1 to 6) and may set lower two-wheeler rates (NULL: the car rate applies). Each booking holds a
-- range of the unit's bays: a motorcycle one bay [k, k+1) with k < two_wheelers_per_unit, any other vehicle
-- (or none) the whole unit [0, 6). The exclusion constraint now compares bays too, so the database still
-- makes an overbooking impossible: N riders fit an N-bay unit, never N+1, and a car never shares with a bike.
ALTER TABLE listings
  ADD COLUMN two_wheelers_per_unit integer NOT NULL DEFAULT 1 CHECK (two_wheelers_per_unit BETWEEN 1 AND 6),
  ADD COLUMN two_wheeler_hourly_rate integer CHECK (two_wheeler_hourly_rate > 0),
  ADD COLUMN two_wheeler_daily_rate integer CHECK (two_wheeler_daily_rate > 0),
  ADD COLUMN two_wheeler_weekly_rate integer CHECK (two_wheeler_weekly_rate > 0),
  ADD COLUMN two_wheeler_monthly_rate integer CHECK (two_wheeler_monthly_rate > 0);

ALTER TABLE bookings
  ADD COLUMN bays int4range NOT NULL DEFAULT int4range(0, 6)
    CONSTRAINT bookings_bays_check CHECK (NOT isempty(bays) AND bays <@ int4range(0, 6));

ALTER TABLE bookings DROP CONSTRAINT bookings_no_overlap;
ALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap EXCLUDE USING gist (unit_id WITH =, bays WITH &&, during WITH &&)
  WHERE (status IN ('pending_payment', 'requested', 'confirmed'));
