-- Per-account limit overrides (Enterprise "custom" values), as JSON; null = the tier's defaults.
ALTER TABLE accounts ADD COLUMN limits VARCHAR(2000);
