-- The search walks listings nearest first through a GiST index and reads each walked listing's distance
-- in that index's terms; computed from lat and lng that costs about 4 µs a row (ll_to_earth builds three
-- cubes and checks the earth domain). Stored once per listing, it is read instead.
ALTER TABLE listings ADD COLUMN earth_pos cube GENERATED ALWAYS AS (ll_to_earth(lat, lng)) STORED;

CREATE INDEX listings_active_earth_idx ON listings USING gist (earth_pos) WHERE status = 'active' AND lat IS NOT NULL;

-- the same index on the expression: nothing uses it any more
DROP INDEX listings_active_position_idx;
