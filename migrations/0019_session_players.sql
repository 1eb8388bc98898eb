-- Who sits in which session, by member id, for `/games` (issue 54): an index that lists a member's sessions
-- without reading every session's players. Rows are added whenever a session's players are written (created,
-- accepted, a seat taken over) and never removed: the reader checks the session's own players, so a member who
-- left a seat is not listed. Filled here from the sessions stored before.
CREATE TABLE session_players (
    session_id  INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    PRIMARY KEY (session_id, user_id)
);
CREATE INDEX session_players_user ON session_players (user_id, session_id);
INSERT OR IGNORE INTO session_players (session_id, user_id)
    SELECT s.id, CAST(json_extract(p.value, '$.id') AS INTEGER) FROM sessions s, json_each(s.players) p;
