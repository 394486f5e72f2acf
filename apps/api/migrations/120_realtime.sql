-- Realtime (DESIGN section 5): every event sent to a user is stored here by publish() in the
-- transaction of the change that caused it, then announced with NOTIFY parkly_realtime (the new ids).
-- Each API instance LISTENs, reads the rows and delivers them to the sockets it holds; a client that
-- reconnects asks for the events after the last id it saw. Rows older than a day are pruned by a job.
CREATE TABLE realtime_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL,
  data jsonb NOT NULL DEFAULT 'null',
  created_at timestamptz NOT NULL DEFAULT now()
);
-- a user's events after an id (catch-up), in order
CREATE INDEX realtime_events_user_idx ON realtime_events (user_id, id);
-- pruning by age
CREATE INDEX realtime_events_created_idx ON realtime_events (created_at);

-- Socket tickets: single use, about 30 seconds, bound to a user; only the hash is stored.
CREATE TABLE realtime_tickets (
  ticket_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX realtime_tickets_expires_idx ON realtime_tickets (expires_at);
