-- Unread notifications counted as they change, not by scanning a user's history (issue 18; decision
-- 018). A busy host collects thousands of notifications; counting the unread ones at each booking cost
-- more the longer the history. Each user's count is the sum of a few rows ("stripes"): a statement adds
-- its change to the stripe of the database connection it runs on (pg_backend_pid() % 16), so concurrent
-- bookings of one host, on different connections, do not queue behind one counter row until they
-- commit. Kept by statement triggers on notifications, so every write (the app's, a cascade, a script)
-- keeps it right, in the transaction of the change.
CREATE TABLE notification_unread_counts (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  stripe smallint NOT NULL,
  unread integer NOT NULL,
  PRIMARY KEY (user_id, stripe)
);

INSERT INTO notification_unread_counts (user_id, stripe, unread)
SELECT user_id, 0, count(*)::int FROM notifications WHERE NOT is_read GROUP BY user_id;

-- Adds each user's change in unread notifications ([{user_id, delta}]) to this connection's stripe.
-- Users deleted by the same statement (a cascade from users) are skipped: their stripes go with them.
CREATE FUNCTION notification_unread_add(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO notification_unread_counts AS c (user_id, stripe, unread)
  SELECT d.user_id, (pg_backend_pid() % 16)::smallint, d.delta
    FROM jsonb_to_recordset(changes) AS d (user_id uuid, delta int)
   WHERE d.delta <> 0 AND EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
  ON CONFLICT (user_id, stripe) DO UPDATE SET unread = c.unread + excluded.unread
$$;

-- a trigger sees only the transition tables its event has, so each event sums its own
CREATE FUNCTION notifications_count_unread() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM notification_unread_add((SELECT jsonb_agg(jsonb_build_object('user_id', user_id, 'delta', n))
                                       FROM (SELECT user_id, count(*) AS n FROM new_rows WHERE NOT is_read GROUP BY user_id) s));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM notification_unread_add((SELECT jsonb_agg(jsonb_build_object('user_id', user_id, 'delta', -n))
                                       FROM (SELECT user_id, count(*) AS n FROM old_rows WHERE NOT is_read GROUP BY user_id) s));
  ELSE
    PERFORM notification_unread_add((SELECT jsonb_agg(jsonb_build_object('user_id', user_id, 'delta', n))
                                       FROM (SELECT user_id, sum(d)::int AS n
                                               FROM (SELECT user_id, CASE WHEN is_read THEN 0 ELSE 1 END AS d FROM new_rows
                                                     UNION ALL
                                                     SELECT user_id, CASE WHEN is_read THEN 0 ELSE -1 END FROM old_rows) x
                                              GROUP BY user_id) s));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER notifications_unread_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_count_unread();
CREATE TRIGGER notifications_unread_delete AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_count_unread();
CREATE TRIGGER notifications_unread_update AFTER UPDATE ON notifications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_count_unread();
