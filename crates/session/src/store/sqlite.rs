//! The embedded `SQLite` store (WAL mode, migrations applied on open).

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};

use sqlx::Sqlite;

use super::StoreError;
use super::sql::SqlStore;

/// Sessions in one SQLite file.
pub type SqliteStore = super::sql::SqlStore<Sqlite>;

impl super::sql::Backend for Sqlite {
    const SESSION_COLUMNS: &'static str = "s.*, (SELECT json_group_array(m.notation ORDER BY m.ply) FROM moves m \
                                           WHERE m.session_id = s.id) AS move_list";

    /// A SQLite call does not wait for a connection to a server.
    const BREAKER: bool = false;

    /// Nothing to do: the first statement of a transaction that records a result writes, so it holds the
    /// database's write lock before it reads any rating.
    async fn serialize_results(_tx: &mut sqlx::SqliteConnection) -> Result<(), StoreError> {
        Ok(())
    }

    fn rows_affected(result: &sqlx::sqlite::SqliteQueryResult) -> u64 {
        result.rows_affected()
    }
}

impl super::IntoShared for SqlStore<Sqlite> {
    fn into_shared(self) -> super::SharedStore {
        std::sync::Arc::new(self)
    }
}

impl SqlStore<Sqlite> {
    /// Opens (creating it and its folder on first run) the database at `path` and brings its schema up to date.
    pub async fn open(path: &Path) -> Result<Self, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| {
                StoreError::Corrupt(format!("cannot create the folder {}: {e}", dir.display()))
            })?;
        }
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // With WAL, NORMAL is durable against process crashes (kill -9); FULL adds power-loss safety.
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            // Another process holding the write lock (a backup's snapshot does not): wait for it, but answer
            // well inside Discord's 3 s.
            .busy_timeout(Duration::from_millis(1_500));
        // Switching a new file to WAL takes an exclusive lock, and a connection that loses that race gets
        // "database is locked" at once, without waiting: one connection makes the switch (it is stored in the
        // file) before the pool opens the others.
        {
            use sqlx::Connection as _;
            sqlx::SqliteConnection::connect_with(&options).await?.close().await?;
        }
        Self::with_options(options, 4).await
    }

    /// A private in-memory database, for tests and benchmarks.
    pub async fn in_memory() -> Result<Self, StoreError> {
        let options = SqliteConnectOptions::from_str("sqlite::memory:")?.foreign_keys(true);
        // One connection: every connection to `:memory:` is a database of its own.
        Self::with_options(options, 1).await
    }

    async fn with_options(options: SqliteConnectOptions, connections: u32) -> Result<Self, StoreError> {
        let pool = SqlitePoolOptions::new()
            .max_connections(connections)
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None)
            // SQLite silently opens a file it may not write (a read-only file system, a write-protected file)
            // read-only, and such a connection stays so after the file is writable again: one that cannot
            // write is refused (that command is told to try again later), so the pool opens a good one later.
            .after_connect(|conn, _| {
                Box::pin(async move {
                    let version: i64 =
                        sqlx::query_scalar("PRAGMA user_version").fetch_one(&mut *conn).await?;
                    let rewrite = format!("PRAGMA user_version = {version}");
                    sqlx::query(sqlx::AssertSqlSafe(rewrite)).execute(&mut *conn).await?;
                    Ok(())
                })
            })
            .connect_with(options)
            .await?;
        super::migrations::SQLITE.migrator().await?.run(&pool).await?;
        let store = SqlStore::new(pool, super::group::GroupCommit::default());
        store.convert_endings().await?;
        Ok(store)
    }
}
