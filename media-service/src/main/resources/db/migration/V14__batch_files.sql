-- Files of OpenAI's Files API (/v1/files): a batch's input (purpose batch) and, later, its output and error files
-- (purpose batch_output). The bytes are in the media bucket under files/; a row is removed with its object when the
-- file is deleted or expires.
CREATE TABLE batch_files (
    id         VARCHAR(64)  NOT NULL PRIMARY KEY,
    owner_id   VARCHAR(64)  NOT NULL,
    filename   VARCHAR(255) NOT NULL,
    purpose    VARCHAR(32)  NOT NULL,
    bytes      BIGINT       NOT NULL,
    line_count INTEGER      NOT NULL,
    object_key VARCHAR(300) NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE NOT NULL,
    expires_at TIMESTAMP WITH TIME ZONE
);

CREATE INDEX batch_files_owner_created ON batch_files (owner_id, created_at, id);
CREATE INDEX batch_files_expires ON batch_files (expires_at);
