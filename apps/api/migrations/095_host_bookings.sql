-- A host's bookings, listed across their listings in start order (GET host/bookings and its CSV export):
-- each listing's bookings are read in (start, id) order from this index, a page at a time, and the
-- dashboard's "starting today" narrows by start with it too. The included columns let the filter's
-- totals (status, period, money) be added up from the index alone.
CREATE INDEX bookings_listing_start_idx ON bookings (listing_id, lower(during), id) INCLUDE (status, during, subtotal, host_fee, total, currency);
