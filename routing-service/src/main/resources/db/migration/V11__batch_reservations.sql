-- Whether the gateway reserved the lines' worst cases against the caller's spend caps: a line that never runs then ends
-- with a generation.events record, which gives its reservation back.
ALTER TABLE batches ADD COLUMN reserved BOOLEAN NOT NULL DEFAULT FALSE;
