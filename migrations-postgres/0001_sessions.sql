-- The Postgres schema: the same tables as the SQLite store's (migrations/), for several instances sharing one
-- database. A session is a challenge that may become a game; a game is its setup and its move list.
-- Discord ids (u64) are stored as BIGINT with the same bits.
CREATE TABLE sessions (
    id          BIGSERIAL PRIMARY KEY,
    channel_id  BIGINT  NOT NULL,
    guild_id    BIGINT,
    game        TEXT    NOT NULL,
    variant     TEXT    NOT NULL,
    seed        BIGINT  NOT NULL,
    -- JSON array of {"id", "name", "accepted", "level"?} in seat order.
    players     TEXT    NOT NULL,
    challenger  BIGINT  NOT NULL,
    -- 'challenge', 'playing', or a closed state: 'finished', 'declined', 'withdrawn', 'expired', 'aborted'.
    state       TEXT    NOT NULL,
    -- Number of moves stored; a move is appended only against the version it was checked on.
    version     BIGINT  NOT NULL DEFAULT 0,
    result      TEXT,
    created_at  BIGINT  NOT NULL,
    expires_at  BIGINT  NOT NULL,
    updated_at  BIGINT  NOT NULL,
    -- The message that shows a challenge, once the adapter knows it.
    message_id  BIGINT
);

-- One open challenge or game per channel.
CREATE UNIQUE INDEX sessions_one_open_per_channel ON sessions (channel_id) WHERE state IN ('challenge', 'playing');
-- The expiry task looks for open challenges by their deadline.
CREATE INDEX sessions_challenges_by_expiry ON sessions (expires_at) WHERE state = 'challenge';

CREATE TABLE moves (
    session_id  BIGINT  NOT NULL REFERENCES sessions (id),
    ply         BIGINT  NOT NULL,
    seat        BIGINT  NOT NULL,
    notation    TEXT    NOT NULL,
    played_at   BIGINT  NOT NULL,
    PRIMARY KEY (session_id, ply)
);
