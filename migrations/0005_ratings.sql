-- Ratings and the history of finished games.

-- Whether the challenge was rated (`rated:false` makes it 0); whether a finished game was rated is in `results`
-- (not when it was too short or against the computer).
ALTER TABLE sessions ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;

-- The result of each finished game, in the order results were recorded (ratings are updated in that order, and a
-- rebuild replays them in the same order). `places` is a JSON array of each seat's place, 1 for the first; tied
-- players share a place.
CREATE TABLE results (
    session_id  INTEGER PRIMARY KEY REFERENCES sessions (id),
    seq         INTEGER NOT NULL UNIQUE,
    game        TEXT    NOT NULL,
    guild_id    INTEGER,
    rated       INTEGER NOT NULL,
    places      TEXT    NOT NULL,
    ended_at    INTEGER NOT NULL
);

-- Each player of each finished game, for `/history`: newest first per member and server (and game).
CREATE TABLE game_players (
    session_id  INTEGER NOT NULL REFERENCES sessions (id),
    seat        INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    place       INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    -- 0 outside servers.
    guild_id    INTEGER NOT NULL,
    seq         INTEGER NOT NULL,
    ended_at    INTEGER NOT NULL,
    PRIMARY KEY (session_id, seat)
);
CREATE INDEX game_players_history ON game_players (user_id, guild_id, seq DESC);
CREATE INDEX game_players_history_by_game ON game_players (user_id, guild_id, game, seq DESC);

-- A player's rating in a game, on one server (`guild_id`) or across all of them (`guild_id` 0), with the games
-- that made it. Glicko-2 keeps rating, deviation and volatility; Weng-Lin keeps its mean and uncertainty in the
-- first two.
CREATE TABLE ratings (
    game        TEXT    NOT NULL,
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    rating      REAL    NOT NULL,
    deviation   REAL    NOT NULL,
    volatility  REAL    NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    draws       INTEGER NOT NULL,
    losses      INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (game, guild_id, user_id)
);
CREATE INDEX ratings_leaderboard ON ratings (game, guild_id, rating DESC);

-- Every rating change, for the leaderboard's trend.
CREATE TABLE rating_history (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id  INTEGER NOT NULL REFERENCES sessions (id),
    game        TEXT    NOT NULL,
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    rating      REAL    NOT NULL,
    deviation   REAL    NOT NULL,
    at          INTEGER NOT NULL
);
CREATE INDEX rating_history_by_player ON rating_history (game, guild_id, user_id, id DESC);
