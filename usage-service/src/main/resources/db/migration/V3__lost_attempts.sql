-- Provider spend for attempts that failed for us but that the provider bills (a call it received and went on
-- with after we stopped waiting). The caller is not charged for them; they are booked with the job, once.
CREATE TABLE lost_attempts (
    job_id      VARCHAR(64)    NOT NULL,
    attempt     INTEGER        NOT NULL,
    provider    VARCHAR(64)    NOT NULL,
    kind        VARCHAR(16)    NOT NULL,
    billed      NUMERIC(18, 6) NOT NULL,
    occurred_at TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (job_id, attempt)
);
CREATE INDEX lost_attempts_provider_time ON lost_attempts (provider, occurred_at);
