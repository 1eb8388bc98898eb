-- The channels where games may not be started while every other channel allows them (`/settings
-- disallow_channel:` with no allowed channels listed: "every channel but #x"), a JSON array like `channels`.
ALTER TABLE server_settings ADD COLUMN blocked_channels TEXT;
