-- Who sits in which session, by member id, for `/games` (issue 54), as in migrations/0019_session_players.sql of
-- the SQLite store: added whenever a session's players are written, never removed (the reader checks the
-- session's own players). Filled here from the sessions stored before.
CREATE TABLE session_players (
    session_id  BIGINT NOT NULL,
    user_id     BIGINT NOT NULL,
    PRIMARY KEY (session_id, user_id)
);
CREATE INDEX session_players_user ON session_players (user_id, session_id);
INSERT INTO session_players (session_id, user_id)
    SELECT s.id, (p.value->>'id')::BIGINT FROM sessions s, jsonb_array_elements(s.players::jsonb) p
    ON CONFLICT DO NOTHING;
