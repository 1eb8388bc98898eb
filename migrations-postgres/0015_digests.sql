-- The daily digest (issue 54), as in migrations/0018_digests.sql of the SQLite store: members who asked get one
-- direct message a day at their hour (UTC) listing the games waiting for their move.
CREATE TABLE digests (
    user_id     BIGINT PRIMARY KEY,
    hour        BIGINT NOT NULL,
    since       BIGINT NOT NULL,
    last_day    BIGINT,
    lang        TEXT NOT NULL
);
