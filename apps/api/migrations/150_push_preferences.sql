-- Which kinds of push a user has turned off on /profile (modules/push). A row exists only once the
-- user chooses; a kind with no row is on, so every kind starts on and a kind added later starts on too.
CREATE TABLE push_preferences (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('messages', 'bookings', 'reviews', 'payouts')),
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind)
);
