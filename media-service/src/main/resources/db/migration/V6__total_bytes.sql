-- Bytes of every object of an item (a video's renditions, thumbnail, ...): what counts against the quota.
ALTER TABLE media ADD COLUMN total_bytes BIGINT;
UPDATE media SET total_bytes = bytes WHERE total_bytes IS NULL;
CREATE INDEX media_status_expires ON media (status, expires_at);
