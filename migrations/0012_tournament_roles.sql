-- Tournaments, second step (issue 27): a role whose members may run tournaments (`/settings organiser_role:`),
-- an optional check-in in the last minutes before the start (opened once, by one instance: `open_check_in`
-- moves `check_in_open` from FALSE), and whether each entrant checked in.
ALTER TABLE server_settings ADD COLUMN organiser_role INTEGER;
ALTER TABLE tournaments ADD COLUMN check_in BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE tournaments ADD COLUMN check_in_open BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE tournament_entrants ADD COLUMN checked_in BOOLEAN NOT NULL DEFAULT FALSE;
