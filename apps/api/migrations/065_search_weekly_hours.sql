-- Opening hours for search as minutes of the week: the window check was a PL/pgSQL walk over the
-- jsonb hours for every listing a window search looked at (about 8 µs a listing, a third of such a
-- search). The hours are now kept, in the listing's time zone, as a multirange of minutes since Monday
-- 00:00 (0 to 10080), and a window is open when that multirange holds it: windows that touch (a day
-- closing at 24:00 and the next opening at 00:00, Sunday night into Monday) join up by themselves.

-- {mon:[{open,close}], …} as minutes of the week; NULL hours (open 24/7) stay NULL. Closing is always
-- after opening (the API checks it); a window that is not is left out rather than failing the row.
CREATE FUNCTION parkly_weekly_minutes(hours jsonb) RETURNS int4multirange
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT COALESCE(range_agg(int4range(d.n * 1440 + parkly_minutes(w ->> 'open'), d.n * 1440 + parkly_minutes(w ->> 'close'))),
                  '{}'::int4multirange)
    FROM unnest(ARRAY['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']) WITH ORDINALITY AS d0(day, k)
   CROSS JOIN LATERAL (SELECT d0.day, (d0.k - 1)::integer AS n) d
   CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(hours -> d.day) = 'array' THEN hours -> d.day ELSE '[]'::jsonb END) w
   WHERE parkly_minutes(w ->> 'close') > parkly_minutes(w ->> 'open')
$$;

ALTER TABLE listings ADD COLUMN open_weekly int4multirange GENERATED ALWAYS AS (parkly_weekly_minutes(opening_hours)) STORED;

-- Does the week hold [a, b) (minutes since a Monday 00:00, a in 0..10079)? Past Sunday night it goes on
-- into the next week; a week or more needs every minute.
CREATE FUNCTION parkly_week_holds(weekly int4multirange, a integer, b integer) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE
    WHEN b - a >= 10080 THEN weekly @> int4range(0, 10080)
    WHEN b <= 10080 THEN weekly @> int4range(a, b)
    ELSE weekly @> int4range(a, 10080) AND weekly @> int4range(0, b - 10080)
  END
$$;

-- True when a listing with these weekly minutes (NULL: open 24/7) in time zone tz is open for the whole
-- of [starts, ends). Opening hours are whole minutes, so the window is widened to whole minutes.
-- One SQL expression, which PostgreSQL inlines into the search.
CREATE FUNCTION parkly_open_in(weekly int4multirange, tz text, starts timestamptz, ends timestamptz) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT weekly IS NULL OR ends <= starts OR parkly_week_holds(
    weekly,
    floor(date_part('epoch', (starts AT TIME ZONE tz) - date_trunc('week', starts AT TIME ZONE tz)) / 60)::integer,
    ceil(date_part('epoch', (ends AT TIME ZONE tz) - date_trunc('week', starts AT TIME ZONE tz)) / 60)::integer)
$$;

-- replaced by parkly_open_in
DROP FUNCTION parkly_open_for(jsonb, text, timestamptz, timestamptz);
