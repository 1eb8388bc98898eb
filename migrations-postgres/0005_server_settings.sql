-- Each server's house rules (`/settings`, issue 17), as in migrations/0008_server_settings.sql of the SQLite
-- store. A column left NULL follows the bot's config (or, for the language, the server's own locale).
CREATE TABLE server_settings (
    guild_id          BIGINT PRIMARY KEY,
    -- The language of public messages: 'en', 'pt-BR', 'cs'; NULL follows Discord's server locale.
    language          TEXT,
    -- JSON array of the channel ids where games may be started; NULL allows every channel.
    channels          TEXT,
    -- Whether /play opens a thread when it does not say; NULL follows `games_in_threads`.
    games_in_threads  BOOLEAN,
    -- The clock's name (`10m`, `1h`, `1d`, `3d`, `7d`, `none`); NULL follows `default_clock`.
    default_clock     TEXT,
    -- Seconds a challenge waits for its answer; NULL follows `challenge_expiry_minutes`.
    challenge_expiry  BIGINT,
    updated_at        BIGINT NOT NULL
);
