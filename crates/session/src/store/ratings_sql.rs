//! [`RatingStore`] over SQL: one body for SQLite and Postgres (the `results`, `game_players`, `ratings` and
//! `rating_history` tables of `migrations/0005_ratings.sql` and `migrations-postgres/0003_ratings.sql`). Numbered
//! `$n` placeholders, as in `sessions_sql.rs`. Every query reads through an index: `/history` by (member, server,
//! newest), the leaderboard by (game, server, rating).
//!
//! Results are recorded (and ratings updated) one at a time, in one order: each store's `serialize_results` hook
//! makes a transaction wait for the others (Postgres takes an advisory lock; SQLite's first write takes the
//! database's write lock, so it has nothing to do).

use super::ratings::{Change, Ledger, RatingStore, TREND_POINTS, board, boards, rate};
use super::sql::{Backend, SqlStore};
use super::sql::{conflict_on_unique, game_results, rating_row};
use super::{ALL_SERVERS, GameResult, HistoryEntry, HistoryPage, Leaderboard, Ranked, RatingRow, StoreError};
use crate::games::GameKind;

/// The implementation for both databases.
impl<DB> SqlStore<DB>
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
    async fn save_rating(conn: &mut DB::Connection, row: &RatingRow) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO ratings (game, guild_id, user_id, name, rating, deviation, volatility, games, wins, \
             draws, losses, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) \
             ON CONFLICT (game, guild_id, user_id) DO UPDATE SET name = excluded.name, \
             rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility, \
             games = excluded.games, wins = excluded.wins, draws = excluded.draws, \
             losses = excluded.losses, updated_at = excluded.updated_at",
        )
        .bind(row.game.name())
        .bind(row.guild as i64)
        .bind(row.user as i64)
        .bind(&row.name)
        .bind(row.rating.rating)
        .bind(row.rating.deviation)
        .bind(row.rating.volatility)
        .bind(i64::from(row.games))
        .bind(i64::from(row.wins))
        .bind(i64::from(row.draws))
        .bind(i64::from(row.losses))
        .bind(row.updated_at)
        .execute(&mut *conn)
        .await?;
        Ok(())
    }

    async fn save_change(conn: &mut DB::Connection, c: &Change) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO rating_history (session_id, game, guild_id, user_id, rating, deviation, at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(c.session)
        .bind(c.game.name())
        .bind(c.guild as i64)
        .bind(c.user as i64)
        .bind(c.rating)
        .bind(c.deviation)
        .bind(c.at)
        .execute(&mut *conn)
        .await?;
        Ok(())
    }

    /// `row` on its board, at `place` when known (in the top, from the list), otherwise counted.
    async fn ranked(&self, row: RatingRow, place: Option<usize>) -> Result<Ranked, StoreError> {
        let place = if let Some(place) = place {
            place
        } else {
            let above: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM ratings WHERE game = $1 AND guild_id = $2 AND rating > $3",
            )
            .bind(row.game.name())
            .bind(row.guild as i64)
            .bind(row.rating.rating)
            .fetch_one(&self.pool)
            .await?;
            above as usize + 1
        };
        let mut trend: Vec<f64> = sqlx::query_scalar(
            "SELECT rating FROM rating_history WHERE game = $1 AND guild_id = $2 AND user_id = $3 \
             ORDER BY id DESC LIMIT $4",
        )
        .bind(row.game.name())
        .bind(row.guild as i64)
        .bind(row.user as i64)
        .bind(TREND_POINTS as i64)
        .fetch_all(&self.pool)
        .await?;
        trend.reverse();
        Ok(Ranked { place, row, trend })
    }
}

