-- A result reused rather than made again (a seeded request with reuse): the item whose stored files it shares. Items sharing
-- files have the same object_key; the files go when the last of them does.
ALTER TABLE media ADD COLUMN reused_from VARCHAR(80);
CREATE INDEX media_object_key ON media (object_key);
