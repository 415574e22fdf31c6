CREATE TABLE charges (
    job_id      VARCHAR(64)    PRIMARY KEY,
    user_id     VARCHAR(64)    NOT NULL,
    kind        VARCHAR(16)    NOT NULL,
    status      VARCHAR(16)    NOT NULL,
    model       VARCHAR(260),
    provider    VARCHAR(64),
    price       NUMERIC(18, 6) NOT NULL,
    items       INTEGER        NOT NULL,
    occurred_at TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX charges_user_time ON charges (user_id, occurred_at);
