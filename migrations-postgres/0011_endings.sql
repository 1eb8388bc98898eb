-- How a game ended, as data (issue 50), as in migrations/0014_endings.sql of the SQLite store: what ended it, the
-- seats concerned, a member who is no seat, the organiser's reason, each seat's place. The store converts the
-- English sentences of `result` once when it connects and empties the column.
ALTER TABLE sessions ADD COLUMN end_kind TEXT;
ALTER TABLE sessions ADD COLUMN end_seats TEXT;
ALTER TABLE sessions ADD COLUMN end_member BIGINT;
ALTER TABLE sessions ADD COLUMN end_reason TEXT;
ALTER TABLE sessions ADD COLUMN end_places TEXT;
ALTER TABLE game_players ADD COLUMN level BIGINT;
