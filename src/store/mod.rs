//! Persistence of challenges and games.
//!
//! A game is stored as notation, never as engine internals: its setup (game, variant, shuffle seed, players in
//! seat order) and its move list. The session layer replays the moves through the engine when it loads a game.

use std::future::Future;

use serde::{Deserialize, Serialize};

use crate::games::{GameKind, Setup};

mod clocks;
mod clocks_memory;
mod clocks_sql;
mod fault;
mod memory;
mod postgres;
mod postgres_ratings;
mod ratings;
mod rows;
mod settings;
mod settings_sql;
mod sqlite;
mod sqlite_ratings;

pub use clocks::{ClockRecord, ClockStore, OfferKind, OfferRecord};

pub use fault::FaultyStore;
pub use memory::MemoryStore;
pub use postgres::PgStore;
pub use ratings::{
    ALL_SERVERS, GameResult, HistoryEntry, HistoryPage, Leaderboard, Placed, Ranked, RatingRow,
};
pub use settings::{ServerSettings, SettingsStore};
pub use sqlite::SqliteStore;

/// Which store the `database` setting names: a SQLite file (a path, or a `sqlite:` URL) or a Postgres database (a
/// `postgres://` URL).
#[derive(Clone, PartialEq, Eq)]
pub enum Database {
    Sqlite(std::path::PathBuf),
    Postgres(String),
}

impl Database {
    /// Reads the `database` setting.
    pub fn from_setting(setting: &std::path::Path) -> Database {
        let text = setting.to_string_lossy();
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            return Database::Postgres(text.into_owned());
        }
        match text.strip_prefix("sqlite://").or_else(|| text.strip_prefix("sqlite:")) {
            Some(path) => Database::Sqlite(path.into()),
            None => Database::Sqlite(setting.to_path_buf()),
        }
    }
}

/// Shows a Postgres URL without its password.
impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Database::Sqlite(path) => write!(f, "SQLite {}", path.display()),
            Database::Postgres(url) => {
                let shown = match (url.find("://"), url.rfind('@')) {
                    (Some(scheme), Some(at)) if at > scheme => {
                        let user = &url[scheme + 3..at];
                        let user = user.split(':').next().unwrap_or_default();
                        format!("{}{user}@{}", &url[..scheme + 3], &url[at + 1..])
                    }
                    _ => url.clone(),
                };
                write!(f, "Postgres {shown}")
            }
        }
    }
}

/// The life of a session: open states first, then the closed ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SessionState {
    /// Waiting for the challenged players.
    Challenge,
    /// Being played.
    Playing,
    Finished,
    Declined,
    Withdrawn,
    Expired,
    Aborted,
}

impl SessionState {
    pub fn as_str(self) -> &'static str {
        match self {
            SessionState::Challenge => "challenge",
            SessionState::Playing => "playing",
            SessionState::Finished => "finished",
            SessionState::Declined => "declined",
            SessionState::Withdrawn => "withdrawn",
            SessionState::Expired => "expired",
            SessionState::Aborted => "aborted",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "challenge" => SessionState::Challenge,
            "playing" => SessionState::Playing,
            "finished" => SessionState::Finished,
            "declined" => SessionState::Declined,
            "withdrawn" => SessionState::Withdrawn,
            "expired" => SessionState::Expired,
            "aborted" => SessionState::Aborted,
            _ => return None,
        })
    }

    /// Whether the session still occupies its channel.
    pub fn is_open(self) -> bool {
        matches!(self, SessionState::Challenge | SessionState::Playing)
    }
}

/// A player of a session, in seat order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerRecord {
    pub id: u64,
    pub name: String,
    pub accepted: bool,
    /// Ran out of time in a game of more than two players: the computer plays the seat from then on.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub abandoned: bool,
    /// The AI's level when the bot itself holds this seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
}

/// Everything stored about one session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionRecord {
    pub id: i64,
    pub channel: u64,
    /// The server the session belongs to (`None` outside servers and for sessions stored before servers were).
    pub guild: Option<u64>,
    pub game: GameKind,
    pub setup: Setup,
    pub players: Vec<PlayerRecord>,
    pub challenger: u64,
    pub state: SessionState,
    /// The moves in notation, in order; their count is the session's version.
    pub moves: Vec<String>,
    pub result: Option<String>,
    pub created_at: i64,
    pub expires_at: i64,
    /// The platform message showing the challenge, once the adapter has told the store.
    pub message: Option<u64>,
    /// Whether the game counts for ratings (a challenge may be unrated).
    pub rated: bool,
}

/// A session about to be created (the store gives it its id).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewSession {
    pub channel: u64,
    pub guild: Option<u64>,
    pub game: GameKind,
    pub setup: Setup,
    pub players: Vec<PlayerRecord>,
    pub challenger: u64,
    pub state: SessionState,
    pub now: i64,
    pub expires_at: i64,
    /// Whether the game counts for ratings.
    pub rated: bool,
}

/// What can go wrong in the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The write lost a race: the channel is taken, or the session changed since it was read.
    #[error("the session changed meanwhile")]
    Conflict,
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("database migration failed: {0}")]
    Migration(#[from] sqlx::migrate::MigrateError),
    #[error("stored data is damaged: {0}")]
    Corrupt(String),
    /// The store could not be reached or refused the write; nothing was changed.
    #[error("the store is unavailable: {0}")]
    Unavailable(String),
}

