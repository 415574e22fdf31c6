-- The whole reading of an item's main file's Content Credentials, made once when the item was kept: what
-- GET /v1/media/{id}/provenance answers, without reading the file again. Kept apart from the media row so that
-- listings never load it.
CREATE TABLE media_provenance (
    media_id VARCHAR(64) NOT NULL PRIMARY KEY REFERENCES media(id) ON DELETE CASCADE,
    report   TEXT        NOT NULL
);
