-- The daily puzzle (issue 53): a server may name a channel (`/settings daily_channel:`) where each day at its hour
-- (UTC) the bot posts the same puzzle for everyone. `daily_since` is when the channel or the hour was last set: the
-- first post comes at the next hour after it. Each post is a row of `daily_posts`, written before it is posted
-- (the key claims the day, so that one instance posts it), naming the puzzle as data: its kind and spec, as
-- `puzzle_attempts` names puzzles. The next day's post reads the attempts made since.
ALTER TABLE server_settings ADD COLUMN daily_channel INTEGER;
ALTER TABLE server_settings ADD COLUMN daily_hour INTEGER;
ALTER TABLE server_settings ADD COLUMN daily_since INTEGER;

CREATE TABLE daily_posts (
    guild_id    INTEGER NOT NULL,
    day         INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    kind        TEXT NOT NULL,
    spec        TEXT NOT NULL,
    posted_at   INTEGER NOT NULL,
    PRIMARY KEY (guild_id, day)
);
