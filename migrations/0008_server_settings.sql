-- Each server's house rules (`/settings`, issue 17). A column left NULL follows the bot's config (or, for the
-- language, the server's own locale as Discord reports it).
CREATE TABLE server_settings (
    guild_id          INTEGER PRIMARY KEY,
    -- The language of public messages: 'en', 'pt-BR', 'cs'; NULL follows Discord's server locale.
    language          TEXT,
    -- JSON array of the channel ids where games may be started; NULL allows every channel.
    channels          TEXT,
    -- 1 or 0: whether /play opens a thread when it does not say; NULL follows `games_in_threads`.
    games_in_threads  INTEGER,
    -- The clock's name (`10m`, `1h`, `1d`, `3d`, `7d`, `none`); NULL follows `default_clock`.
    default_clock     TEXT,
    -- Seconds a challenge waits for its answer; NULL follows `challenge_expiry_minutes`.
    challenge_expiry  INTEGER,
    updated_at        INTEGER NOT NULL
);
