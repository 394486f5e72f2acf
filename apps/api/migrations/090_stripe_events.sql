-- Stripe webhooks: the ids of the events already applied to the payments ledger. Stripe delivers an
-- event at least once and in no set order; an id seen before changes nothing (DESIGN section 5).
CREATE TABLE stripe_events (
  id text PRIMARY KEY CHECK (char_length(id) <= 255),
  type text NOT NULL CHECK (char_length(type) <= 100),
  received_at timestamptz NOT NULL DEFAULT now()
);

-- webhooks find the ledger lines of a payment intent by its id
CREATE INDEX payments_provider_ref_idx ON payments (provider_ref) WHERE provider_ref IS NOT NULL;
