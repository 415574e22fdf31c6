CREATE TABLE jobs (
    id          VARCHAR(64)  PRIMARY KEY,
    user_id     VARCHAR(64)  NOT NULL,
    kind        VARCHAR(16)  NOT NULL,
    status      VARCHAR(16)  NOT NULL,
    request     VARCHAR(1000000) NOT NULL,
    reply       VARCHAR(1000000),
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at  TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX jobs_user_created ON jobs (user_id, created_at DESC);
