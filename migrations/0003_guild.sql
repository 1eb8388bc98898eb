-- The server (Discord guild) a session belongs to, so that records and ratings are per server. NULL for sessions
-- stored before this column existed and for places that are not a server.
ALTER TABLE sessions ADD COLUMN guild_id INTEGER;
