-- Tactics (issue 53), as in migrations/0016_tactics.sql of the SQLite store: each tactic as data with its puzzle
-- rating, and each member's puzzle rating and streaks.
CREATE TABLE tactics (
    key         TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    body        TEXT NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    plays       BIGINT NOT NULL
);
CREATE INDEX tactics_rating ON tactics (game, rating);

CREATE TABLE puzzle_ratings (
    user_id     BIGINT PRIMARY KEY,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    solved      BIGINT NOT NULL,
    failed      BIGINT NOT NULL,
    streak      BIGINT NOT NULL,
    best_streak BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);

-- Members who let Tabula make tactics from their finished games (`/privacy tactics:true`); forgetting a member
-- removes their row.
CREATE TABLE tactic_sources (
    user_id     BIGINT PRIMARY KEY,
    since       BIGINT NOT NULL
);
