-- The model a job named (base/model, without its version), so the accounts that used a model lately can be told it is
-- going (lifecycle notices); jobs begun before this column existed have none and are not counted.
ALTER TABLE jobs ADD COLUMN model VARCHAR(200);
CREATE INDEX jobs_model_created ON jobs (model, created_at);
