-- /metrics counts the mail that failed for good at every scrape: through this small partial index,
-- never by reading the whole outbox, which keeps every mail ever sent (modules/metrics/metrics.repository.ts).
CREATE INDEX email_outbox_failed_idx ON email_outbox (created_at) WHERE status = 'failed';
