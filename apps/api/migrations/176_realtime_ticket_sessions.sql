-- A realtime ticket names the session it was taken with (issue 17), so the socket it opens belongs to
-- that session: refused if the session ended before the socket opened, closed when it ends. Tickets
-- issued before this have none and are refused (they live 30 seconds; the client takes a new one).
ALTER TABLE realtime_tickets ADD COLUMN session_id uuid REFERENCES sessions (id) ON DELETE CASCADE;
