-- How a game ended, as data (issue 50): what ended it, the seats concerned, a member who is no seat (who aborted
-- it, the organiser who decided it), the organiser's reason, and each seat's place (JSON arrays). No name is part
-- of it: sentences are made when a game is shown. `result` held an English sentence; the store converts every
-- such row once when it opens (`store::endings`) and empties the column.
ALTER TABLE sessions ADD COLUMN end_kind TEXT;
ALTER TABLE sessions ADD COLUMN end_seats TEXT;
ALTER TABLE sessions ADD COLUMN end_member INTEGER;
ALTER TABLE sessions ADD COLUMN end_reason TEXT;
ALTER TABLE sessions ADD COLUMN end_places TEXT;
-- The computer's level when it played the seat (the computer is a kind of seat, never a name).
ALTER TABLE game_players ADD COLUMN level INTEGER;
