-- A push subscription names the session that saved it (issue 17), so ending that session (logout, a
-- password change or reset) removes that device's pushes. Rows saved before this have none until the
-- browser sends them again (at most 7 days later).
ALTER TABLE push_subscriptions ADD COLUMN session_id uuid REFERENCES sessions (id) ON DELETE CASCADE;
CREATE INDEX push_subscriptions_session_idx ON push_subscriptions (session_id);
