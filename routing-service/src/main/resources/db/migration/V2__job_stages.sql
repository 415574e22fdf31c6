-- Video jobs: the pipeline stage and progress, and where the waiting gateway wants its reply.
ALTER TABLE jobs ADD COLUMN stage VARCHAR(16);
ALTER TABLE jobs ADD COLUMN progress INTEGER DEFAULT 0 NOT NULL;
ALTER TABLE jobs ADD COLUMN reply_topic VARCHAR(255);
ALTER TABLE jobs ADD COLUMN reply_correlation VARCHAR(255);
