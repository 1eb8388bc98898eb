-- Forgetting a member (issue 29), as in migrations/0013_forgotten.sql of the SQLite store: each forget is logged,
-- in order, so that a running bot whose memory still holds the old name sees it within a sweep and forgets it too.
CREATE TABLE forgotten (
    seq BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL,
    label TEXT NOT NULL
);
