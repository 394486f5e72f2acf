-- The version of what a search without a time window reads (docs/decisions/019-search-cache.md).
-- A cached answer is served only while this number is the one read before its search ran. Every
-- committed write to a table such an answer reads moves it on, in the writing transaction, so the
-- new number and the new rows become visible together, on every instance that reads them.
CREATE TABLE search_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL DEFAULT 0,
  -- the transaction that moved it last: later triggers of the same transaction leave it alone
  last_tx xid8
);
INSERT INTO search_version (id) VALUES (true);

-- Deferred to the commit, so the row is locked only for the end of a writing transaction, and once
-- per transaction however many rows it wrote.
CREATE FUNCTION parkly_search_version_bump() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE search_version SET version = version + 1, last_tx = pg_current_xact_id()
   WHERE id AND last_tx IS DISTINCT FROM pg_current_xact_id();
  RETURN NULL;
END;
$$;

-- listings: everything a card shows and every filter (status, position, rates, rating, type, amenities)
CREATE CONSTRAINT TRIGGER listings_search_version AFTER INSERT OR UPDATE OR DELETE ON listings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION parkly_search_version_bump();
-- listing_photos: the cover of each card
CREATE CONSTRAINT TRIGGER listing_photos_search_version AFTER INSERT OR UPDATE OR DELETE ON listing_photos
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION parkly_search_version_bump();
-- users: a host whose account is deleted leaves search (other user columns are not read)
CREATE CONSTRAINT TRIGGER users_search_version AFTER UPDATE OF deleted_at ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at) EXECUTE FUNCTION parkly_search_version_bump();
CREATE CONSTRAINT TRIGGER users_deleted_search_version AFTER DELETE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION parkly_search_version_bump();
