-- Tactics (issue 53): each tactic as data (`body`: the game, setup and moves to its position, its goal and
-- solution line, as JSON written by `games::tactic::Tactic`), with its puzzle rating (Glicko-2, moved by every
-- first attempt at it); and each member's puzzle rating, kept apart from their game ratings, with their streaks.
CREATE TABLE tactics (
    key         TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    body        TEXT NOT NULL,
    rating      REAL NOT NULL,
    deviation   REAL NOT NULL,
    volatility  REAL NOT NULL,
    plays       INTEGER NOT NULL
);
CREATE INDEX tactics_rating ON tactics (game, rating);

CREATE TABLE puzzle_ratings (
    user_id     INTEGER PRIMARY KEY,
    rating      REAL NOT NULL,
    deviation   REAL NOT NULL,
    volatility  REAL NOT NULL,
    solved      INTEGER NOT NULL,
    failed      INTEGER NOT NULL,
    streak      INTEGER NOT NULL,
    best_streak INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);

-- Members who let Tabula make tactics from their finished games (`/privacy tactics:true`); forgetting a member
-- removes their row.
CREATE TABLE tactic_sources (
    user_id     INTEGER PRIMARY KEY,
    since       INTEGER NOT NULL
);
