-- Batch lines sent through a provider's own batch API (OpenAI Batch, Gemini batch mode). A line's job parks here while the
-- provider works (its state a row, never a thread): waiting to be sent, in a provider batch, then answered (the provider's
-- answer kept until the job has used it) or returned (the provider made nothing for it: the job runs as one of its own).
CREATE TABLE provider_batch_items (
    job_id         VARCHAR(64)   PRIMARY KEY,
    batch_id       VARCHAR(64)   NOT NULL,
    provider       VARCHAR(64)   NOT NULL,
    model          VARCHAR(256)  NOT NULL,
    upstream_model VARCHAR(256)  NOT NULL,
    body           TEXT          NOT NULL,
    state          VARCHAR(16)   NOT NULL,
    group_id       VARCHAR(64),
    answer         TEXT,
    error          VARCHAR(4000),
    created_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at     TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX provider_batch_items_waiting ON provider_batch_items (state, provider, model, upstream_model, created_at);
CREATE INDEX provider_batch_items_group ON provider_batch_items (group_id);
CREATE INDEX provider_batch_items_batch ON provider_batch_items (batch_id, state);

-- One batch at a provider: made here first (submitting, under its own id, which the provider keeps in the batch's
-- metadata or display name so that one made just before a crash is found, never made twice), then submitted (the
-- provider's id), then collected.
CREATE TABLE provider_batches (
    id             VARCHAR(64)   PRIMARY KEY,
    provider       VARCHAR(64)   NOT NULL,
    model          VARCHAR(256)  NOT NULL,
    upstream_model VARCHAR(256)  NOT NULL,
    upstream_id    VARCHAR(256),
    state          VARCHAR(16)   NOT NULL,
    upstream_state VARCHAR(64),
    lines          INTEGER       NOT NULL,
    created_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    submitted_at   TIMESTAMP WITH TIME ZONE,
    looked_at      TIMESTAMP WITH TIME ZONE,
    ended_at       TIMESTAMP WITH TIME ZONE
);
CREATE INDEX provider_batches_state ON provider_batches (state, looked_at);

-- How a dispatched batch line is made: null, a job of its own (counted against the running limits); provider, through
-- its provider's batch API (the provider's batch limits apply, not ours).
ALTER TABLE batch_lines ADD COLUMN via VARCHAR(16);
