-- A pass's mandate can stop (docs/decisions/045-razorpay-mandate-lifecycle.md): Razorpay's token.cancelled,
-- token.paused and token.rejected webhooks say its payer cancelled or paused it in their UPI app (or their bank
-- rejected it); token.confirmed for the same token says it is usable again (a pause ended). The renewal job does
-- not charge a mandate that is not 'active': the month waits on its driver, who sets up a new one through
-- Checkout (which replaces this row and makes it 'active' again).
ALTER TABLE pass_mandates
  ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'cancelled', 'rejected')),
  -- when Razorpay said so (its event's created_at): an older event delivered late does not undo a newer one
  ADD COLUMN status_at timestamptz;

-- the webhook finds the mandate by its token
CREATE INDEX pass_mandates_token_ref ON pass_mandates (token_ref);
