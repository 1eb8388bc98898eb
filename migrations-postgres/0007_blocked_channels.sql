-- The channels where games may not be started while every other channel allows them, as in
-- migrations/0010_blocked_channels.sql of the SQLite store.
ALTER TABLE server_settings ADD COLUMN blocked_channels TEXT;
