//! [`ClockStore`] over SQL: one body for SQLite and Postgres (the `clocks` and `offers` tables of
//! `migrations/0004_clocks.sql` and `migrations-postgres/0004_clocks.sql`). Numbered `$n` placeholders, as in
//! `sessions_sql.rs`.

use sqlx::{ColumnIndex, Decode, Row, Type};

use super::StoreError;
use super::clocks::{ClockRow, ClockStore, OfferKind, OfferRow};
use super::sql::changed_one;
use super::sql::{Backend, SqlStore};

fn clock_of<'r, R>(row: &'r R) -> ClockRow
where
    R: Row,
    &'r str: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    Option<i64>: Decode<'r, R::Database> + Type<R::Database>,
{
    ClockRow {
        session: row.get("session_id"),
        per_move: row.get("per_move"),
        ply: row.get::<i64, _>("ply") as usize,
        turn_started: row.get("turn_started"),
        deadline: row.get("deadline"),
        reminded: row.get::<i64, _>("reminded") as u8,
        next_at: row.get("next_at"),
    }
}

/// The statement that stores `c` as its session's clock, replacing the one there: for
/// [`ClockStore::put_clock`] and for the clock written with a turn's moves ([`SessionStore::append_moves`]).
///
/// [`SessionStore::append_moves`]: super::sessions::SessionStore::append_moves
pub(super) fn put_clock<DB>(c: &ClockRow) -> sqlx::query::Query<'_, DB, DB::Arguments>
where
    DB: Backend,
    for<'q> i64: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    for<'q> Option<i64>: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
{
    sqlx::query(
        "INSERT INTO clocks (session_id, per_move, ply, turn_started, deadline, reminded, next_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (session_id) DO UPDATE SET per_move = excluded.per_move, \
         ply = excluded.ply, turn_started = excluded.turn_started, deadline = excluded.deadline, \
         reminded = excluded.reminded, next_at = excluded.next_at",
    )
    .bind(c.session)
    .bind(c.per_move)
    .bind(c.ply as i64)
    .bind(c.turn_started)
    .bind(c.deadline)
    .bind(i64::from(c.reminded))
    .bind(c.next_at)
}

/// The implementation for both databases.
#[async_trait::async_trait]
impl<DB> ClockStore for SqlStore<DB>
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
    async fn clock(&self, session: i64) -> Result<Option<ClockRow>, StoreError> {
        self.guarded(async move {
            let row = sqlx::query("SELECT * FROM clocks WHERE session_id = $1")
                .bind(session)
                .fetch_optional(&self.pool)
                .await?;
            Ok(row.as_ref().map(clock_of))
        })
        .await
    }

    async fn put_clock(&self, c: &ClockRow) -> Result<(), StoreError> {
        self.guarded(async move {
            put_clock::<DB>(c).execute(&self.pool).await?;
            Ok(())
        })
        .await
    }

    async fn mark_reminded(
        &self,
        session: i64,
        ply: usize,
        from: u8,
        to: u8,
        next_at: Option<i64>,
    ) -> Result<(), StoreError> {
        self.guarded(async move {
            let done = sqlx::query(
                "UPDATE clocks SET reminded = $1, next_at = $2 WHERE session_id = $3 AND ply = $4 AND reminded = $5",
            )
            .bind(i64::from(to))
            .bind(next_at)
            .bind(session)
            .bind(ply as i64)
            .bind(i64::from(from))
            .execute(&self.pool)
            .await?;
            changed_one(DB::rows_affected(&done))
        })
        .await
    }

    async fn due_clocks(&self, now: i64) -> Result<Vec<(i64, u64)>, StoreError> {
        self.guarded(async move {
            let rows = sqlx::query(
                "SELECT c.session_id, s.channel_id FROM clocks c JOIN sessions s ON s.id = c.session_id \
                 WHERE c.next_at IS NOT NULL AND c.next_at <= $1 AND s.state = 'playing' ORDER BY c.next_at",
            )
            .bind(now)
            .fetch_all(&self.pool)
            .await?;
            Ok(rows.iter().map(|r| (r.get::<i64, _>(0), r.get::<i64, _>(1) as u64)).collect())
        })
        .await
    }

    async fn next_wake(&self) -> Result<Option<i64>, StoreError> {
        self.guarded(async move {
            let row = sqlx::query(
                "SELECT MIN(t) FROM (SELECT MIN(c.next_at) AS t FROM clocks c JOIN sessions s ON s.id = c.session_id \
                 WHERE c.next_at IS NOT NULL AND s.state = 'playing' \
                 UNION ALL SELECT MIN(archive_at) FROM threads WHERE archive_at IS NOT NULL \
                 UNION ALL SELECT MIN(CASE WHEN check_in = TRUE AND check_in_open = FALSE THEN starts_at - $1 \
                 ELSE starts_at END) FROM tournaments WHERE state = 'signup' \
                 UNION ALL SELECT MIN(round_due) FROM tournaments WHERE state = 'running') AS wakes",
            )
            .bind(super::CHECK_IN_SECONDS)
            .fetch_one(&self.pool)
            .await?;
            Ok(row.get::<Option<i64>, _>(0))
        })
        .await
    }

    async fn put_offer(&self, o: &OfferRow) -> Result<(), StoreError> {
        self.guarded(async move {
            let done = sqlx::query(
                "INSERT INTO offers (session_id, kind, by_user, ply, created_at, nonce) VALUES ($1, $2, $3, $4, $5, $6) \
                 ON CONFLICT (session_id) DO NOTHING",
            )
            .bind(o.session)
            .bind(o.kind.as_str())
            .bind(o.by as i64)
            .bind(o.ply as i64)
            .bind(o.created_at)
            .bind(i64::from(o.nonce))
            .execute(&self.pool)
            .await?;
            changed_one(DB::rows_affected(&done))
        })
        .await
    }

    async fn offer(&self, session: i64) -> Result<Option<OfferRow>, StoreError> {
        self.guarded(async move {
            let row = sqlx::query("SELECT * FROM offers WHERE session_id = $1")
                .bind(session)
                .fetch_optional(&self.pool)
                .await?;
            let Some(row) = row else { return Ok(None) };
            let kind: String = row.get("kind");
            let kind = OfferKind::parse(&kind)
                .ok_or_else(|| StoreError::Corrupt(format!("session {session}: unknown offer {kind}")))?;
            Ok(Some(OfferRow {
                session,
                kind,
                by: row.get::<i64, _>("by_user") as u64,
                ply: row.get::<i64, _>("ply") as usize,
                created_at: row.get("created_at"),
                nonce: row.get::<i64, _>("nonce") as u32,
            }))
        })
        .await
    }

    async fn clear_offer(&self, session: i64) -> Result<(), StoreError> {
        self.guarded(async move {
            sqlx::query("DELETE FROM offers WHERE session_id = $1").bind(session).execute(&self.pool).await?;
            Ok(())
        })
        .await
    }
}
