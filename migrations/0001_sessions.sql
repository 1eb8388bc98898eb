-- A session is a challenge that may become a game. A game is stored as its setup (game, variant, seed, seats in
-- order) and its move list; loading replays the moves through the engine.
CREATE TABLE sessions (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    channel_id  INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    variant     TEXT    NOT NULL,
    seed        INTEGER NOT NULL,
    -- JSON array of {"id", "name", "accepted"} in seat order.
    players     TEXT    NOT NULL,
    challenger  INTEGER NOT NULL,
    -- 'challenge', 'playing', or a closed state: 'finished', 'declined', 'withdrawn', 'expired', 'aborted'.
    state       TEXT    NOT NULL,
    -- Number of moves stored; a move is appended only against the version it was checked on.
    version     INTEGER NOT NULL DEFAULT 0,
    result      TEXT,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);

-- One open challenge or game per channel.
CREATE UNIQUE INDEX sessions_one_open_per_channel ON sessions (channel_id) WHERE state IN ('challenge', 'playing');

CREATE TABLE moves (
    session_id  INTEGER NOT NULL REFERENCES sessions (id),
    ply         INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    notation    TEXT    NOT NULL,
    played_at   INTEGER NOT NULL,
    PRIMARY KEY (session_id, ply)
);
