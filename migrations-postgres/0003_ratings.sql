-- Ratings and the history of finished games: the SQLite store's migration 0005, in Postgres types.

-- Whether the challenge was rated (`rated:false`); whether a finished game was rated is in `results` (not when
-- it was too short or against the computer).
ALTER TABLE sessions ADD COLUMN rated BOOLEAN NOT NULL DEFAULT TRUE;

-- The result of each finished game, in the order results were recorded (ratings follow that order, and so does a
-- rebuild). `places` is a JSON array of each seat's place, 1 for the first; tied players share a place.
CREATE TABLE results (
    session_id  BIGINT  PRIMARY KEY REFERENCES sessions (id),
    seq         BIGINT  NOT NULL UNIQUE,
    game        TEXT    NOT NULL,
    guild_id    BIGINT,
    rated       BOOLEAN NOT NULL,
    places      TEXT    NOT NULL,
    ended_at    BIGINT  NOT NULL
);

-- Each player of each finished game, for `/history`: newest first per member and server (and game).
CREATE TABLE game_players (
    session_id  BIGINT  NOT NULL REFERENCES sessions (id),
    seat        BIGINT  NOT NULL,
    user_id     BIGINT  NOT NULL,
    name        TEXT    NOT NULL,
    place       BIGINT  NOT NULL,
    game        TEXT    NOT NULL,
    -- 0 outside servers.
    guild_id    BIGINT  NOT NULL,
    seq         BIGINT  NOT NULL,
    ended_at    BIGINT  NOT NULL,
    PRIMARY KEY (session_id, seat)
);
CREATE INDEX game_players_history ON game_players (user_id, guild_id, seq DESC);
CREATE INDEX game_players_history_by_game ON game_players (user_id, guild_id, game, seq DESC);

-- A player's rating in a game on one server (`guild_id`) or across all of them (`guild_id` 0).
CREATE TABLE ratings (
    game        TEXT    NOT NULL,
    guild_id    BIGINT  NOT NULL,
    user_id     BIGINT  NOT NULL,
    name        TEXT    NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    games       BIGINT  NOT NULL,
    wins        BIGINT  NOT NULL,
    draws       BIGINT  NOT NULL,
    losses      BIGINT  NOT NULL,
    updated_at  BIGINT  NOT NULL,
    PRIMARY KEY (game, guild_id, user_id)
);
CREATE INDEX ratings_leaderboard ON ratings (game, guild_id, rating DESC);

-- Every rating change, for the leaderboard's trend.
CREATE TABLE rating_history (
    id          BIGSERIAL PRIMARY KEY,
    session_id  BIGINT  NOT NULL REFERENCES sessions (id),
    game        TEXT    NOT NULL,
    guild_id    BIGINT  NOT NULL,
    user_id     BIGINT  NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    at          BIGINT  NOT NULL
);
CREATE INDEX rating_history_by_player ON rating_history (game, guild_id, user_id, id DESC);
