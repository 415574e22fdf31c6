-- The media an edit or variation was made from (comma-separated ids, in the order sent; mask last).
ALTER TABLE media ADD COLUMN sources VARCHAR(1400);
