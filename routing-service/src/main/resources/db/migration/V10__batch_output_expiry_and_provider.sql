-- OpenAI's output_expires_after: how many seconds a batch's output and error files are kept once made (null: as long
-- as any batch file, 30 days).
ALTER TABLE batches ADD COLUMN output_expires_after BIGINT;

-- The provider a dispatched line was routed to when it was dispatched (its first choice), so that no more than
-- mediagate.batches.per-provider lines of all batches run against one provider at once.
ALTER TABLE batch_lines ADD COLUMN provider VARCHAR(64);
CREATE INDEX batch_lines_running_by_provider ON batch_lines (provider, status);
