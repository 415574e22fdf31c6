-- The files of a media item besides its main one: video renditions, HLS playlist and segments,
-- thumbnail and preview strip. Served at /files/{media_id}/{name}.
CREATE TABLE media_files (
    media_id    VARCHAR(64)  NOT NULL,
    name        VARCHAR(100) NOT NULL,
    role        VARCHAR(16)  NOT NULL,
    format      VARCHAR(16),
    codec       VARCHAR(16),
    size_label  VARCHAR(16),
    width       INTEGER,
    height      INTEGER,
    mime        VARCHAR(100) NOT NULL,
    bytes       BIGINT       NOT NULL,
    object_key  VARCHAR(300) NOT NULL,
    etag        VARCHAR(100) NOT NULL,
    PRIMARY KEY (media_id, name)
);
