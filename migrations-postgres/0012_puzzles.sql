-- Puzzles (issue 53), as in migrations/0015_puzzles.sql of the SQLite store: each attempt a member makes at a
-- puzzle, kept as data (which puzzle, the tiles down in notation, actions, hints, when started and solved).
CREATE TABLE puzzle_attempts (
    id          BIGSERIAL PRIMARY KEY,
    user_id     BIGINT NOT NULL,
    name        TEXT NOT NULL,
    guild_id    BIGINT,
    kind        TEXT NOT NULL,
    spec        TEXT NOT NULL,
    state       TEXT NOT NULL,
    actions     BIGINT NOT NULL,
    hints       BIGINT NOT NULL,
    started_at  BIGINT NOT NULL,
    solved_at   BIGINT,
    score       BIGINT,
    open        BOOLEAN NOT NULL
);
CREATE INDEX puzzle_attempts_open ON puzzle_attempts (user_id, open);
CREATE INDEX puzzle_attempts_finished ON puzzle_attempts (guild_id, kind, spec, solved_at);
