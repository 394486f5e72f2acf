-- The mail outbox sends with retries (modules/mail/mail.service.ts, docs/decisions/007-mail-outbox.md).
-- A worker claims due rows with FOR UPDATE SKIP LOCKED and marks them 'sending' with a lease
-- (sending_until): a worker that dies mid-send leaves the row to be claimed again once the lease runs
-- out. A failure puts the row back to 'pending' with next_attempt_at pushed out (exponential backoff
-- with jitter) until the last attempt, then 'failed' with the last error.

ALTER TABLE email_outbox ADD COLUMN body_html text;
ALTER TABLE email_outbox ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE email_outbox ADD COLUMN sending_until timestamptz;
-- one e-mail per event: a caller that may run twice for one event (a digest job) names the event here
ALTER TABLE email_outbox ADD COLUMN event_key text;
CREATE UNIQUE INDEX email_outbox_event_key_idx ON email_outbox (event_key) WHERE event_key IS NOT NULL;

ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_status_check;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_status_check
  CHECK (status IN ('pending', 'sending', 'sent', 'logged', 'failed'));
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_lease_check
  CHECK ((status = 'sending') = (sending_until IS NOT NULL));

-- what the worker looks for: pending rows by due time, and sending rows by lease end
DROP INDEX email_outbox_pending_idx;
CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX email_outbox_lease_idx ON email_outbox (sending_until) WHERE status = 'sending';
