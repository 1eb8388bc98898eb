-- The daily puzzle (issue 53), as in migrations/0017_daily_puzzle.sql of the SQLite store: a server may name a
-- channel (`/settings daily_channel:`) where each day at its hour (UTC) the bot posts the same puzzle for
-- everyone; `daily_since` is when the channel or the hour was last set; each post is a row of `daily_posts`,
-- written (claiming the day) before it is posted.
ALTER TABLE server_settings ADD COLUMN daily_channel BIGINT;
ALTER TABLE server_settings ADD COLUMN daily_hour BIGINT;
ALTER TABLE server_settings ADD COLUMN daily_since BIGINT;

CREATE TABLE daily_posts (
    guild_id    BIGINT NOT NULL,
    day         BIGINT NOT NULL,
    channel_id  BIGINT NOT NULL,
    kind        TEXT NOT NULL,
    spec        TEXT NOT NULL,
    posted_at   BIGINT NOT NULL,
    PRIMARY KEY (guild_id, day)
);
