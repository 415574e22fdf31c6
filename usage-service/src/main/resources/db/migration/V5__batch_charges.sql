-- The batch a charge's job was a line of (null for every other job), so that a batch's spend shows apart.
ALTER TABLE charges ADD COLUMN batch_id VARCHAR(64);
