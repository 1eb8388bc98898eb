//! [`SettingsStore`] over SQL: one body for SQLite and Postgres (the `server_settings` table of
//! `migrations/0008_server_settings.sql` and `migrations-postgres/0005_server_settings.sql`, with the
//! `blocked_channels` of `migrations/0010_blocked_channels.sql` and `migrations-postgres/0007_blocked_channels.sql`,
//! and the `threads`
//! and `notify` tables of the clocks migrations). Numbered `$n` placeholders, as in `sessions_sql.rs`; flags are
//! booleans (SQLite stores them as 0 and 1 and reads them back as booleans).

use sqlx::Row;

use super::StoreError;
use super::settings::{DigestRow, ServerSettings, SettingsStore};
use super::sql::{Backend, SqlStore};

/// The channel list as stored: a JSON array, `NULL` for every channel.
fn channels_column(channels: &[u64]) -> Option<String> {
    (!channels.is_empty()).then(|| serde_json::to_string(channels).unwrap_or_default())
}

fn channels_of(guild: u64, column: Option<String>) -> Result<Vec<u64>, StoreError> {
    match column {
        None => Ok(Vec::new()),
        Some(json) => serde_json::from_str(&json)
            .map_err(|_| StoreError::Corrupt(format!("server {guild}: unreadable channel list"))),
    }
}

