-- Keys get a name, scopes (space-separated; null = every scope), an expiry, the time they were last used
-- (written in batches, not per request) and a spend cap; accounts get a spend cap. Caps are JSON of
-- {daily, monthly} in US dollars; null = no cap.
ALTER TABLE api_keys ADD COLUMN name VARCHAR(200);
ALTER TABLE api_keys ADD COLUMN scopes VARCHAR(200);
ALTER TABLE api_keys ADD COLUMN expires_at TIMESTAMP WITH TIME ZONE;
ALTER TABLE api_keys ADD COLUMN last_used_at TIMESTAMP WITH TIME ZONE;
ALTER TABLE api_keys ADD COLUMN budget VARCHAR(200);
ALTER TABLE accounts ADD COLUMN budget VARCHAR(200);
