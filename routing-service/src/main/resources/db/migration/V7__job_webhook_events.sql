-- Where a job's events are delivered and which kinds (comma-separated wire names; null: its completion or failure),
-- read by the transaction that records each event.
ALTER TABLE jobs ADD COLUMN webhook_url VARCHAR(2048);
ALTER TABLE jobs ADD COLUMN webhook_events VARCHAR(300);
