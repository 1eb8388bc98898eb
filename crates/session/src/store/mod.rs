//! Persistence: every table the bot keeps, behind one trait per group of tables, and the two databases that
//! hold them (SQLite for one machine, Postgres for several).
//!
//! | trait | tables | what |
//! | --- | --- | --- |
//! | [`SessionStore`] | `sessions`, `moves` | challenges and games, their players and moves, turn claims |
//! | [`ClockStore`] | `clocks`, `offers` | the clock of each turn and its reminders, pending offers |
//! | [`RatingStore`] | `results`, `game_players`, `ratings`, `rating_history` | finished games, ratings |
//! | [`SettingsStore`] | `server_settings`, `threads`, `notify` | house rules, game threads, members' preferences |
//! | [`MemberStore`] | (the others') | what is kept about one member, and forgetting it |
//! | [`TournamentStore`] | `tournaments`, `tournament_entrants`, `tournament_games` | tournaments, who plays, each round's games |
//! | [`PuzzleStore`] | `puzzle_attempts`, `tactics`, `puzzle_ratings` | attempts at puzzles, the solved-fastest tables, tactics and puzzle ratings |
//!
//! [`Store`] is their sum, the one bound the session layer takes. Each trait is written once in SQL for both
//! databases (`<group>_sql.rs`: ordinary generic methods of `SqlStore<DB>`, of which [`SqliteStore`] and
//! [`PgStore`] are the two; the few real differences are the database's `Backend`, in `sqlite.rs` /
//! `postgres.rs`). A game is stored as
//! notation, never as engine internals (see [`SessionRow`]).
//!
//! # Adding a table
//!
//! 1. A migration for each database: `migrations/NNNN_<name>.sql` (SQLite) and
//!    `migrations-postgres/NNNN_<name>.sql` (the same schema in Postgres types); both are applied when a store
//!    opens.
//! 2. Its trait in a file of its own, `crates/session/src/store/<name>.rs`: the records it reads and writes and the methods, each
//!    saying what a lost race returns ([`StoreError::Conflict`]); add it to [`Store`]'s supertraits and export it
//!    here. (A column or a method that belongs to an existing group goes into that group's trait instead.)
//! 3. One SQL body, `crates/session/src/store/<name>_sql.rs`: `impl<DB> <Trait> for SqlStore<DB>` over `$n`
//!    placeholders, with the `where` clause every such block states (see `sql.rs`, and `clocks_sql.rs` for a
//!    small one); a real difference between the databases is a constant or a hook of `sql::Backend`, not a second
//!    body. Each method's body runs in `self.guarded(...)`: the Postgres store's circuit breaker (`breaker.rs`),
//!    which fails a call at once for a moment after one found the database away.
//! 4. The memory double, in the `testkit` crate (`testkit/src/memory/<name>.rs`), and the fault-injecting
//!    wrapper's forwarding (`testkit/src/faulty.rs`: a write a command stands on counts and can fail).
//! 5. The contract tests, in `tests/it/session/`: one `async fn` of assertions over `impl Store`, run on the
//!    memory double, SQLite and Postgres (see `clock_store.rs`).

mod backup;
mod breaker;
mod clocks;
mod clocks_sql;
mod endings;
mod group;
mod members;
mod members_sql;
mod migrations;
mod postgres;
mod puzzles;
mod puzzles_sql;
mod ratings;
mod ratings_sql;
mod sessions;
mod sessions_sql;
mod settings;
mod settings_sql;
mod sql;
mod sqlite;
mod tournaments;
mod tournaments_sql;

pub use backup::{BackupError, Restored, SessionIds, check_games, restore_sqlite};
pub use clocks::{ClockRow, ClockStore, OfferKind, OfferRow};
pub use members::{Forgotten, MemberData, MemberStore, neutral_label};
pub use postgres::PgStore;
pub use puzzles::{
    AttemptRow, AttemptUpdate, DailyPost, DailyServer, Fastest, NewAttempt, PuzzleRating, PuzzleStore,
    TACTIC_KIND, TacticRating, TacticRow, best_of_each,
};
pub use ratings::{
    ALL_SERVERS, GameResult, HistoryEntry, HistoryPage, Leaderboard, Ledger, PlayerPlace, Ranked, RatingRow,
    RatingStore,
};
pub use sessions::{EndKind, Ending, NewSession, PlayerRow, SessionRow, SessionState, SessionStore};
pub use settings::{DigestRow, ServerSettings, SettingsStore};
pub use sqlite::SqliteStore;
pub use tournaments::{
    CHECK_IN_SECONDS, EntrantRow, NewTournament, TournamentGameRow, TournamentRow, TournamentState,
    TournamentStore,
};

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

/// Everything the session layer keeps: one trait per group of tables, so that each reads on its own and a new
/// table has an obvious home. Every write is durable when its future completes.
#[async_trait::async_trait]
pub trait Store:
    SessionStore
    + ClockStore
    + RatingStore
    + SettingsStore
    + TournamentStore
    + MemberStore
    + PuzzleStore
    + std::any::Any
    + Send
    + Sync
    + 'static
{
    /// Finishes pending writes and releases the store's resources (a no-op where there are none).
    async fn close(&self) {}
}

/// A store as the layers above hold it: any kind of store behind one pointer, so that the session layer and the
/// adapters compile once, not once for each kind of store.
pub type SharedStore = std::sync::Arc<dyn Store>;

/// What the layers above take as their store: a store of any kind, or one already shared.
///
/// Each kind of store implements it where it is defined (`std::sync::Arc::new(self)`), not through one blanket
/// impl: the store's methods are then compiled in its own crate, where it becomes a `dyn Store`, and not again in
/// every crate that hands one to the session layer.
pub trait IntoShared {
    fn into_shared(self) -> SharedStore;
}

impl IntoShared for SharedStore {
    fn into_shared(self) -> SharedStore {
        self
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