/// The implementation for both databases.
#[async_trait::async_trait]
impl<DB> SettingsStore for SqlStore<DB>
where
    DB: Backend,
    for<'c> &'c mut DB::Connection: sqlx::Executor<'c, Database = DB>,
    DB::Arguments: sqlx::IntoArguments<DB>,
    for<'q> i64: sqlx::Encode<'q, DB> + sqlx::Decode<'q, DB> + sqlx::Type<DB>,
    for<'q> Option<i64>: sqlx::Encode<'q, DB> + sqlx::Decode<'q, DB> + sqlx::Type<DB>,
    for<'q> bool: sqlx::Encode<'q, DB> + sqlx::Decode<'q, DB> + sqlx::Type<DB>,
    for<'q> Option<bool>: sqlx::Encode<'q, DB> + sqlx::Decode<'q, DB> + sqlx::Type<DB>,
    for<'q> f64: sqlx::Encode<'q, DB> + sqlx::Decode<'q, DB> + sqlx::Type<DB>,
    for<'q> String: sqlx::Encode<'q, DB> + sqlx::Decode<'q, DB> + sqlx::Type<DB>,
    for<'q> Option<String>: sqlx::Encode<'q, DB> + sqlx::Decode<'q, DB> + sqlx::Type<DB>,
    for<'q> &'q str: sqlx::Encode<'q, DB> + sqlx::Decode<'q, DB> + sqlx::Type<DB>,
    for<'q> Option<&'q str>: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    for<'a> &'a str: sqlx::ColumnIndex<DB::Row>,
    usize: sqlx::ColumnIndex<DB::Row>,
{
    async fn server_settings(&self, guild: u64) -> Result<ServerSettings, StoreError> {
        self.guarded(async move {
            let row = sqlx::query("SELECT * FROM server_settings WHERE guild_id = $1")
                .bind(guild as i64)
                .fetch_optional(&self.pool)
                .await?;
            let Some(row) = row else { return Ok(ServerSettings::default()) };
            Ok(ServerSettings {
                language: row.get("language"),
                channels: channels_of(guild, row.get("channels"))?,
                blocked: channels_of(guild, row.get("blocked_channels"))?,
                games_in_threads: row.get("games_in_threads"),
                default_clock: row.get("default_clock"),
                challenge_expiry: row.get("challenge_expiry"),
                organiser_role: row.get::<Option<i64>, _>("organiser_role").map(|r| r as u64),
                daily_channel: row.get::<Option<i64>, _>("daily_channel").map(|c| c as u64),
                daily_hour: row.get::<Option<i64>, _>("daily_hour").and_then(|h| u8::try_from(h).ok()),
                daily_since: row.get("daily_since"),
            })
        })
        .await
    }

    async fn put_server_settings(&self, guild: u64, s: &ServerSettings, now: i64) -> Result<(), StoreError> {
        self.guarded(async move {
            sqlx::query(
                "INSERT INTO server_settings (guild_id, language, channels, games_in_threads, default_clock, \
                 challenge_expiry, updated_at, blocked_channels, organiser_role, daily_channel, daily_hour, \
                 daily_since) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON \
                 CONFLICT (guild_id) DO UPDATE SET language = excluded.language, channels = excluded.channels, \
                 games_in_threads = excluded.games_in_threads, default_clock = excluded.default_clock, \
                 challenge_expiry = excluded.challenge_expiry, updated_at = excluded.updated_at, \
                 blocked_channels = excluded.blocked_channels, organiser_role = excluded.organiser_role, \
                 daily_channel = excluded.daily_channel, daily_hour = excluded.daily_hour, \
                 daily_since = excluded.daily_since",
            )
            .bind(guild as i64)
            .bind(&s.language)
            .bind(channels_column(&s.channels))
            .bind(s.games_in_threads)
            .bind(&s.default_clock)
            .bind(s.challenge_expiry)
            .bind(now)
            .bind(channels_column(&s.blocked))
            .bind(s.organiser_role.map(|r| r as i64))
            .bind(s.daily_channel.map(|c| c as i64))
            .bind(s.daily_hour.map(i64::from))
            .bind(s.daily_since)
            .execute(&self.pool)
            .await?;
            Ok(())
        })
        .await
    }

    async fn thread_parent(&self, channel: u64) -> Result<Option<u64>, StoreError> {
        self.guarded(async move {
            let row = sqlx::query("SELECT parent_id FROM threads WHERE channel_id = $1")
                .bind(channel as i64)
                .fetch_optional(&self.pool)
                .await?;
            Ok(row.map(|r| r.get::<i64, _>(0) as u64))
        })
        .await
    }

    async fn set_notify_dm(&self, user: u64, dm: bool) -> Result<(), StoreError> {
        self.guarded(async move {
            sqlx::query(
                "INSERT INTO notify (user_id, dm) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET dm = excluded.dm",
            )
            .bind(user as i64)
            .bind(dm)
            .execute(&self.pool)
            .await?;
            Ok(())
        })
        .await
    }

    async fn notify_dm(&self, user: u64) -> Result<bool, StoreError> {
        self.guarded(async move {
            let row = sqlx::query("SELECT dm FROM notify WHERE user_id = $1")
                .bind(user as i64)
                .fetch_optional(&self.pool)
                .await?;
            Ok(row.is_some_and(|r| r.get::<bool, _>(0)))
        })
        .await
    }

    async fn set_digest(&self, user: u64, hour: Option<u8>, lang: &str, now: i64) -> Result<(), StoreError> {
        self.guarded(async move {
            match hour {
                Some(hour) => {
                    sqlx::query(
                        "INSERT INTO digests (user_id, hour, since, last_day, lang) VALUES ($1, $2, $3, NULL, $4) \
                         ON CONFLICT (user_id) DO UPDATE SET hour = excluded.hour, since = excluded.since, \
                         lang = excluded.lang",
                    )
                    .bind(user as i64)
                    .bind(i64::from(hour))
                    .bind(now)
                    .bind(lang)
                    .execute(&self.pool)
                    .await?;
                }
                None => {
                    sqlx::query("DELETE FROM digests WHERE user_id = $1").bind(user as i64).execute(&self.pool).await?;
                }
            }
            Ok(())
        })
        .await
    }

    async fn digests(&self) -> Result<Vec<DigestRow>, StoreError> {
        self.guarded(async move {
            let rows =
                sqlx::query("SELECT user_id, hour, since, last_day, lang FROM digests ORDER BY user_id")
                    .fetch_all(&self.pool)
                    .await?;
            Ok(rows
                .iter()
                .map(|r| DigestRow {
                    user: r.get::<i64, _>("user_id") as u64,
                    hour: u8::try_from(r.get::<i64, _>("hour")).unwrap_or(0),
                    since: r.get("since"),
                    last_day: r.get("last_day"),
                    lang: r.get("lang"),
                })
                .collect())
        })
        .await
    }

    async fn claim_digest(&self, user: u64, day: i64) -> Result<bool, StoreError> {
        self.guarded(async move {
            let done = sqlx::query(
                "UPDATE digests SET last_day = $1 WHERE user_id = $2 AND (last_day IS NULL OR last_day < $1)",
            )
            .bind(day)
            .bind(user as i64)
            .execute(&self.pool)
            .await?;
            Ok(DB::rows_affected(&done) == 1)
        })
        .await
    }

    async fn add_thread(&self, channel: u64, parent: u64) -> Result<(), StoreError> {
        self.guarded(async move {
            sqlx::query(
                "INSERT INTO threads (channel_id, parent_id) VALUES ($1, $2) ON CONFLICT (channel_id) DO NOTHING",
            )
            .bind(channel as i64)
            .bind(parent as i64)
            .execute(&self.pool)
            .await?;
            Ok(())
        })
        .await
    }

    async fn schedule_archive(&self, channel: u64, at: i64) -> Result<(), StoreError> {
        self.guarded(async move {
            sqlx::query("UPDATE threads SET archive_at = $1 WHERE channel_id = $2")
                .bind(at)
                .bind(channel as i64)
                .execute(&self.pool)
                .await?;
            Ok(())
        })
        .await
    }

    async fn due_archives(&self, now: i64) -> Result<Vec<u64>, StoreError> {
        self.guarded(async move {
            let rows = sqlx::query(
                "SELECT channel_id FROM threads WHERE archive_at IS NOT NULL AND archive_at <= $1 ORDER BY archive_at",
            )
            .bind(now)
            .fetch_all(&self.pool)
            .await?;
            Ok(rows.iter().map(|r| r.get::<i64, _>(0) as u64).collect())
        })
        .await
    }

    async fn archived(&self, channel: u64) -> Result<(), StoreError> {
        self.guarded(async move {
            sqlx::query("UPDATE threads SET archive_at = NULL WHERE channel_id = $1")
                .bind(channel as i64)
                .execute(&self.pool)
                .await?;
            Ok(())
        })
        .await
    }
}
