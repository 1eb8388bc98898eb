-- Whether a hint (`/hint`, issue 18) was used in a game: such a game no longer counts for ratings (`rated` is set
-- to 0 with it), and the notice that says so is posted once.
ALTER TABLE sessions ADD COLUMN hinted INTEGER NOT NULL DEFAULT 0;
