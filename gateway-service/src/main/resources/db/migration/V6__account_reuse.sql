-- Whether the account's seeded image requests reuse a stored result of the same terms by default (a request's own
-- "reuse" overrides it).
ALTER TABLE accounts ADD COLUMN reuse_results BOOLEAN NOT NULL DEFAULT FALSE;
