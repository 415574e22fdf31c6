-- A job's events, numbered 1, 2, ... per job (jobs.events counts them, raised under the job row's lock in the
-- transaction that writes one), kept for the job's lifetime: whoever follows a job reconnects and gets what it missed.
ALTER TABLE jobs ADD COLUMN events INTEGER DEFAULT 0 NOT NULL;
CREATE TABLE job_events (
    job_id  VARCHAR(64)      NOT NULL,
    seq     INTEGER          NOT NULL,
    kind    VARCHAR(24)      NOT NULL,
    data    VARCHAR(1000000) NOT NULL,
    at      BIGINT           NOT NULL,
    PRIMARY KEY (job_id, seq)
);
