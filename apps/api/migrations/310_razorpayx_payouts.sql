-- Hosts paid automatically through RazorpayX (docs/decisions/033-razorpayx-payouts.md).
--
-- Payout accounts: once the host's bank account or UPI ID is a RazorpayX fund account, its id is what
-- a payout needs and the full account number is no longer kept (only its last 4 digits). An account
-- saved before this keeps its number until its fund account is made (at the next save, or lazily by
-- the first payout), so no destination ever loses the ability to be paid; the database refuses a row
-- holding both.
ALTER TABLE host_payout_accounts ADD COLUMN fund_account_id text CHECK (fund_account_id ~ '^fa_[A-Za-z0-9]{14,40}$');
ALTER TABLE host_payout_accounts DROP CONSTRAINT host_payout_accounts_check;
ALTER TABLE host_payout_accounts ADD CONSTRAINT host_payout_accounts_method_check2 CHECK (
  (method = 'bank' AND account_holder IS NOT NULL AND account_last4 IS NOT NULL AND ifsc IS NOT NULL AND upi_id IS NULL
     AND (account_number IS NOT NULL OR fund_account_id IS NOT NULL))
  OR (method = 'upi' AND upi_id IS NOT NULL AND account_number IS NULL AND account_last4 IS NULL AND ifsc IS NULL)
);
ALTER TABLE host_payout_accounts ADD CONSTRAINT host_payout_accounts_number_dropped_check CHECK (fund_account_id IS NULL OR account_number IS NULL);

-- Payouts: the RazorpayX payout made for a request (its id and RazorpayX's last status), the fund
-- account it is paid to (the destination as it was when requested), the sender's claim (a lease, as
-- the push outbox's) and its attempts, and the failed payout an admin's retry repeats (once).
ALTER TABLE host_payouts ADD COLUMN fund_account_id text CHECK (fund_account_id ~ '^fa_[A-Za-z0-9]{14,40}$');
ALTER TABLE host_payouts ADD COLUMN provider_payout_id text UNIQUE CHECK (provider_payout_id ~ '^pout_[A-Za-z0-9]{14,40}$');
ALTER TABLE host_payouts ADD COLUMN provider_status text CHECK (char_length(provider_status) <= 30);
ALTER TABLE host_payouts ADD COLUMN send_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE host_payouts ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE host_payouts ADD COLUMN sending_until timestamptz;
ALTER TABLE host_payouts ADD COLUMN retry_of uuid UNIQUE REFERENCES host_payouts (id);
-- what the sender looks for: requested payouts not yet at RazorpayX
CREATE INDEX host_payouts_unsent_idx ON host_payouts (next_attempt_at) WHERE status = 'requested' AND provider_payout_id IS NULL;

-- When a host is paid without asking: 'manual' (they ask on /earning), 'weekly' (Mondays) or
-- 'monthly' (the 1st), on the host's clock. last_run_on is the host's local date the schedule last
-- ran (or was chosen): it runs again on the next due day after it, once.
CREATE TABLE host_payout_schedules (
  host_id uuid PRIMARY KEY REFERENCES users (id),
  frequency text NOT NULL DEFAULT 'manual' CHECK (frequency IN ('manual', 'weekly', 'monthly')),
  time_zone text NOT NULL DEFAULT 'Asia/Kolkata' CHECK (char_length(time_zone) BETWEEN 1 AND 64),
  last_run_on date NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX host_payout_schedules_due_idx ON host_payout_schedules (last_run_on) WHERE frequency <> 'manual';
