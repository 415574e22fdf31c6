-- The prompt as searchable words: lower case, runs of anything but letters and digits turned into one
-- space, padded with a space at each end, so that a word matches as LIKE '% word %'.
ALTER TABLE media ADD COLUMN prompt_words VARCHAR(4100);
