-- GST documents (docs/decisions/025-gst-invoices.md): tax invoices, bills of supply and credit notes,
-- each numbered in a gap-less series per issuer, kind and financial year (April to March), and frozen as
-- printed. Nothing writes here yet: issue 19 wires it into the transaction that confirms a booking.

-- One row per series: the last number given. The caller's transaction increments it and keeps the row
-- locked until it ends, so numbers are given in commit order and a rollback gives its number back: no
-- gaps, no duplicates, however many bookings confirm at once. host_id is the issuer: NULL for Parkly
-- (its service fee), a host for the parking charge Parkly issues on the host's behalf (GST wants one
-- series per supplier).
CREATE TABLE invoice_series (
  host_id uuid REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('invoice', 'bill_of_supply', 'credit_note')),
  -- the calendar year the financial year starts in: 2026 is 2026-27
  financial_year smallint NOT NULL CHECK (financial_year BETWEEN 2000 AND 2999),
  last_number integer NOT NULL CHECK (last_number > 0),
  CONSTRAINT invoice_series_key UNIQUE NULLS NOT DISTINCT (host_id, kind, financial_year)
);

CREATE TABLE invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id uuid NOT NULL REFERENCES bookings (id),
  host_id uuid REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('invoice', 'bill_of_supply', 'credit_note')),
  financial_year smallint NOT NULL CHECK (financial_year BETWEEN 2000 AND 2999),
  sequence integer NOT NULL CHECK (sequence > 0),
  -- as printed, e.g. PKI/2627/0000123 (GST allows at most 16 characters)
  number text NOT NULL CHECK (char_length(number) BETWEEN 1 AND 16),
  -- a credit note names the invoice (or bill of supply) it reduces
  credits_invoice_id uuid REFERENCES invoices (id),
  issued_at timestamptz NOT NULL DEFAULT now(),
  -- everything the PDF shows, as it was shown: parties, addresses, lines, taxes, words
  document jsonb NOT NULL CHECK (jsonb_typeof(document) = 'object'),
  CHECK ((kind = 'credit_note') = (credits_invoice_id IS NOT NULL)),
  CONSTRAINT invoices_sequence_key UNIQUE NULLS NOT DISTINCT (host_id, kind, financial_year, sequence),
  CONSTRAINT invoices_number_key UNIQUE NULLS NOT DISTINCT (host_id, number)
);
CREATE INDEX invoices_booking_idx ON invoices (booking_id, issued_at);
CREATE INDEX invoices_credits_idx ON invoices (credits_invoice_id) WHERE credits_invoice_id IS NOT NULL;

-- An issued document is never changed or removed: a mistake is corrected by a credit note.
CREATE FUNCTION parkly_invoices_immutable() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'an issued invoice cannot be changed or deleted' USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER invoices_immutable BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION parkly_invoices_immutable();
