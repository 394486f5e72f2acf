-- Sorting by price or rating ranks every candidate in the searched area before the availability of the
-- first ones is checked: 20,000 listings and more within 30 km of a big city's centre. Walking them in
-- the GiST position index costs about three times what a B-tree range scan of the same entries costs, so
-- the area is read here instead, as latitude bands a tenth of a degree high (about 11 km), each a range
-- of longitudes: one index-only range scan per band, in key order. The position index stays for the
-- nearest-first walk (its nearest-neighbour order). The rates and the rating are included, as there, so
-- the candidates are ranked from this index alone, and so are the filters read from the listing's row
-- (type, vehicles and sizes, amenities, instant booking): a filtered search ranks only the listings that
-- pass them, instead of reading thousands of listings from the table in price order to find a page.
CREATE INDEX listings_active_band_idx ON listings ((floor(lat * 10)::integer), lng)
  INCLUDE (id, lat, hourly_rate, daily_rate, weekly_rate, monthly_rate, rating_avg, rating_count,
           parking_type, vehicle_types, amenities, instant_book, max_length_m, max_width_m, max_height_m)
  WHERE status = 'active' AND lat IS NOT NULL;
