-- Sorting by price or rating reads every candidate in the searched area before it can check the
-- availability of the cheapest (or best rated) first: 1,000 to 12,000 listings in a busy city, each on
-- a heap page of its own, about 2 µs a page. The position index now carries what that ordering needs
-- (id, position, the four rates, the rating), so the candidates are ranked from the index alone, and
-- only the listings walked in that order are read from the table. The nearest-first walk uses the same
-- index. A map view is searched through it too (the circle round the view), so the point index goes.
CREATE INDEX listings_active_earth_cover_idx ON listings USING gist (earth_pos)
  INCLUDE (id, lat, lng, hourly_rate, daily_rate, weekly_rate, monthly_rate, rating_avg, rating_count)
  WHERE status = 'active' AND lat IS NOT NULL;

DROP INDEX listings_active_earth_idx;
DROP INDEX listings_active_point_idx;
