-- GST identities (docs/decisions/030-gst-identities-and-statements.md): the GSTIN and registered name a
-- host enters (their parking charge becomes a tax invoice instead of a bill of supply) and the one a
-- driver enters (printed on their invoices for the input credit). One row per user and role: a host who
-- also books may want a business invoice under another registration, or none.
CREATE TABLE tax_identities (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('host', 'driver')),
  -- normalised and checked (format, state code, check character) before it is written
  gstin text NOT NULL CHECK (gstin ~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$'),
  legal_name text NOT NULL CHECK (char_length(legal_name) BETWEEN 2 AND 100),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, role)
);
