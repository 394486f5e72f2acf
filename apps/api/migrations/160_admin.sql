-- The admin console: suspended accounts and listings, listing reports, a searchable audit log.

-- A suspended user cannot sign in; their sessions are revoked when it happens (accounts service).
ALTER TABLE users
  ADD COLUMN suspended_at timestamptz,
  ADD COLUMN suspension_reason text CHECK (char_length(suspension_reason) <= 1000);

-- A suspended listing leaves search at once: search only ever reads status = 'active', so suspension
-- is a status of its own, and the status it had is kept to go back to on reinstatement.
-- `suspended_with_account` marks listings taken down because their host's account was suspended, so
-- reinstating the account brings back those and not ones an admin suspended on their own.
ALTER TABLE listings DROP CONSTRAINT listings_status_check;
ALTER TABLE listings
  ADD CONSTRAINT listings_status_check CHECK (status IN ('draft', 'pending_review', 'active', 'paused', 'rejected', 'suspended', 'deleted')),
  ADD COLUMN status_before_suspension text CHECK (status_before_suspension IN ('draft', 'pending_review', 'active', 'paused', 'rejected')),
  ADD COLUMN moderation_reason text CHECK (char_length(moderation_reason) <= 1000),
  ADD COLUMN suspended_with_account boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT listings_suspension_check CHECK ((status = 'suspended') = (status_before_suspension IS NOT NULL));

-- Visitors report listings that look wrong; admins work through the open ones.
CREATE TABLE listing_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  listing_id uuid NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  reporter_id uuid REFERENCES users(id) ON DELETE SET NULL,
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 1000),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  resolved_by uuid REFERENCES users(id) ON DELETE SET NULL,
  resolved_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX listing_reports_open_idx ON listing_reports (created_at) WHERE status = 'open';
CREATE UNIQUE INDEX listing_reports_one_open_per_reporter ON listing_reports (listing_id, reporter_id) WHERE status = 'open';

CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC);
CREATE INDEX audit_log_subject_idx ON audit_log (subject_type, subject_id);
CREATE INDEX government_ids_pending_idx ON government_ids (created_at) WHERE status = 'pending';

-- The last run of each background job (mail outbox, booking lifecycle, realtime prune, …), written by
-- every instance that runs it, for the console's operations view.
CREATE TABLE job_runs (
  name text PRIMARY KEY,
  last_run_at timestamptz NOT NULL,
  last_ok_at timestamptz,
  last_error text,
  runs bigint NOT NULL DEFAULT 1
);

-- The support inbox: contact-form messages and the questions the support bot could not answer, each
-- open until an admin answers it (the reply goes out by e-mail through the outbox).
ALTER TABLE contact_messages
  ADD COLUMN status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered')),
  ADD COLUMN reply text CHECK (char_length(reply) <= 5000),
  ADD COLUMN answered_by uuid REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN answered_at timestamptz;
CREATE INDEX contact_messages_open_idx ON contact_messages (created_at) WHERE status = 'open';

CREATE TABLE support_questions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  question text NOT NULL CHECK (char_length(question) BETWEEN 1 AND 2000),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered')),
  reply text CHECK (char_length(reply) <= 5000),
  answered_by uuid REFERENCES users(id) ON DELETE SET NULL,
  answered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_questions_open_idx ON support_questions (created_at) WHERE status = 'open';
