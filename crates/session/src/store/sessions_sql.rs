//! [`SessionStore`] over SQL: one body for SQLite and Postgres (the `sessions` and `moves` tables of
//! `migrations/` and `migrations-postgres/`). Numbered `$n` placeholders, which both databases take: SQLite reads
//! `$1` as a named parameter, numbered in order of first appearance, and every query here names its parameters in
//! that order (a parameter may appear again later). The one difference between the databases is how a session's
//! moves are gathered into one JSON array: each database's [`Backend::SESSION_COLUMNS`] names its aggregate.

use sqlx::Row;

use super::StoreError;
use super::clocks::ClockRow;
use super::clocks_sql::put_clock;
use super::sessions::{Ending, NewSession, PlayerRow, SessionRow, SessionState, SessionStore};
use super::sql::{Backend, SqlStore};
use super::sql::{changed_one, conflict_on_unique, session_record};

/// Moves to append to a session, queued for the store's next group commit
/// ([`SessionStore::append_moves`]'s arguments).
pub(super) struct AppendMoves {
    id: i64,
    version: usize,
    moves: Vec<(usize, String)>,
    finished: Option<Ending>,
    now: i64,
    clock: Option<ClockRow>,
}

/// The SQL condition for a session that still occupies its channel.
const OPEN: &str = "state IN ('challenge', 'playing')";

/// A statement that reads sessions with their moves ([`Backend::SESSION_COLUMNS`]) from `sessions s`, then
/// `rest` (its condition and order).
fn select_sessions<DB: Backend>(rest: &str) -> sqlx::AssertSqlSafe<String> {
    sqlx::AssertSqlSafe(format!("SELECT {} FROM sessions s {rest}", DB::SESSION_COLUMNS))
}