/// Where sessions live. Every write is durable when its future completes.
pub trait Store: ClockStore + SettingsStore + Send + Sync + 'static {
    /// The open session (challenge or game) of a channel, if any.
    fn open_session(
        &self,
        channel: u64,
    ) -> impl Future<Output = Result<Option<SessionRecord>, StoreError>> + Send;

    /// The session `id`, open or closed, if there is one (for records: `/game`).
    fn session(&self, id: i64) -> impl Future<Output = Result<Option<SessionRecord>, StoreError>> + Send;

    /// Every open session, for start-up checks and sweeps.
    fn open_sessions(&self) -> impl Future<Output = Result<Vec<SessionRecord>, StoreError>> + Send;

    /// Creates a session; [`StoreError::Conflict`] when the channel already has an open one.
    fn create(&self, session: &NewSession) -> impl Future<Output = Result<i64, StoreError>> + Send;

    /// Records acceptances of a challenge: rewrites its players and, when `start`, moves it to
    /// [`SessionState::Playing`], in one atomic write; [`StoreError::Conflict`] when it is no longer a challenge.
    fn accept(
        &self,
        id: i64,
        players: &[PlayerRecord],
        start: bool,
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Remembers the platform message that shows a session's challenge.
    fn set_message(&self, id: i64, message: u64) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Open challenges whose deadline is at or before `now`, as (session id, channel), oldest deadline first.
    fn due_challenges(&self, now: i64) -> impl Future<Output = Result<Vec<(i64, u64)>, StoreError>> + Send;

    /// Moves a session from state `from` to state `to` (with a result for closed games);
    /// [`StoreError::Conflict`] when it is no longer in `from`.
    fn transition(
        &self,
        id: i64,
        from: SessionState,
        to: SessionState,
        result: Option<&str>,
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Appends moves to a game stored at `version` moves, and closes it with `finished` when that is the result;
    /// [`StoreError::Conflict`] when the stored version is no longer `version`. All or nothing.
    fn append_moves(
        &self,
        id: i64,
        version: usize,
        moves: &[(usize, String)],
        finished: Option<&str>,
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Records the result of a finished game, for `/history`, and when it is rated updates its players' ratings
    /// (on its server and across servers), all in one write; [`StoreError::Conflict`] when it was recorded before.
    fn record_result(&self, result: &GameResult) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// A member's ratings in every game they are rated in: on `guild`'s board and across servers.
    fn ratings_of(
        &self,
        user: u64,
        guild: Option<u64>,
    ) -> impl Future<Output = Result<Vec<RatingRow>, StoreError>> + Send;

    /// A member's finished games on `guild` (of one game, or all), newest first: page `page` (from 0) of
    /// `per_page`, and how many there are in all.
    fn history(
        &self,
        user: u64,
        guild: Option<u64>,
        game: Option<GameKind>,
        page: usize,
        per_page: usize,
    ) -> impl Future<Output = Result<HistoryPage, StoreError>> + Send;

    /// The best `top` players of a game on `guild`'s board, with their recent ratings, and `user`'s own place.
    fn leaderboard(
        &self,
        game: GameKind,
        guild: Option<u64>,
        user: u64,
        top: usize,
    ) -> impl Future<Output = Result<Leaderboard, StoreError>> + Send;

    /// Recomputes every rating from the recorded results, in the order they were recorded; returns how many
    /// rated games it went through.
    fn rebuild_ratings(&self) -> impl Future<Output = Result<usize, StoreError>> + Send;

    /// Claims for process `owner` the turn of a game stored at `version` moves until `until` (clock seconds):
    /// `true` when no other process holds an unexpired claim on that turn, so that one process thinks for the
    /// computer; a claim lapses, so the turn of a process that died is picked up by another. `false` also when the
    /// game moved on or ended.
    fn claim_turn(
        &self,
        id: i64,
        version: usize,
        owner: u64,
        now: i64,
        until: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Finishes pending writes and releases the store's resources (a no-op where there are none).
    fn close(&self) -> impl Future<Output = ()> + Send {
        async {}
    }
}

#[cfg(test)]
mod tests {
    use super::Database;
    use std::path::Path;

    #[test]
    fn the_database_setting_names_the_store() {
        assert_eq!(
            Database::from_setting(Path::new("data/tabula.db")),
            Database::Sqlite("data/tabula.db".into())
        );
        assert_eq!(Database::from_setting(Path::new("sqlite:x.db")), Database::Sqlite("x.db".into()));
        assert_eq!(Database::from_setting(Path::new("sqlite://x.db")), Database::Sqlite("x.db".into()));
        let pg = Database::from_setting(Path::new("postgres://tabula:s3cret@db.local:5432/tabula"));
        assert_eq!(pg, Database::Postgres("postgres://tabula:s3cret@db.local:5432/tabula".into()));
        let shown = format!("{pg:?}");
        assert!(!shown.contains("s3cret"), "the password is never shown: {shown}");
        assert_eq!(shown, "Postgres postgres://tabula@db.local:5432/tabula");
    }
}
