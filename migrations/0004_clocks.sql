-- Clocks per move (issue 13). One row per game with a clock state: the time each player has per move, the turn it
-- is for (the session's version when the turn began), the deadline of the player to move, the reminders already sent
-- for that turn, and the next time the background task must look at the game (a reminder or the deadline).
CREATE TABLE clocks (
    session_id   INTEGER PRIMARY KEY REFERENCES sessions (id),
    -- Seconds per move; NULL for a game without a clock (the players agreed to `none`).
    per_move     INTEGER,
    ply          INTEGER NOT NULL,
    turn_started INTEGER NOT NULL,
    -- NULL when nobody can run out of time (no clock, or the computer is to move).
    deadline     INTEGER,
    -- Reminders already sent for this turn: 0 none, 1 at half time, 2 near the deadline.
    reminded     INTEGER NOT NULL DEFAULT 0,
    next_at      INTEGER
);

-- The background task wakes at the smallest next_at and settles the rows due.
CREATE INDEX clocks_by_next ON clocks (next_at) WHERE next_at IS NOT NULL;

-- The one pending offer of a game (a draw, a takeback, an abort), valid for the turn it was made in.
CREATE TABLE offers (
    session_id  INTEGER PRIMARY KEY REFERENCES sessions (id),
    kind        TEXT    NOT NULL,
    by_user     INTEGER NOT NULL,
    ply         INTEGER NOT NULL,
    created_at  INTEGER NOT NULL,
    -- Random, named by the offer's buttons, so that the buttons of an older offer cannot answer a newer one.
    nonce       INTEGER NOT NULL
);

-- Members who asked for their reminders by direct message (`/notify dm:on`).
CREATE TABLE notify (
    user_id INTEGER PRIMARY KEY,
    dm      INTEGER NOT NULL
);

-- Threads Tabula opened for a game: archived `archive_at` (set when the game ends).
CREATE TABLE threads (
    channel_id INTEGER PRIMARY KEY,
    parent_id  INTEGER NOT NULL,
    archive_at INTEGER
);
CREATE INDEX threads_by_archive ON threads (archive_at) WHERE archive_at IS NOT NULL;
