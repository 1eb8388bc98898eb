//! The `server_settings`, `threads` and `notify` tables: each server's house rules (`/settings`), the threads
//! opened for games (under which channel, when to archive them) and each member's preferences (`/notify`).

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
    /// The channel where the daily puzzle is posted; `None`: no daily puzzle.
    pub daily_channel: Option<u64>,
    /// The hour (UTC, 0 to 23) it is posted at; `None` follows the bot's default.
    pub daily_hour: Option<u8>,
    /// When the daily channel or hour was last set: the first post after it comes at the next such hour.
    pub daily_since: Option<i64>,
}

/// A member's daily digest (`/notify digest:true`): its hour (UTC), when it was asked for, and the day of the
/// last one sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DigestRow {
    pub user: u64,
    pub hour: u8,
    pub since: i64,
    /// Days since the Unix epoch, counted from the hour.
    pub last_day: Option<i64>,
    /// The language it is written in (the member's when they asked for it).
    pub lang: String,
}

/// Server settings, game threads and members' preferences.
#[async_trait::async_trait]
pub trait SettingsStore: Send + Sync {
    /// A server's settings; the defaults when it never changed any.
    async fn server_settings(&self, guild: u64) -> Result<ServerSettings, StoreError>;

    /// Replaces a server's settings.
    async fn put_server_settings(
        &self,
        guild: u64,
        settings: &ServerSettings,
        now: i64,
    ) -> Result<(), StoreError>;

    /// Remembers that `channel` is a thread opened under `parent` for a game.
    async fn add_thread(&self, channel: u64, parent: u64) -> Result<(), StoreError>;

    /// The channel a game thread was opened under, if `channel` is one.
    async fn thread_parent(&self, channel: u64) -> Result<Option<u64>, StoreError>;

    /// Schedules the archiving of `channel` at `at`, when it is a game thread (nothing otherwise).
    async fn schedule_archive(&self, channel: u64, at: i64) -> Result<(), StoreError>;

    /// Game threads whose archive time has come.
    async fn due_archives(&self, now: i64) -> Result<Vec<u64>, StoreError>;

    /// Records that a thread was archived (it is not due again).
    async fn archived(&self, channel: u64) -> Result<(), StoreError>;

    /// Whether `user` wants reminders by direct message.
    async fn set_notify_dm(&self, user: u64, dm: bool) -> Result<(), StoreError>;

    async fn notify_dm(&self, user: u64) -> Result<bool, StoreError>;

    /// Sends `user` a daily digest at `hour` (UTC) in `lang`, from `now` on (`None`: no more digests).
    async fn set_digest(&self, user: u64, hour: Option<u8>, lang: &str, now: i64) -> Result<(), StoreError>;

    /// Every member's daily digest.
    async fn digests(&self) -> Result<Vec<DigestRow>, StoreError>;

    /// Claims `user`'s digest of `day`: `false` when it was claimed already (by another instance).
    async fn claim_digest(&self, user: u64, day: i64) -> Result<bool, StoreError>;
}
