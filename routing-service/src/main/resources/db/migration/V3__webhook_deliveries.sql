-- Webhook deliveries, written in the transaction that finishes the job, so none is lost; sent and
-- retried with backoff by whichever routing replica claims them.
CREATE TABLE webhook_deliveries (
    id            VARCHAR(80)   PRIMARY KEY,
    job_id        VARCHAR(64)   NOT NULL,
    user_id       VARCHAR(64)   NOT NULL,
    url           VARCHAR(2048) NOT NULL,
    event         VARCHAR(40)   NOT NULL,
    payload       VARCHAR(1000000) NOT NULL,
    status        VARCHAR(16)   NOT NULL,
    attempts      INTEGER       NOT NULL,
    next_at       TIMESTAMP WITH TIME ZONE NOT NULL,
    claimed_until TIMESTAMP WITH TIME ZONE,
    last_error    VARCHAR(300),
    created_at    TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_at);
