CREATE TABLE accounts (
    id          VARCHAR(64)  PRIMARY KEY,
    name        VARCHAR(200) NOT NULL,
    tier        VARCHAR(16)  NOT NULL,
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL
);

CREATE TABLE api_keys (
    id          VARCHAR(64)  PRIMARY KEY,
    account_id  VARCHAR(64)  NOT NULL REFERENCES accounts (id),
    key_hash    VARCHAR(64)  NOT NULL UNIQUE,
    prefix      VARCHAR(16)  NOT NULL,
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    revoked_at  TIMESTAMP WITH TIME ZONE
);
CREATE INDEX api_keys_account ON api_keys (account_id);
