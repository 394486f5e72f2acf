-- The admin's reason when an ID document is not accepted (shown to the user, who can upload again).
ALTER TABLE government_ids ADD COLUMN review_reason text CHECK (char_length(review_reason) <= 1000);
-- The console's ID queue lists the newest upload first within a status and finds a user's documents.
CREATE INDEX government_ids_status_idx ON government_ids (status, created_at);