/// Adds session `id`'s players to `session_players` (see `migrations/0019_session_players.sql`).
async fn seat_players<DB>(
    tx: &mut sqlx::Transaction<'_, DB>,
    id: i64,
    players: &[PlayerRow],
) -> Result<(), sqlx::Error>
where
    DB: Backend,
    for<'c> &'c mut DB::Connection: sqlx::Executor<'c, Database = DB>,
    DB::Arguments: sqlx::IntoArguments<DB>,
    for<'q> i64: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
{
    for p in players {
        sqlx::query(
            "INSERT INTO session_players (session_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        )
        .bind(id)
        .bind(p.id as i64)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

#[async_trait::async_trait]
impl<DB> SessionStore for SqlStore<DB>
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
    async fn open_session(&self, channel: u64) -> Result<Option<SessionRow>, StoreError> {
        self.guarded(async move {
            let row = sqlx::query(select_sessions::<DB>(&format!("WHERE channel_id = $1 AND {OPEN}")))
                .bind(channel as i64)
                .fetch_optional(&self.pool)
                .await?;
            row.as_ref().map(session_record).transpose()
        })
        .await
    }

    async fn session(&self, id: i64) -> Result<Option<SessionRow>, StoreError> {
        self.guarded(async move {
            let row = sqlx::query(select_sessions::<DB>("WHERE id = $1"))
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
            row.as_ref().map(session_record).transpose()
        })
        .await
    }

    async fn open_sessions(&self) -> Result<Vec<SessionRow>, StoreError> {
        self.guarded(async move {
            let rows = sqlx::query(select_sessions::<DB>(&format!("WHERE {OPEN} ORDER BY id")))
                .fetch_all(&self.pool)
                .await?;
            rows.iter().map(session_record).collect()
        })
        .await
    }

    async fn open_sessions_of(&self, user: u64) -> Result<Vec<SessionRow>, StoreError> {
        self.guarded(async move {
            // `session_players` lists every session the member ever sat in; the rows read are checked seat by seat.
            let rest = format!(
                "WHERE {OPEN} AND s.id IN (SELECT session_id FROM session_players WHERE user_id = $1) ORDER BY id"
            );
            let rows = sqlx::query(select_sessions::<DB>(&rest)).bind(user as i64).fetch_all(&self.pool).await?;
            let rows: Vec<SessionRow> = rows.iter().map(session_record).collect::<Result<_, _>>()?;
            Ok(rows.into_iter().filter(|r| r.players.iter().any(|p| p.id == user && !p.abandoned)).collect())
        })
        .await
    }

    async fn create(&self, s: &NewSession) -> Result<i64, StoreError> {
        self.guarded(async move {
            let players = serde_json::to_string(&s.players).expect("players serialize");
            let mut tx = self.pool.begin().await?;
            let row = sqlx::query(
                "INSERT INTO sessions (channel_id, guild_id, game, variant, seed, players, challenger, state, \
                 version, created_at, expires_at, updated_at, rated) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9, $10, $9, $11) RETURNING id",
            )
            .bind(s.channel as i64)
            .bind(s.guild.map(|g| g as i64))
            .bind(s.game.name())
            .bind(&s.setup.variant)
            .bind(s.setup.seed as i64)
            .bind(players)
            .bind(s.challenger as i64)
            .bind(s.state.as_str())
            .bind(s.now)
            .bind(s.expires_at)
            .bind(s.rated)
            .fetch_one(&mut *tx)
            .await;
            let id: i64 = conflict_on_unique(row)?.get(0);
            seat_players(&mut tx, id, &s.players).await?;
            tx.commit().await?;
            Ok(id)
        })
        .await
    }

    async fn accept(&self, id: i64, seats: &[PlayerRow], start: bool, now: i64) -> Result<(), StoreError> {
        self.guarded(async move {
            let players = serde_json::to_string(seats).expect("players serialize");
            let mut tx = self.pool.begin().await?;
            let state = if start { SessionState::Playing } else { SessionState::Challenge };
            let done = sqlx::query(
                "UPDATE sessions SET players = $1, state = $2, updated_at = $3 WHERE id = $4 AND state = 'challenge'",
            )
            .bind(players)
            .bind(state.as_str())
            .bind(now)
            .bind(id)
            .execute(&mut *tx)
            .await?;
            changed_one(DB::rows_affected(&done))?;
            seat_players(&mut tx, id, seats).await?;
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    async fn set_message(&self, id: i64, message: u64) -> Result<(), StoreError> {
        self.guarded(async move {
            sqlx::query("UPDATE sessions SET message_id = $1 WHERE id = $2")
                .bind(message as i64)
                .bind(id)
                .execute(&self.pool)
                .await?;
            Ok(())
        })
        .await
    }

    async fn due_challenges(&self, now: i64) -> Result<Vec<(i64, u64)>, StoreError> {
        self.guarded(async move {
            let rows = sqlx::query(
                "SELECT id, channel_id FROM sessions WHERE state = 'challenge' AND expires_at <= $1 \
                 ORDER BY expires_at",
            )
            .bind(now)
            .fetch_all(&self.pool)
            .await?;
            Ok(rows.iter().map(|r| (r.get::<i64, _>(0), r.get::<i64, _>(1) as u64)).collect())
        })
        .await
    }

    async fn transition(
        &self,
        id: i64,
        from: SessionState,
        to: SessionState,
        ending: Option<&Ending>,
        now: i64,
    ) -> Result<(), StoreError> {
        self.guarded(async move {
            let (kind, seats, member, reason, places) = Ending::columns(ending);
            let done = sqlx::query(
                "UPDATE sessions SET state = $1, end_kind = COALESCE($2, end_kind), \
                 end_seats = COALESCE($3, end_seats), end_member = COALESCE($4, end_member), \
                 end_reason = COALESCE($5, end_reason), end_places = COALESCE($6, end_places), \
                 updated_at = $7 WHERE id = $8 AND state = $9",
            )
            .bind(to.as_str())
            .bind(kind)
            .bind(seats)
            .bind(member)
            .bind(reason)
            .bind(places)
            .bind(now)
            .bind(id)
            .bind(from.as_str())
            .execute(&self.pool)
            .await?;
            changed_one(DB::rows_affected(&done))
        })
        .await
    }

    async fn append_moves(
        &self,
        id: i64,
        version: usize,
        moves: &[(usize, String)],
        finished: Option<&Ending>,
        now: i64,
        clock: Option<&ClockRow>,
    ) -> Result<(), StoreError> {
        self.guarded(async move {
            let write = AppendMoves {
                id,
                version,
                moves: moves.to_vec(),
                finished: finished.cloned(),
                now,
                clock: clock.cloned(),
            };
            // Concurrent moves share one transaction (one flush to disk). A write whose version check fails
            // changes nothing, so it needs no savepoint of its own: it fails alone (a conflict) and the others go
            // on. Any other error stops the whole transaction, and none of the batch is stored.
            self.appends
                .submit(write, |writes| async move {
                    let mut tx = self.pool.begin().await?;
                    let mut results = Vec::with_capacity(writes.len());
                    for w in &writes {
                        let state =
                            if w.finished.is_some() { SessionState::Finished } else { SessionState::Playing };
                        let (kind, seats, member, reason, places) = Ending::columns(w.finished.as_ref());
                        let done = sqlx::query(
                            "UPDATE sessions SET version = $1, state = $2, end_kind = $3, end_seats = $4, \
                             end_member = $5, end_reason = $6, end_places = $7, updated_at = $8 \
                             WHERE id = $9 AND version = $10 AND state = 'playing'",
                        )
                        .bind((w.version + w.moves.len()) as i64)
                        .bind(state.as_str())
                        .bind(kind)
                        .bind(seats)
                        .bind(member)
                        .bind(reason)
                        .bind(places)
                        .bind(w.now)
                        .bind(w.id)
                        .bind(w.version as i64)
                        .execute(&mut *tx)
                        .await?;
                        if let Err(conflict) = changed_one(DB::rows_affected(&done)) {
                            results.push(Err(conflict));
                            continue;
                        }
                        if !w.moves.is_empty() {
                            // All of a turn's moves in one statement.
                            let mut insert = sqlx::QueryBuilder::new(
                                "INSERT INTO moves (session_id, ply, seat, notation, played_at) ",
                            );
                            insert.push_values(
                                w.moves.iter().enumerate(),
                                |mut row, (i, (seat, notation))| {
                                    row.push_bind(w.id)
                                        .push_bind((w.version + i + 1) as i64)
                                        .push_bind(*seat as i64)
                                        .push_bind(notation.as_str())
                                        .push_bind(w.now);
                                },
                            );
                            insert.build().execute(&mut *tx).await?;
                        }
                        if let Some(clock) = &w.clock {
                            put_clock::<DB>(clock).execute(&mut *tx).await?;
                        }
                        results.push(Ok(()));
                    }
                    tx.commit().await?;
                    Ok(results)
                })
                .await
        })
        .await
    }

    async fn truncate_moves(&self, id: i64, version: usize, keep: usize, now: i64) -> Result<(), StoreError> {
        self.guarded(async move {
            let mut tx = self.pool.begin().await?;
            let done = sqlx::query(
                "UPDATE sessions SET version = $1, updated_at = $2 WHERE id = $3 AND version = $4 AND state = 'playing'",
            )
            .bind(keep as i64)
            .bind(now)
            .bind(id)
            .bind(version as i64)
            .execute(&mut *tx)
            .await?;
            changed_one(DB::rows_affected(&done))?;
            sqlx::query("DELETE FROM moves WHERE session_id = $1 AND ply > $2")
                .bind(id)
                .bind(keep as i64)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    async fn set_players(&self, id: i64, seats: &[PlayerRow], now: i64) -> Result<(), StoreError> {
        self.guarded(async move {
            let players = serde_json::to_string(seats).expect("players serialize");
            let mut tx = self.pool.begin().await?;
            let done = sqlx::query(
                "UPDATE sessions SET players = $1, updated_at = $2 WHERE id = $3 AND state = 'playing'",
            )
            .bind(players)
            .bind(now)
            .bind(id)
            .execute(&mut *tx)
            .await?;
            changed_one(DB::rows_affected(&done))?;
            seat_players(&mut tx, id, seats).await?;
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    async fn mark_hinted(&self, id: i64) -> Result<bool, StoreError> {
        self.guarded(async move {
            let done =
                sqlx::query("UPDATE sessions SET hinted = TRUE, rated = FALSE WHERE id = $1 AND NOT hinted")
                    .bind(id)
                    .execute(&self.pool)
                    .await?;
            Ok(DB::rows_affected(&done) == 1)
        })
        .await
    }

    async fn claim_turn(
        &self,
        id: i64,
        version: usize,
        owner: u64,
        now: i64,
        until: i64,
    ) -> Result<bool, StoreError> {
        self.guarded(async move {
            let done = sqlx::query(
                "UPDATE sessions SET claim_version = $1, claim_until = $2, claim_by = $3 WHERE id = $4 \
                 AND state = 'playing' AND version = $1 \
                 AND (claim_version IS NULL OR claim_version <> $1 OR claim_until <= $5 OR claim_by = $3)",
            )
            .bind(version as i64)
            .bind(until)
            .bind(owner as i64)
            .bind(id)
            .bind(now)
            .execute(&self.pool)
            .await?;
            Ok(DB::rows_affected(&done) == 1)
        })
        .await
    }
}
