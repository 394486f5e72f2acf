-- Razorpay webhooks (issue 19 groundwork): the X-Razorpay-Event-Id of every event already applied.
-- Razorpay delivers an event at least once (a retry, or a replay from its dashboard, carries the same
-- id); an id seen before changes nothing. Kept apart from stripe_events: the two providers' ids are
-- different namespaces, and each table says where an event came from.
CREATE TABLE razorpay_events (
  id text PRIMARY KEY CHECK (char_length(id) <= 255),
  type text NOT NULL CHECK (char_length(type) <= 100),
  received_at timestamptz NOT NULL DEFAULT now()
);
