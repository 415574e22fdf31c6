-- Bytes each account keeps, one row per media item, from storage.events.
CREATE TABLE stored_media (
    media_id    VARCHAR(64)  PRIMARY KEY,
    user_id     VARCHAR(64)  NOT NULL,
    kind        VARCHAR(16)  NOT NULL,
    bytes       BIGINT       NOT NULL,
    stored_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    deleted_at  TIMESTAMP WITH TIME ZONE
);
CREATE INDEX stored_media_user ON stored_media (user_id);
