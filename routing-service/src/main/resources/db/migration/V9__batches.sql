-- Batches (OpenAI's Batch API for media): a batch and its lines, each line a generation job once it is dispatched.
-- A line is keyed by its batch and its number in the input file: it is dispatched once (its job id is written in the
-- same transaction as the outbox row that sends it), and its job runs once (jobs are idempotent on their id).
CREATE TABLE batches (
    id                VARCHAR(64)   PRIMARY KEY,
    user_id           VARCHAR(64)   NOT NULL,
    key_id            VARCHAR(64),
    tier              VARCHAR(16)   NOT NULL,
    endpoint          VARCHAR(64)   NOT NULL,
    input_file_id     VARCHAR(64)   NOT NULL,
    completion_window VARCHAR(16)   NOT NULL,
    status            VARCHAR(16)   NOT NULL,
    metadata          VARCHAR(20000),
    webhook_url       VARCHAR(2048),
    budget            NUMERIC(18, 8),
    spent             NUMERIC(18, 8) NOT NULL,
    errors            VARCHAR(100000),
    total             INTEGER       NOT NULL,
    completed         INTEGER       NOT NULL,
    failed            INTEGER       NOT NULL,
    output_file_id    VARCHAR(64),
    error_file_id     VARCHAR(64),
    created_at        TIMESTAMP WITH TIME ZONE NOT NULL,
    in_progress_at    TIMESTAMP WITH TIME ZONE,
    expires_at        TIMESTAMP WITH TIME ZONE NOT NULL,
    finalizing_at     TIMESTAMP WITH TIME ZONE,
    completed_at      TIMESTAMP WITH TIME ZONE,
    failed_at         TIMESTAMP WITH TIME ZONE,
    expired_at        TIMESTAMP WITH TIME ZONE,
    cancelling_at     TIMESTAMP WITH TIME ZONE,
    cancelled_at      TIMESTAMP WITH TIME ZONE
);
CREATE INDEX batches_user_created ON batches (user_id, created_at, id);
CREATE INDEX batches_status ON batches (status);

CREATE TABLE batch_lines (
    batch_id    VARCHAR(64)      NOT NULL,
    line        INTEGER          NOT NULL,
    custom_id   VARCHAR(512)     NOT NULL,
    status      VARCHAR(16)      NOT NULL,
    job_id      VARCHAR(64),
    request     VARCHAR(1000000),
    response    VARCHAR(1000000),
    request_id  VARCHAR(64),
    worst       NUMERIC(18, 8),
    PRIMARY KEY (batch_id, line)
);
CREATE INDEX batch_lines_status ON batch_lines (batch_id, status, line);
CREATE INDEX batch_lines_job ON batch_lines (job_id);
