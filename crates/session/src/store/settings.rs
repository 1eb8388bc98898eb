//! The `server_settings`, `threads` and `notify` tables: each server's house rules (`/settings`), the threads
//! opened for games (under which channel, when to archive them) and each member's preferences (`/notify`).

use std::future::Future;

use super::StoreError;

/// A server's house rules as stored; every `None` follows the bot's config (or, for the language, the server's
/// own locale as the platform reports it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ServerSettings {
    /// The language of public messages (`en`, `pt-BR`, `cs`); `None` follows the platform's server locale.
    pub language: Option<String>,
    /// The channels where games may be started; empty allows every channel.
    pub channels: Vec<u64>,
    /// When every channel is allowed (`channels` is empty): the channels excepted ("every channel but #x").
    pub blocked: Vec<u64>,
    /// Whether `/play` opens a thread when it does not say.
    pub games_in_threads: Option<bool>,
    /// The name of the clock `/play` uses when it names none (`10m`, `1h`, `1d`, `3d`, `7d`, `none`).
    pub default_clock: Option<String>,
    /// Seconds a challenge waits for its answer.
    pub challenge_expiry: Option<i64>,
    /// A role whose members may run tournaments (besides those who may manage the server).
    pub organiser_role: Option<u64>,
}

/// Server settings, game threads and members' preferences.
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

    /// Remembers that `channel` is a thread opened under `parent` for a game.
    fn add_thread(&self, channel: u64, parent: u64) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// The channel a game thread was opened under, if `channel` is one.
    fn thread_parent(&self, channel: u64) -> impl Future<Output = Result<Option<u64>, StoreError>> + Send;

    /// Schedules the archiving of `channel` at `at`, when it is a game thread (nothing otherwise).
    fn schedule_archive(&self, channel: u64, at: i64) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Game threads whose archive time has come.
    fn due_archives(&self, now: i64) -> impl Future<Output = Result<Vec<u64>, StoreError>> + Send;

    /// Records that a thread was archived (it is not due again).
    fn archived(&self, channel: u64) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Whether `user` wants reminders by direct message.
    fn set_notify_dm(&self, user: u64, dm: bool) -> impl Future<Output = Result<(), StoreError>> + Send;

    fn notify_dm(&self, user: u64) -> impl Future<Output = Result<bool, StoreError>> + Send;
}
