//! The SQL store, for SQLite and Postgres alike: [`SqlStore`], whose methods (in `<group>_sql.rs`) are ordinary
//! generic code over sqlx, written once; what differs between the databases is their [`Backend`] (a statement's
//! fragment, a hook, whether calls go through the circuit breaker). Also what every body shares: reading stored
//! rows into records (SQLite and Postgres decode the same columns) and settling conditional writes.
//!
//! Every implementation block over `SqlStore<DB>` states the same `where` clause: the sqlx bounds the SQL needs
//! (its connections execute statements; the column types it binds and reads). Rust does not carry a trait's
//! `where` clause to its users, so each block says it again; both databases satisfy it.

use std::str::FromStr as _;

use std::sync::Arc;

use sqlx::{ColumnIndex, Decode, Pool, Row, Type};

use super::{GameResult, PlayerPlace, PlayerRow, RatingRow, SessionRow, SessionState, StoreError};
use crate::games::{GameKind, Setup};
use crate::rating::Rating;

/// A store over one SQL database: [`super::SqliteStore`] or [`super::PgStore`].
pub struct SqlStore<DB: sqlx::Database> {
    /// Moves waiting for the next group commit (see [`super::group`]).
    pub(super) appends: Arc<super::group::GroupCommit<super::sessions_sql::AppendMoves>>,
    pub(super) pool: Pool<DB>,
    /// Fails calls at once for a moment after one found the database unreachable (where the backend waits for
    /// connections: [`Backend::BREAKER`]).
    breaker: Arc<super::breaker::Breaker>,
}

impl<DB: sqlx::Database> SqlStore<DB> {
    /// The store over `pool`, whose moves are grouped into shared transactions by `appends`.
    pub(super) fn new(
        pool: Pool<DB>,
        appends: super::group::GroupCommit<super::sessions_sql::AppendMoves>,
    ) -> Self {
        SqlStore { appends: Arc::new(appends), pool, breaker: Arc::default() }
    }
}

impl<DB: sqlx::Database> Clone for SqlStore<DB> {
    fn clone(&self) -> Self {
        SqlStore { appends: self.appends.clone(), pool: self.pool.clone(), breaker: self.breaker.clone() }
    }
}

impl<DB: sqlx::Database> std::fmt::Debug for SqlStore<DB> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SqlStore")
            .field("database", &DB::NAME)
            .field("pool", &self.pool)
            .finish_non_exhaustive()
    }
}

/// What differs between the databases the SQL store runs on.
pub trait Backend: sqlx::Database {
    /// The columns of a session as read with its moves: `s.*` and `move_list`, the moves of session `s` as the
    /// text of a JSON array of notation in order (`[]` for none). A session and its moves are read in one
    /// statement, so that the moves and the version they must match come from one snapshot, even while another
    /// process appends.
    const SESSION_COLUMNS: &'static str;

    /// Whether a call waits for a connection while the database is away, so that the circuit breaker should
    /// fail the next ones at once ([`super::breaker`]).
    const BREAKER: bool;

    /// The ratings' hook: results are recorded (and ratings updated) one at a time, in one order; this makes a
    /// transaction that records one wait for the others.
    fn serialize_results(tx: &mut Self::Connection) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// How many rows a statement changed.
    fn rows_affected(result: &Self::QueryResult) -> u64;
}

impl<DB: Backend> SqlStore<DB> {
    /// Every store call: through the circuit breaker where the database can keep a call waiting
    /// ([`Backend::BREAKER`]), so that a command's second call does not wait out the pool's timeout again.
    pub(super) async fn guarded<T>(
        &self,
        work: impl Future<Output = Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        if DB::BREAKER { self.breaker.call(work).await } else { work.await }
    }
}

/// Sessions, clocks, ratings, settings, members and tournaments are written once for both databases
/// (`<group>_sql.rs`).
#[async_trait::async_trait]
impl<DB> super::Store for SqlStore<DB>
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
    async fn close(&self) {
        self.pool.close().await;
    }
}