#[async_trait::async_trait]
impl<DB> RatingStore for SqlStore<DB>
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
    async fn record_result(&self, result: &GameResult) -> Result<(), StoreError> {
        self.guarded(async move {
            let mut tx = self.pool.begin().await?;
            DB::serialize_results(&mut tx).await?;
            let places: Vec<usize> = result.players.iter().map(|p| p.place).collect();
            let inserted = sqlx::query(
                "INSERT INTO results (session_id, seq, game, guild_id, rated, places, ended_at) \
                 VALUES ($1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM results), $2, $3, $4, $5, $6)",
            )
            .bind(result.session)
            .bind(result.game.name())
            .bind(result.guild.map(|g| g as i64))
            .bind(result.rated)
            .bind(serde_json::to_string(&places).expect("places serialize"))
            .bind(result.ended_at)
            .execute(&mut *tx)
            .await;
            conflict_on_unique(inserted)?;
            let seq: i64 = sqlx::query_scalar("SELECT seq FROM results WHERE session_id = $1")
                .bind(result.session)
                .fetch_one(&mut *tx)
                .await?;
            for (seat, p) in result.players.iter().enumerate() {
                sqlx::query(
                    "INSERT INTO game_players (session_id, seat, user_id, name, place, game, guild_id, seq, \
                     ended_at, level) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                )
                .bind(result.session)
                .bind(seat as i64)
                .bind(p.user as i64)
                .bind(&p.name)
                .bind(p.place as i64)
                .bind(result.game.name())
                .bind(board(result.guild) as i64)
                .bind(seq)
                .bind(result.ended_at)
                .bind(p.level.map(i64::from))
                .execute(&mut *tx)
                .await?;
            }
            if result.rated {
                for guild in boards(result.guild) {
                    let mut before = Vec::with_capacity(result.players.len());
                    for p in &result.players {
                        let row = sqlx::query(
                            "SELECT * FROM ratings WHERE game = $1 AND guild_id = $2 AND user_id = $3",
                        )
                        .bind(result.game.name())
                        .bind(guild as i64)
                        .bind(p.user as i64)
                        .fetch_optional(&mut *tx)
                        .await?;
                        before.push(row.as_ref().map(rating_row).transpose()?);
                    }
                    for row in rate(result, guild, &before) {
                        Self::save_rating(&mut tx, &row).await?;
                        Self::save_change(&mut tx, &Change::of(result, &row)).await?;
                    }
                }
            }
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    async fn ratings_of(&self, user: u64, guild: Option<u64>) -> Result<Vec<RatingRow>, StoreError> {
        self.guarded(async move {
            let mut out = Vec::new();
            for guild in boards(guild) {
                let rows = sqlx::query("SELECT * FROM ratings WHERE guild_id = $1 AND user_id = $2")
                    .bind(guild as i64)
                    .bind(user as i64)
                    .fetch_all(&self.pool)
                    .await?;
                for row in &rows {
                    out.push(rating_row(row)?);
                }
            }
            out.sort_by_key(|r| (GameKind::ALL.iter().position(|g| *g == r.game), r.guild == ALL_SERVERS));
            Ok(out)
        })
        .await
    }

    async fn history(
        &self,
        user: u64,
        guild: Option<u64>,
        game: Option<GameKind>,
        page: usize,
        per_page: usize,
    ) -> Result<HistoryPage, StoreError> {
        self.guarded(async move {
            // `$3` is the game, or NULL for every game; the index on (member, server, newest) serves both.
            let game_name = game.map(GameKind::name);
            let total: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM game_players WHERE user_id = $1 AND guild_id = $2 \
                 AND (CAST($3 AS TEXT) IS NULL OR game = $3)",
            )
            .bind(user as i64)
            .bind(board(guild) as i64)
            .bind(game_name)
            .fetch_one(&self.pool)
            .await?;
            // The page's games (newest first), with everyone who played them (in seat order).
            let rows = sqlx::query(
                "SELECT r.session_id, r.game, r.guild_id, r.rated, r.ended_at, p.user_id, p.name, p.place, p.level FROM \
                 (SELECT session_id, seq FROM game_players WHERE user_id = $1 AND guild_id = $2 \
                 AND (CAST($3 AS TEXT) IS NULL OR game = $3) ORDER BY seq DESC LIMIT $4 OFFSET $5) page \
                 JOIN game_players p ON p.session_id = page.session_id \
                 JOIN results r ON r.session_id = p.session_id ORDER BY page.seq DESC, p.seat",
            )
            .bind(user as i64)
            .bind(board(guild) as i64)
            .bind(game_name)
            .bind(per_page as i64)
            .bind(page.saturating_mul(per_page) as i64)
            .fetch_all(&self.pool)
            .await?;
            let entries = game_results(&rows)?.into_iter().map(HistoryEntry::from).collect();
            Ok(HistoryPage { entries, total: total as usize })
        })
        .await
    }

    async fn leaderboard(
        &self,
        game: GameKind,
        guild: Option<u64>,
        user: u64,
        top: usize,
    ) -> Result<Leaderboard, StoreError> {
        self.guarded(async move {
            let guild = board(guild);
            let rows = sqlx::query(
                "SELECT * FROM ratings WHERE game = $1 AND guild_id = $2 ORDER BY rating DESC, user_id LIMIT $3",
            )
            .bind(game.name())
            .bind(guild as i64)
            .bind(top as i64)
            .fetch_all(&self.pool)
            .await?;
            let mut best: Vec<Ranked> = Vec::with_capacity(rows.len());
            for (i, row) in rows.iter().enumerate() {
                let row = rating_row(row)?;
                // Sorted from the top: a tie shares the place above, anyone else is placed by position.
                let place = match best.last() {
                    Some(above) if above.row.rating.rating.total_cmp(&row.rating.rating).is_eq() => above.place,
                    _ => i + 1,
                };
                best.push(self.ranked(row, Some(place)).await?);
            }
            let players: i64 =
                sqlx::query_scalar("SELECT COUNT(*) FROM ratings WHERE game = $1 AND guild_id = $2")
                    .bind(game.name())
                    .bind(guild as i64)
                    .fetch_one(&self.pool)
                    .await?;
            let own = if best.iter().any(|r| r.row.user == user) {
                None
            } else {
                let row = sqlx::query("SELECT * FROM ratings WHERE game = $1 AND guild_id = $2 AND user_id = $3")
                    .bind(game.name())
                    .bind(guild as i64)
                    .bind(user as i64)
                    .fetch_optional(&self.pool)
                    .await?;
                match row {
                    Some(row) => Some(self.ranked(rating_row(&row)?, None).await?),
                    None => None,
                }
            };
            Ok(Leaderboard { game, guild, top: best, own, players: players as usize })
        })
        .await
    }

    async fn rebuild_ratings(&self) -> Result<usize, StoreError> {
        self.guarded(async move {
            let mut tx = self.pool.begin().await?;
            DB::serialize_results(&mut tx).await?;
            sqlx::query("DELETE FROM ratings").execute(&mut *tx).await?;
            sqlx::query("DELETE FROM rating_history").execute(&mut *tx).await?;
            let rows = sqlx::query(
                "SELECT r.session_id, r.game, r.guild_id, r.rated, r.ended_at, p.user_id, p.name, p.place, p.level \
                 FROM results r JOIN game_players p ON p.session_id = r.session_id WHERE r.rated ORDER BY r.seq, p.seat",
            )
            .fetch_all(&mut *tx)
            .await?;
            let results = game_results(&rows)?;
            let mut ledger = Ledger::default();
            for result in &results {
                ledger.apply(result);
            }
            for row in ledger.ratings() {
                Self::save_rating(&mut tx, row).await?;
            }
            for change in ledger.changes() {
                Self::save_change(&mut tx, change).await?;
            }
            tx.commit().await?;
            Ok(results.len())
        })
        .await
    }
}
