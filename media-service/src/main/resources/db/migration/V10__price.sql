-- What making an item cost in USD (null for uploads and for items kept before this column).
ALTER TABLE media ADD COLUMN price NUMERIC(18, 6);
