//! The Postgres store, for several instances sharing one database (`database = "postgres://..."`).
//!
//! The schema is the SQLite store's (its own migrations in `migrations-postgres/`, applied on connect under
//! sqlx's advisory lock, so instances started together do not race). Every write is checked in the database, not
//! in memory: a move is appended only against the version it was decided on, a state change only from the state it
//! was decided in, so two instances can never both apply a move or settle a challenge.

use std::str::FromStr;
use std::time::Duration;

use sqlx::Postgres;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};

use super::StoreError;
use super::sql::SqlStore;

/// The advisory lock key under which results are recorded ("tabula r" in ASCII).
const RESULTS_LOCK: i64 = 0x7461_6275_6c61_2072;

/// The longest a command waits for a connection before it is told that the store is unavailable.
pub(crate) const ACQUIRE_TIMEOUT: Duration = Duration::from_millis(1_500);

/// Sessions in a Postgres database.
pub type PgStore = super::sql::SqlStore<Postgres>;

impl super::sql::Backend for Postgres {
    const SESSION_COLUMNS: &'static str = "s.*, COALESCE((SELECT json_agg(m.notation ORDER BY m.ply) FROM moves m \
                                           WHERE m.session_id = s.id), '[]')::text AS move_list";

    /// While the server is away, a call waits the pool's whole acquire timeout.
    const BREAKER: bool = true;

    /// Across the processes sharing the database: a transaction-level advisory lock, held until the transaction
    /// ends.
    async fn serialize_results(tx: &mut sqlx::PgConnection) -> Result<(), StoreError> {
        sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(RESULTS_LOCK).execute(tx).await?;
        Ok(())
    }

    fn rows_affected(result: &sqlx::postgres::PgQueryResult) -> u64 {
        result.rows_affected()
    }
}

impl super::IntoShared for SqlStore<Postgres> {
    fn into_shared(self) -> super::SharedStore {
        std::sync::Arc::new(self)
    }
}

impl SqlStore<Postgres> {
    /// Connects to the database at `url` (`postgres://user@host:port/db`) and brings its schema up to date.
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        let options = PgConnectOptions::from_str(url)?;
        let pool = PgPoolOptions::new()
            .max_connections(8)
            // A command waits at most this long for a connection (while the server is down, sqlx retries the
            // refused connection until then) and is then told to try again later: well inside Discord's 3 s.
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .connect_with(options)
            .await?;
        super::migrations::POSTGRES.migrator().await?.run(&pool).await?;
        let store = SqlStore::new(pool, super::group::GroupCommit::ungrouped());
        store.convert_endings().await?;
        Ok(store)
    }
}
