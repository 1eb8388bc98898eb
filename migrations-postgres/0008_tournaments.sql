-- Tournaments (issue 27), as in migrations/0011_tournaments.sql of the SQLite store: one row each, its entrants, and its games by round and board (a bye is a game of one
-- seat without a session). `round` is the last round started: an instance starts round N only by moving it from
-- N - 1 (`claim_round`), so a round is started once, by one instance, after a restart too.
CREATE TABLE tournaments (
    id            BIGSERIAL PRIMARY KEY,
    guild_id      BIGINT NOT NULL,
    channel_id    BIGINT NOT NULL,
    organiser     BIGINT NOT NULL,
    game          TEXT NOT NULL,
    variant       TEXT NOT NULL,
    -- 'swiss', 'round-robin', 'knockout'
    format        TEXT NOT NULL,
    rounds        BIGINT NOT NULL,
    clock         TEXT NOT NULL,
    rated         BOOLEAN NOT NULL,
    max_players   BIGINT NOT NULL,
    mini_match    BOOLEAN NOT NULL,
    starts_at     BIGINT NOT NULL,
    -- Seconds a round may last before the next starts; NULL waits for every game to end.
    round_seconds BIGINT,
    winner_role   BIGINT,
    -- 'signup', 'running', 'paused', 'finished', 'cancelled'
    state         TEXT NOT NULL,
    round         BIGINT NOT NULL DEFAULT 0,
    round_due     BIGINT,
    message_id    BIGINT,
    created_at    BIGINT NOT NULL
);
CREATE INDEX tournaments_by_state ON tournaments (state, starts_at);

CREATE TABLE tournament_entrants (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    user_id       BIGINT NOT NULL,
    name          TEXT NOT NULL,
    rating        DOUBLE PRECISION NOT NULL,
    joined_at     BIGINT NOT NULL,
    withdrawn     BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (tournament_id, user_id)
);

CREATE TABLE tournament_games (
    tournament_id  BIGINT NOT NULL REFERENCES tournaments (id),
    round          BIGINT NOT NULL,
    board          BIGINT NOT NULL,
    -- JSON array of user ids by seat, seat 0 first
    seats          TEXT NOT NULL,
    session_id     BIGINT,
    -- JSON arrays per seat once decided: half points, and the game's own scores where it has them
    points         TEXT,
    scores         TEXT,
    over_the_board BOOLEAN NOT NULL DEFAULT TRUE,
    PRIMARY KEY (tournament_id, round, board)
);
CREATE INDEX tournament_games_by_session ON tournament_games (session_id);
