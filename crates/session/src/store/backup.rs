//! Backups of the SQLite store (`tabula backup` / `tabula restore`).
//!
//! A backup is SQLite's `VACUUM INTO`: one read transaction copies the whole database, so the copy is the state
//! of one moment even while the bot writes (WAL readers never block the writer, nor it them). It is written
//! beside its name and renamed into place, so a failed backup leaves no half file. A restore never trusts the
//! file it is given: it copies it beside the database, brings its schema up to date there, replays every stored
//! game through its engine, and only then renames it over the database (removing the old write-ahead log), so a
//! damaged backup leaves the database as it was. Postgres has its own tools (`pg_dump`, `pg_restore`; see
//! docs/operators.md).

use std::path::{Path, PathBuf};

use super::sql::{Backend, SqlStore};

use super::{SqliteStore, StoreError};
use crate::games::AnyGame;

/// What a restore checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Restored {
    /// Sessions in the backup (challenges and games, open or closed).
    pub sessions: usize,
    /// Of them, games with moves, each replayed to its last move.
    pub games: usize,
}

/// Why a backup or a restore did not happen; nothing was changed.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("{0} already exists: choose a new file name")]
    Exists(PathBuf),
    #[error("there is no backup at {0}")]
    Missing(PathBuf),
    #[error("cannot write {path}: {error}")]
    Io { path: PathBuf, error: std::io::Error },
    #[error("game #{id} of the backup does not replay ({why}); the database was not replaced")]
    DoesNotReplay { id: i64, why: String },
    #[error("the backup cannot be read: {0}; the database was not replaced")]
    Unreadable(StoreError),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// `path` with `suffix` added to its file name (`tabula.db` → `tabula.db-restoring`).
fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> BackupError + '_ {
    move |error| BackupError::Io { path: path.to_path_buf(), error }
}

impl SqliteStore {
    /// Copies the live database into a new file `to` (see the module docs); how many sessions it holds.
    pub async fn backup_to(&self, to: &Path) -> Result<usize, BackupError> {
        if to.exists() {
            return Err(BackupError::Exists(to.to_path_buf()));
        }
        let partial = beside(to, ".partial");
        let _ = std::fs::remove_file(&partial);
        let target = partial.to_str().ok_or_else(|| BackupError::Io {
            path: to.to_path_buf(),
            error: std::io::Error::other("the path is not valid UTF-8"),
        })?;
        if let Err(e) = sqlx::query("VACUUM INTO $1").bind(target).execute(&self.pool).await {
            let _ = std::fs::remove_file(&partial);
            return Err(BackupError::Store(e.into()));
        }
        std::fs::rename(&partial, to).map_err(io(to))?;
        let copy = SqliteStore::open(to).await.map_err(BackupError::Unreadable)?;
        let sessions = SessionIds::session_ids(&copy).await;
        copy.close_pool().await;
        Ok(sessions?.len())
    }

    /// Checks that every stored session reads and every game replays through its engine.
    pub async fn check_games(&self) -> Result<Restored, BackupError> {
        check_games(self).await
    }

    async fn close_pool(self) {
        self.pool.close().await;
    }
}

/// A store whose sessions can be listed, for [`check_games`].
pub trait SessionIds: super::SessionStore {
    /// Every session's id, oldest first.
    fn session_ids(&self) -> impl std::future::Future<Output = Result<Vec<i64>, StoreError>> + Send;
}

impl<DB> SessionIds for SqlStore<DB>
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
    async fn session_ids(&self) -> Result<Vec<i64>, StoreError> {
        let ids: Vec<(i64,)> =
            sqlx::query_as("SELECT id FROM sessions ORDER BY id").fetch_all(&self.pool).await?;
        Ok(ids.into_iter().map(|(id,)| id).collect())
    }
}

/// Checks that every session of `store` reads and every game replays through its engine: what `tabula restore`
/// asks of a backup, and `tabula check` of any database (a Postgres dump restored into a scratch database before
/// it replaces the live one, docs/operators.md).
pub async fn check_games(store: &impl SessionIds) -> Result<Restored, BackupError> {
    let mut restored = Restored { sessions: 0, games: 0 };
    for id in store.session_ids().await.map_err(BackupError::Unreadable)? {
        let session = match store.session(id).await {
            Ok(Some(session)) => session,
            Ok(None) => continue,
            Err(e) => return Err(BackupError::DoesNotReplay { id, why: e.to_string() }),
        };
        restored.sessions += 1;
        if session.moves.is_empty() {
            continue;
        }
        AnyGame::replay(session.game, &session.setup, &session.moves)
            .map_err(|e| BackupError::DoesNotReplay { id, why: e.to_string() })?;
        restored.games += 1;
    }
    Ok(restored)
}

/// Replaces the database at `database` with the backup `from`, once every game of it replays (see the module
/// docs). The bot must be stopped meanwhile.
pub async fn restore_sqlite(from: &Path, database: &Path) -> Result<Restored, BackupError> {
    if !from.is_file() {
        return Err(BackupError::Missing(from.to_path_buf()));
    }
    let staged = beside(database, "-restoring");
    for leftover in [staged.clone(), beside(&staged, "-wal"), beside(&staged, "-shm")] {
        let _ = std::fs::remove_file(leftover);
    }
    if let Some(dir) = database.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io(dir))?;
    }
    std::fs::copy(from, &staged).map_err(io(&staged))?;
    let checked = async {
        let store = SqliteStore::open(&staged).await.map_err(BackupError::Unreadable)?;
        let checked = store.check_games().await;
        // Closing the last connection checkpoints the log into the file, so the file alone is the database.
        store.close_pool().await;
        checked
    }
    .await;
    let restored = match checked {
        Ok(restored) => restored,
        Err(e) => {
            let _ = std::fs::remove_file(&staged);
            return Err(e);
        }
    };
    for old in [beside(database, "-wal"), beside(database, "-shm")] {
        match std::fs::remove_file(&old) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(io(&old)(e)),
            _ => {}
        }
    }
    std::fs::rename(&staged, database).map_err(io(database))?;
    Ok(restored)
}
