-- The results a later request may reuse (reuse: true): one row an account and terms (model version, normalised parameters,
-- seed, input files by content hash), naming the items made and the provider that made them. Only results of offers whose
-- provider is deterministic for a seed are kept here.
CREATE TABLE reusable_results (
    account_id VARCHAR(64)   NOT NULL,
    terms      VARCHAR(64)   NOT NULL,
    media_ids  VARCHAR(4000) NOT NULL,
    provider   VARCHAR(64)   NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (account_id, terms)
);
