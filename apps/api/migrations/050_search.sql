-- Search: the map-view index and the opening-hours check (modules/search/search.repository.ts).

-- a map view (bbox) looks only at live listings inside a lat/lng rectangle
CREATE INDEX listings_active_point_idx ON listings USING gist (point(lng, lat)) WHERE status = 'active' AND lat IS NOT NULL;

-- browsing by type counts live listings per type
CREATE INDEX listings_active_type_idx ON listings (parking_type) WHERE status = 'active';

-- 'HH:MM' (or '24:00') as minutes since midnight
CREATE FUNCTION parkly_minutes(hhmm text) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT split_part(hhmm, ':', 1)::integer * 60 + split_part(hhmm, ':', 2)::integer $$;

-- True when a listing with these weekly hours ({mon:[{open,close}], …} in its time zone; NULL is
-- 24/7) is open for the whole of [starts, ends). Walks from window to window: windows that touch,
-- on one day or across midnight (a day closing at 24:00 and the next opening at 00:00), join up.
CREATE FUNCTION parkly_open_for(hours jsonb, tz text, starts timestamptz, ends timestamptz) RETURNS boolean
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $$
DECLARE
  t timestamptz := starts;
  local_ts timestamp;
  minute_of_day integer;
  w jsonb;
  reach timestamptz;
  steps integer := 0;
BEGIN
  IF hours IS NULL THEN
    RETURN true;
  END IF;
  WHILE t < ends LOOP
    steps := steps + 1;
    -- a year of daily windows is about 370 steps; anything far beyond is not a real schedule
    IF steps > 3000 THEN
      RETURN false;
    END IF;
    local_ts := t AT TIME ZONE tz;
    minute_of_day := extract(hour FROM local_ts)::integer * 60 + extract(minute FROM local_ts)::integer;
    reach := NULL;
    FOR w IN SELECT value FROM jsonb_array_elements(COALESCE(hours -> to_char(local_ts, 'dy'), '[]'::jsonb)) LOOP
      IF parkly_minutes(w ->> 'open') <= minute_of_day AND minute_of_day < parkly_minutes(w ->> 'close') THEN
        reach := (date_trunc('day', local_ts) + make_interval(mins => parkly_minutes(w ->> 'close'))) AT TIME ZONE tz;
        EXIT;
      END IF;
    END LOOP;
    IF reach IS NULL OR reach <= t THEN
      RETURN false;
    END IF;
    t := reach;
  END LOOP;
  RETURN true;
END
$$;
