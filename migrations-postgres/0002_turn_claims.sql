-- A claim on the computer's turn of a game: the version (move count) it is for and when it lapses (clock
-- seconds). Only the instance holding an unexpired claim thinks; a dead instance's claim lapses.
ALTER TABLE sessions ADD COLUMN claim_version BIGINT;
ALTER TABLE sessions ADD COLUMN claim_until BIGINT;
-- Which instance holds it (a random number each instance draws at start); it may claim again at once.
ALTER TABLE sessions ADD COLUMN claim_by BIGINT;
