-- PAYMENT_PROVIDER=razorpay (docs/decisions/032-razorpay-payments.md): Razorpay's money in the ledger, a
-- payout request made while the server takes payments through Razorpay, and (in time) a payment method
-- Razorpay keeps. Every CHECK that names the providers names it too (the constraints' names are
-- PostgreSQL's defaults, the same on PGlite).
ALTER TABLE payments DROP CONSTRAINT payments_provider_check;
ALTER TABLE payments ADD CONSTRAINT payments_provider_check CHECK (provider IN ('simulated', 'stripe', 'razorpay'));

ALTER TABLE payment_methods DROP CONSTRAINT payment_methods_provider_check;
ALTER TABLE payment_methods ADD CONSTRAINT payment_methods_provider_check CHECK (provider IN ('simulated', 'stripe', 'razorpay'));

ALTER TABLE host_payouts DROP CONSTRAINT host_payouts_payment_provider_check;
ALTER TABLE host_payouts ADD CONSTRAINT host_payouts_payment_provider_check CHECK (payment_provider IN ('simulated', 'stripe', 'razorpay'));
