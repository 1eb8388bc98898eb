-- Puzzles (issue 53): each attempt a member makes at a puzzle, kept as data: which puzzle (`kind`, and `spec`: the
-- size of a Discovery puzzle), where it stands (`state`: the tiles down, in notation), the actions and hints it
-- took, when it was started and solved. `open` is set while the member works on it (one at a time: starting
-- another closes it). `name` is how the member was named when they started it, for the tables (relabelled when
-- a member is forgotten).
CREATE TABLE puzzle_attempts (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER NOT NULL,
    name        TEXT NOT NULL,
    guild_id    INTEGER,
    kind        TEXT NOT NULL,
    spec        TEXT NOT NULL,
    state       TEXT NOT NULL,
    actions     INTEGER NOT NULL,
    hints       INTEGER NOT NULL,
    started_at  INTEGER NOT NULL,
    solved_at   INTEGER,
    score       INTEGER,
    open        INTEGER NOT NULL
);
CREATE INDEX puzzle_attempts_open ON puzzle_attempts (user_id, open);
CREATE INDEX puzzle_attempts_finished ON puzzle_attempts (guild_id, kind, spec, solved_at);