/// A session from its row, as selected with its moves in `move_list` (a JSON array of notation, in order).
pub(super) fn session_record<'r, R>(row: &'r R) -> Result<SessionRow, StoreError>
where
    R: Row,
    &'r str: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    Option<i64>: Decode<'r, R::Database> + Type<R::Database>,
    String: Decode<'r, R::Database> + Type<R::Database>,
    Option<String>: Decode<'r, R::Database> + Type<R::Database>,
    bool: Decode<'r, R::Database> + Type<R::Database>,
{
    let id: i64 = row.get("id");
    let corrupt = |what: &str| StoreError::Corrupt(format!("session {id}: {what}"));
    let game: String = row.get("game");
    let game = GameKind::from_str(&game).map_err(|_| corrupt("unknown game"))?;
    let players: String = row.get("players");
    let players: Vec<PlayerRow> =
        serde_json::from_str(&players).map_err(|_| corrupt("unreadable players"))?;
    let state: String = row.get("state");
    let state = SessionState::parse(&state).ok_or_else(|| corrupt("unknown state"))?;
    let moves: String = row.get("move_list");
    let moves: Vec<String> = serde_json::from_str(&moves).map_err(|_| corrupt("unreadable moves"))?;
    let version: i64 = row.get("version");
    if version != moves.len() as i64 {
        return Err(corrupt("move count does not match its version"));
    }
    Ok(SessionRow {
        id,
        channel: row.get::<i64, _>("channel_id") as u64,
        guild: row.get::<Option<i64>, _>("guild_id").map(|g| g as u64),
        game,
        setup: Setup {
            variant: row.get("variant"),
            seed: row.get::<i64, _>("seed") as u64,
            seats: players.len(),
        },
        players,
        challenger: row.get::<i64, _>("challenger") as u64,
        state,
        moves,
        ending: super::Ending::from_columns(
            row.get::<Option<String>, _>("end_kind").as_deref(),
            row.get::<Option<String>, _>("end_seats").as_deref(),
            row.get("end_member"),
            row.get("end_reason"),
            row.get::<Option<String>, _>("end_places").as_deref(),
        )
        .transpose()
        .map_err(|why| corrupt(&why))?,
        created_at: row.get("created_at"),
        expires_at: row.get("expires_at"),
        message: row.get::<Option<i64>, _>("message_id").map(|m| m as u64),
        rated: row.get("rated"),
        hinted: row.get("hinted"),
    })
}

/// A rating from its row of `ratings`.
pub(super) fn rating_row<'r, R>(row: &'r R) -> Result<RatingRow, StoreError>
where
    R: Row,
    &'r str: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    f64: Decode<'r, R::Database> + Type<R::Database>,
    &'r str: Decode<'r, R::Database> + Type<R::Database>,
    String: Decode<'r, R::Database> + Type<R::Database>,
{
    Ok(RatingRow {
        game: game_of(row.get("game"))?,
        guild: row.get::<i64, _>("guild_id") as u64,
        user: row.get::<i64, _>("user_id") as u64,
        name: row.get("name"),
        rating: Rating {
            rating: row.get("rating"),
            deviation: row.get("deviation"),
            volatility: row.get("volatility"),
        },
        games: row.get::<i64, _>("games") as u32,
        wins: row.get::<i64, _>("wins") as u32,
        draws: row.get::<i64, _>("draws") as u32,
        losses: row.get::<i64, _>("losses") as u32,
        updated_at: row.get("updated_at"),
    })
}

/// Finished games from rows of `results` joined with their `game_players` (one row a player, each game's rows
/// together and in seat order).
pub(super) fn game_results<'r, R>(rows: &'r [R]) -> Result<Vec<GameResult>, StoreError>
where
    R: Row,
    &'r str: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    Option<i64>: Decode<'r, R::Database> + Type<R::Database>,
    &'r str: Decode<'r, R::Database> + Type<R::Database>,
    String: Decode<'r, R::Database> + Type<R::Database>,
    bool: Decode<'r, R::Database> + Type<R::Database>,
{
    let mut results: Vec<GameResult> = Vec::new();
    for row in rows {
        let session: i64 = row.get("session_id");
        if results.last().is_none_or(|r| r.session != session) {
            results.push(GameResult {
                session,
                game: game_of(row.get("game"))?,
                guild: row.get::<Option<i64>, _>("guild_id").map(|g| g as u64),
                players: Vec::new(),
                rated: row.get("rated"),
                ended_at: row.get("ended_at"),
            });
        }
        if let Some(result) = results.last_mut() {
            result.players.push(PlayerPlace {
                user: row.get::<i64, _>("user_id") as u64,
                name: row.get("name"),
                place: row.get::<i64, _>("place") as usize,
                level: row.get::<Option<i64>, _>("level").map(|l| l as u8),
            });
        }
    }
    Ok(results)
}

/// The game a results or ratings row names.
pub(super) fn game_of(text: &str) -> Result<GameKind, StoreError> {
    GameKind::from_str(text).map_err(|_| StoreError::Corrupt(format!("unknown game `{text}` in the ratings")))
}

/// A conditional write that must change exactly one row, or it lost a race.
pub(super) fn changed_one(rows: u64) -> Result<(), StoreError> {
    if rows == 1 { Ok(()) } else { Err(StoreError::Conflict) }
}

/// An insert that a unique key refuses lost a race (the channel is taken, the result was recorded before).
pub(super) fn conflict_on_unique<T>(done: Result<T, sqlx::Error>) -> Result<T, StoreError> {
    match done {
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(StoreError::Conflict),
        done => Ok(done?),
    }
}
