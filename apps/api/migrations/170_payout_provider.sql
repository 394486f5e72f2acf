-- Which payment provider's money a payout request is from: the provider the server ran when the host
-- asked for it. A payout under the simulated provider is no real money and is marked so wherever it
-- shows (GET host/earnings, the console's payouts). Requests made before this are read from the host's
-- payments: simulated unless one of the host's bookings was paid through a real provider.
-- A new provider (issue 19) joins this list as it joins payments.provider's.
ALTER TABLE host_payouts ADD COLUMN payment_provider text CHECK (payment_provider IN ('simulated', 'stripe'));
UPDATE host_payouts p
   SET payment_provider = COALESCE(
     (SELECT pm.provider FROM payments pm JOIN bookings b ON b.id = pm.booking_id JOIN listings l ON l.id = b.listing_id
       WHERE l.host_id = p.host_id AND pm.provider <> 'simulated' AND pm.status = 'succeeded' LIMIT 1),
     'simulated');
ALTER TABLE host_payouts ALTER COLUMN payment_provider SET NOT NULL;
