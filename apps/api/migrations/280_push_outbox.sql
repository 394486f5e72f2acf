-- Pushes go through a durable outbox (docs/decisions/029-push-outbox.md), as mail does (140): notify()
-- writes one row per push and device in the statement that writes the notices, in the caller's
-- transaction, so a push exists exactly when the change that caused it commits and a crash after the
-- commit no longer loses it. The sender (modules/push/push-outbox.ts) claims due rows with FOR UPDATE
-- SKIP LOCKED and a lease (sending_until), sends each once per claim, deletes it once sent, puts it back
-- to 'pending' with next_attempt_at pushed out after a transient failure, and marks it 'failed' after
-- the last attempt. A device that goes away takes its waiting pushes with it (ON DELETE CASCADE);
-- user_id is the user the push is for: a row whose device has since signed in as someone else is not sent.
CREATE TABLE push_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  subscription_id uuid NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  -- {title, body, url?, kind?}: cut to size and checked (url a path of this site) when it is sent
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'failed')),
  attempts int NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  sending_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT push_outbox_lease_check CHECK ((status = 'sending') = (sending_until IS NOT NULL))
);
-- what the sender looks for: pending rows by due time, sending rows by lease end; failed rows by age (pruned)
CREATE INDEX push_outbox_due_idx ON push_outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX push_outbox_lease_idx ON push_outbox (sending_until) WHERE status = 'sending';
CREATE INDEX push_outbox_failed_idx ON push_outbox (created_at) WHERE status = 'failed';
CREATE INDEX push_outbox_subscription_idx ON push_outbox (subscription_id);
CREATE INDEX push_outbox_user_idx ON push_outbox (user_id);
