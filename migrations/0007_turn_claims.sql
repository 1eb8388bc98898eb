-- A claim on the computer's turn of a game: the version (move count) it is for and when it lapses (clock
-- seconds). Only the process holding an unexpired claim thinks, so instances sharing a database never both search
-- the same turn, and the turn of an instance that died is picked up once its claim lapses.
ALTER TABLE sessions ADD COLUMN claim_version INTEGER;
ALTER TABLE sessions ADD COLUMN claim_until INTEGER;
-- Which process holds it (a random number each process draws at start); it may claim again at once.
ALTER TABLE sessions ADD COLUMN claim_by INTEGER;
