-- Whether a hint (`/hint`, issue 18) was used in a game, as in migrations/0009_hints.sql of the SQLite store.
ALTER TABLE sessions ADD COLUMN hinted BOOLEAN NOT NULL DEFAULT FALSE;
