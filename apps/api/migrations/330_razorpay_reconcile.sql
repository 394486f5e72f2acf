-- Razorpay reconciliation (decisions 032 and 033, "Reconciliation"): a sweep asks Razorpay about
-- payment attempts and RazorpayX payouts whose webhook did not come. reconcile_at is when a row is
-- next looked at; the sweep's claim sets it (FOR UPDATE SKIP LOCKED, in one autocommitted statement),
-- so two instances never look at one row at once, and each row is asked about less often as it ages.
ALTER TABLE payments ADD COLUMN reconcile_at timestamptz;
ALTER TABLE host_payouts ADD COLUMN reconcile_at timestamptz;
-- what the sweep looks for: Razorpay attempts by age, payouts at RazorpayX still in flight
CREATE INDEX payments_razorpay_attempts_idx ON payments (created_at)
  WHERE provider = 'razorpay' AND kind IN ('charge', 'authorisation') AND status <> 'succeeded';
CREATE INDEX host_payouts_in_flight_idx ON host_payouts (requested_at)
  WHERE status = 'requested' AND provider_payout_id IS NOT NULL;
