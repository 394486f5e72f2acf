-- A motorcycle search ranks by the two-wheeler price (docs/decisions/043-two-wheeler-search.md): a rate the
-- host set for two-wheelers, else the car rate. The latitude bands' index (migration 230) carries the car
-- rates so a price ranking reads the index alone; without the two-wheeler rates beside them, a rider's
-- ranking read every candidate's table row (bench/search, 30 km around Bengaluru by price: 24,190 buffers,
-- 66 ms, against 1,171 buffers index-only for a car). The index is built again with them included.
DROP INDEX listings_active_band_idx;
CREATE INDEX listings_active_band_idx ON listings ((floor(lat * 10)::integer), lng)
  INCLUDE (id, lat, hourly_rate, daily_rate, weekly_rate, monthly_rate, rating_avg, rating_count,
           parking_type, vehicle_types, amenities, instant_book, max_length_m, max_width_m, max_height_m,
           two_wheeler_hourly_rate, two_wheeler_daily_rate, two_wheeler_weekly_rate, two_wheeler_monthly_rate)
  WHERE status = 'active' AND lat IS NOT NULL;
