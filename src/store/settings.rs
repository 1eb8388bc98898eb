//! What the store keeps per server: its house rules (`/settings`), and which game thread belongs to which
//! channel. A separate trait (a supertrait of [`Store`](super::Store)) so that it reads on its own; every store
//! implements it.

use std::collections::HashMap;
use std::future::Future;

use super::{FaultyStore, MemoryStore, Store, StoreError};

/// A server's house rules as stored; every `None` follows the bot's config (or, for the language, the server's
/// own locale as the platform reports it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ServerSettings {
    /// The language of public messages (`en`, `pt-BR`, `cs`); `None` follows the platform's server locale.
    pub language: Option<String>,
    /// The channels where games may be started; empty allows every channel.
    pub channels: Vec<u64>,
    /// Whether `/play` opens a thread when it does not say.
    pub games_in_threads: Option<bool>,
    /// The name of the clock `/play` uses when it names none (`10m`, `1h`, `1d`, `3d`, `7d`, `none`).
    pub default_clock: Option<String>,
    /// Seconds a challenge waits for its answer.
    pub challenge_expiry: Option<i64>,
}

/// Server settings and the parents of game threads.
pub trait SettingsStore: Send + Sync {
    /// A server's settings; the defaults when it never changed any.
    fn server_settings(&self, guild: u64) -> impl Future<Output = Result<ServerSettings, StoreError>> + Send;

    /// Replaces a server's settings.
    fn put_server_settings(
        &self,
        guild: u64,
        settings: &ServerSettings,
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// The channel a game thread was opened under (see `ClockStore::add_thread`), if `channel` is one.
    fn thread_parent(&self, channel: u64) -> impl Future<Output = Result<Option<u64>, StoreError>> + Send;
}

/// The channel list as stored: a JSON array, `NULL` for every channel.
pub(super) fn channels_column(channels: &[u64]) -> Option<String> {
    (!channels.is_empty()).then(|| serde_json::to_string(channels).unwrap_or_default())
}

pub(super) fn channels_of(guild: u64, column: Option<String>) -> Result<Vec<u64>, StoreError> {
    match column {
        None => Ok(Vec::new()),
        Some(json) => serde_json::from_str(&json)
            .map_err(|_| StoreError::Corrupt(format!("server {guild}: unreadable channel list"))),
    }
}

/// The memory store's settings tables.
#[derive(Debug, Default)]
pub(super) struct SettingsTables {
    servers: HashMap<u64, ServerSettings>,
    /// Game thread → the channel it was opened under.
    pub(super) parents: HashMap<u64, u64>,
}

impl SettingsStore for MemoryStore {
    async fn server_settings(&self, guild: u64) -> Result<ServerSettings, StoreError> {
        Ok(self.settings().servers.get(&guild).cloned().unwrap_or_default())
    }

    async fn put_server_settings(
        &self,
        guild: u64,
        settings: &ServerSettings,
        _now: i64,
    ) -> Result<(), StoreError> {
        self.settings().servers.insert(guild, settings.clone());
        Ok(())
    }

    async fn thread_parent(&self, channel: u64) -> Result<Option<u64>, StoreError> {
        Ok(self.settings().parents.get(&channel).copied())
    }
}

/// A settings change is a write a command stands on: it counts and can be made to fail.
impl<S: Store> SettingsStore for FaultyStore<S> {
    async fn server_settings(&self, guild: u64) -> Result<ServerSettings, StoreError> {
        self.inner().server_settings(guild).await
    }

    async fn put_server_settings(
        &self,
        guild: u64,
        settings: &ServerSettings,
        now: i64,
    ) -> Result<(), StoreError> {
        self.write("put_server_settings").await?;
        self.inner().put_server_settings(guild, settings, now).await
    }

    async fn thread_parent(&self, channel: u64) -> Result<Option<u64>, StoreError> {
        self.inner().thread_parent(channel).await
    }
}
