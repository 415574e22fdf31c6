CREATE TABLE media (
    id            VARCHAR(64)  PRIMARY KEY,
    owner_id      VARCHAR(64)  NOT NULL,
    kind          VARCHAR(16)  NOT NULL,
    mime          VARCHAR(100) NOT NULL,
    model         VARCHAR(200),
    model_slug    VARCHAR(260),
    provider      VARCHAR(64),
    provider_name VARCHAR(200),
    prompt        VARCHAR(4000),
    revised_prompt VARCHAR(4000),
    size_label    VARCHAR(32),
    duration_s    DOUBLE PRECISION,
    width         INTEGER,
    height        INTEGER,
    bytes         BIGINT       NOT NULL,
    object_key    VARCHAR(300) NOT NULL,
    etag          VARCHAR(100) NOT NULL,
    is_public     BOOLEAN      NOT NULL,
    status        VARCHAR(16)  NOT NULL,
    created_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    expires_at    TIMESTAMP WITH TIME ZONE
);

CREATE INDEX media_owner_created ON media (owner_id, created_at DESC);
CREATE INDEX media_public_created ON media (is_public, created_at DESC);
