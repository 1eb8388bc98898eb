//! The Postgres store, for several instances sharing one database (`database = "postgres://..."`).
//!
//! The schema is the SQLite store's (its own migrations in `migrations-postgres/`, applied on connect under
//! sqlx's advisory lock, so instances started together do not race). Every write is checked in the database, not
//! in memory: a move is appended only against the version it was decided on, a state change only from the state it
//! was decided in, so two instances can never both apply a move or settle a challenge.

use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};

use super::{Store, StoreError};

/// The advisory lock key under which results are recorded ("tabula r" in ASCII).
const RESULTS_LOCK: i64 = 0x7461_6275_6c61_2072;

/// The longest a command waits for a connection before it is told that the store is unavailable.
pub(crate) const ACQUIRE_TIMEOUT: Duration = Duration::from_millis(1_500);

/// Sessions in a Postgres database.
#[derive(Clone, Debug)]
pub struct PgStore {
    /// Moves waiting for the next group commit (see [`super::group`]).
    pub(super) appends: std::sync::Arc<super::group::GroupCommit<super::sessions_sql::AppendMoves>>,
    pub(super) pool: PgPool,
    /// Fails statements at once for a moment after one found the database unreachable.
    breaker: std::sync::Arc<super::breaker::Breaker>,
}

impl PgStore {
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
        let store = PgStore {
            appends: std::sync::Arc::new(super::group::GroupCommit::ungrouped()),
            pool,
            breaker: std::sync::Arc::default(),
        };
        store.convert_endings().await?;
        Ok(store)
    }

    /// Every store call (see [`super::breaker`]): refused at once for a moment after one found the database
    /// unreachable, so that a command's second call does not wait out the pool's timeout again.
    pub(super) async fn guarded<T>(
        &self,
        work: impl Future<Output = Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        self.breaker.call(work).await
    }

    /// The ratings' hook: results are recorded (and ratings updated) one at a time across the processes sharing
    /// the database, in one order: a transaction-level advisory lock, held until the transaction ends.
    pub(super) async fn serialize_results(tx: &mut sqlx::PgConnection) -> Result<(), StoreError> {
        sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(RESULTS_LOCK).execute(tx).await?;
        Ok(())
    }
}

/// Sessions, clocks, ratings and settings are written once for both databases (`*_sql.rs`).
impl Store for PgStore {
    async fn close(&self) {
        self.pool.close().await;
    }
}
