-- Clocks per move (issue 13), as in migrations/0004_clocks.sql of the SQLite store. One row per game with a clock state: the time each player has per move, the turn it
-- is for (the session's version when the turn began), the deadline of the player to move, the reminders already sent
-- for that turn, and the next time the background task must look at the game (a reminder or the deadline).
CREATE TABLE clocks (
    session_id   BIGINT PRIMARY KEY REFERENCES sessions (id),
    -- Seconds per move; NULL for a game without a clock (the players agreed to `none`).
    per_move     BIGINT,
    ply          BIGINT NOT NULL,
    turn_started BIGINT NOT NULL,
    -- NULL when nobody can run out of time (no clock, or the computer is to move).
    deadline     BIGINT,
    -- Reminders already sent for this turn: 0 none, 1 at half time, 2 near the deadline.
    reminded     BIGINT NOT NULL DEFAULT 0,
    next_at      BIGINT
);

-- The background task wakes at the smallest next_at and settles the rows due.
CREATE INDEX clocks_by_next ON clocks (next_at) WHERE next_at IS NOT NULL;

-- The one pending offer of a game (a draw, a takeback, an abort), valid for the turn it was made in.
CREATE TABLE offers (
    session_id  BIGINT PRIMARY KEY REFERENCES sessions (id),
    kind        TEXT    NOT NULL,
    by_user     BIGINT NOT NULL,
    ply         BIGINT NOT NULL,
    created_at  BIGINT NOT NULL,
    -- Random, named by the offer's buttons, so that the buttons of an older offer cannot answer a newer one.
    nonce       BIGINT NOT NULL
);

-- Members who asked for their reminders by direct message (`/notify dm:on`).
CREATE TABLE notify (
    user_id BIGINT PRIMARY KEY,
    dm      BOOLEAN NOT NULL
);

-- Threads Tabula opened for a game: archived `archive_at` (set when the game ends).
CREATE TABLE threads (
    channel_id BIGINT PRIMARY KEY,
    parent_id  BIGINT NOT NULL,
    archive_at BIGINT
);
CREATE INDEX threads_by_archive ON threads (archive_at) WHERE archive_at IS NOT NULL;
