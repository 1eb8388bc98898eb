//! [`SettingsStore`] over SQL: one body for SQLite and Postgres (the `server_settings` table of
//! `migrations/0008_server_settings.sql` and `migrations-postgres/0005_server_settings.sql`, and the `threads`
//! table of the clocks migration). Numbered `$n` placeholders, as in `clocks_sql.rs`; flags are booleans (SQLite
//! stores them as 0 and 1 and reads them back as booleans).

use sqlx::Row;

use super::settings::{ServerSettings, SettingsStore, channels_column, channels_of};
use super::{PgStore, SqliteStore, StoreError};

/// The implementation for one store.
macro_rules! settings_store {
    ($store:ty) => {
        impl SettingsStore for $store {
            async fn server_settings(&self, guild: u64) -> Result<ServerSettings, StoreError> {
                let row = sqlx::query("SELECT * FROM server_settings WHERE guild_id = $1")
                    .bind(guild as i64)
                    .fetch_optional(&self.pool)
                    .await?;
                let Some(row) = row else { return Ok(ServerSettings::default()) };
                Ok(ServerSettings {
                    language: row.get("language"),
                    channels: channels_of(guild, row.get("channels"))?,
                    games_in_threads: row.get("games_in_threads"),
                    default_clock: row.get("default_clock"),
                    challenge_expiry: row.get("challenge_expiry"),
                })
            }

            async fn put_server_settings(
                &self,
                guild: u64,
                s: &ServerSettings,
                now: i64,
            ) -> Result<(), StoreError> {
                sqlx::query(
                    "INSERT INTO server_settings (guild_id, language, channels, games_in_threads, default_clock, \
                     challenge_expiry, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (guild_id) DO \
                     UPDATE SET language = excluded.language, channels = excluded.channels, \
                     games_in_threads = excluded.games_in_threads, default_clock = excluded.default_clock, \
                     challenge_expiry = excluded.challenge_expiry, updated_at = excluded.updated_at",
                )
                .bind(guild as i64)
                .bind(&s.language)
                .bind(channels_column(&s.channels))
                .bind(s.games_in_threads)
                .bind(&s.default_clock)
                .bind(s.challenge_expiry)
                .bind(now)
                .execute(&self.pool)
                .await?;
                Ok(())
            }

            async fn thread_parent(&self, channel: u64) -> Result<Option<u64>, StoreError> {
                let row = sqlx::query("SELECT parent_id FROM threads WHERE channel_id = $1")
                    .bind(channel as i64)
                    .fetch_optional(&self.pool)
                    .await?;
                Ok(row.map(|r| r.get::<i64, _>(0) as u64))
            }

            async fn mark_hinted(&self, id: i64) -> Result<bool, StoreError> {
                let done =
                    sqlx::query("UPDATE sessions SET hinted = TRUE, rated = FALSE WHERE id = $1 AND NOT hinted")
                        .bind(id)
                        .execute(&self.pool)
                        .await?;
                Ok(done.rows_affected() == 1)
            }
        }
    };
}

settings_store!(SqliteStore);
settings_store!(PgStore);
