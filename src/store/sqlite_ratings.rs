//! The SQLite store's results, history, ratings and leaderboards (tables of migration 0005). Every query reads
//! through an index: `/history` by (member, server, newest), the leaderboard by (game, server, rating).

use std::str::FromStr;

use sqlx::sqlite::SqliteRow;
use sqlx::{Row, Sqlite, Transaction};

use super::ratings::{Change, Ledger, TREND_POINTS, board, boards, rate};
use super::{
    GameResult, HistoryEntry, HistoryPage, Leaderboard, Placed, Ranked, RatingRow, SqliteStore, StoreError,
};
use crate::games::GameKind;
use crate::rating::Rating;

fn game_of(text: &str) -> Result<GameKind, StoreError> {
    GameKind::from_str(text).map_err(|_| StoreError::Corrupt(format!("unknown game `{text}` in the ratings")))
}

fn rating_row(row: &SqliteRow) -> Result<RatingRow, StoreError> {
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

async fn save_row(tx: &mut Transaction<'_, Sqlite>, row: &RatingRow) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT OR REPLACE INTO ratings (game, guild_id, user_id, name, rating, deviation, volatility, games, wins, \
         draws, losses, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
    .execute(&mut **tx)
    .await?;
    Ok(())
}

async fn save_change(tx: &mut Transaction<'_, Sqlite>, c: &Change) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO rating_history (session_id, game, guild_id, user_id, rating, deviation, at) \
         VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(c.session)
    .bind(c.game.name())
    .bind(c.guild as i64)
    .bind(c.user as i64)
    .bind(c.rating)
    .bind(c.deviation)
    .bind(c.at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

impl SqliteStore {
    pub(super) async fn record_result_sql(&self, result: &GameResult) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        // The first statement writes, so the transaction holds the write lock before it reads any rating.
        let inserted = sqlx::query(
            "INSERT INTO results (session_id, seq, game, guild_id, rated, places, ended_at) \
             VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM results), ?, ?, ?, ?, ?)",
        )
        .bind(result.session)
        .bind(result.game.name())
        .bind(result.guild.map(|g| g as i64))
        .bind(result.rated)
        .bind(
            serde_json::to_string(&result.players.iter().map(|p| p.place).collect::<Vec<_>>())
                .expect("places"),
        )
        .bind(result.ended_at)
        .execute(&mut *tx)
        .await;
        match inserted {
            Ok(_) => {}
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => return Err(StoreError::Conflict),
            Err(e) => return Err(e.into()),
        }
        let seq: i64 = sqlx::query_scalar("SELECT seq FROM results WHERE session_id = ?")
            .bind(result.session)
            .fetch_one(&mut *tx)
            .await?;
        for (seat, p) in result.players.iter().enumerate() {
            sqlx::query(
                "INSERT INTO game_players (session_id, seat, user_id, name, place, game, guild_id, seq, ended_at) \
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
            .execute(&mut *tx)
            .await?;
        }
        if result.rated {
            for guild in boards(result.guild) {
                let mut before = Vec::with_capacity(result.players.len());
                for p in &result.players {
                    let row =
                        sqlx::query("SELECT * FROM ratings WHERE game = ? AND guild_id = ? AND user_id = ?")
                            .bind(result.game.name())
                            .bind(guild as i64)
                            .bind(p.user as i64)
                            .fetch_optional(&mut *tx)
                            .await?;
                    before.push(row.as_ref().map(rating_row).transpose()?);
                }
                for row in rate(result, guild, &before) {
                    save_row(&mut tx, &row).await?;
                    let change = Change {
                        session: result.session,
                        game: row.game,
                        guild,
                        user: row.user,
                        rating: row.rating.rating,
                        deviation: row.rating.deviation,
                        at: result.ended_at,
                    };
                    save_change(&mut tx, &change).await?;
                }
            }
        }
        tx.commit().await?;
        Ok(())
    }

    pub(super) async fn ratings_of_sql(
        &self,
        user: u64,
        guild: Option<u64>,
    ) -> Result<Vec<RatingRow>, StoreError> {
        let mut out = Vec::new();
        for guild in boards(guild) {
            let rows = sqlx::query("SELECT * FROM ratings WHERE guild_id = ? AND user_id = ?")
                .bind(guild as i64)
                .bind(user as i64)
                .fetch_all(&self.pool)
                .await?;
            for row in &rows {
                out.push(rating_row(row)?);
            }
        }
        out.sort_by_key(|r| (GameKind::ALL.iter().position(|g| *g == r.game), r.guild == super::ALL_SERVERS));
        Ok(out)
    }

    pub(super) async fn history_sql(
        &self,
        user: u64,
        guild: Option<u64>,
        game: Option<GameKind>,
        page: usize,
        per_page: usize,
    ) -> Result<HistoryPage, StoreError> {
        // `?3` is the game, or NULL for every game; the index on (member, server, newest) serves both.
        let game_name = game.map(GameKind::name);
        let total: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM game_players WHERE user_id = ?1 AND guild_id = ?2 AND (?3 IS NULL OR game = ?3)",
        )
        .bind(user as i64)
        .bind(board(guild) as i64)
        .bind(game_name)
        .fetch_one(&self.pool)
        .await?;
        let total = total as usize;
        let ids: Vec<i64> = sqlx::query_scalar(
            "SELECT session_id FROM game_players WHERE user_id = ?1 AND guild_id = ?2 AND (?3 IS NULL OR game = ?3) \
             ORDER BY seq DESC LIMIT ?4 OFFSET ?5",
        )
        .bind(user as i64)
        .bind(board(guild) as i64)
        .bind(game_name)
        .bind(per_page as i64)
        .bind(page.saturating_mul(per_page) as i64)
        .fetch_all(&self.pool)
        .await?;
        if ids.is_empty() {
            return Ok(HistoryPage { entries: Vec::new(), total });
        }
        let rows = sqlx::query(
            "SELECT p.session_id, p.user_id, p.name, p.place, p.game, p.ended_at, r.rated FROM game_players p \
             JOIN results r ON r.session_id = p.session_id \
             WHERE p.session_id IN (SELECT value FROM json_each(?)) ORDER BY p.seat",
        )
        .bind(serde_json::to_string(&ids).expect("ids serialize"))
        .fetch_all(&self.pool)
        .await?;
        let mut entries: Vec<HistoryEntry> = Vec::with_capacity(ids.len());
        for id in &ids {
            let mut entry: Option<HistoryEntry> = None;
            for row in rows.iter().filter(|r| r.get::<i64, _>("session_id") == *id) {
                let entry = match &mut entry {
                    Some(e) => e,
                    None => entry.insert(HistoryEntry {
                        session: *id,
                        game: game_of(row.get("game"))?,
                        rated: row.get::<i64, _>("rated") != 0,
                        ended_at: row.get("ended_at"),
                        players: Vec::new(),
                    }),
                };
                entry.players.push(Placed {
                    user: row.get::<i64, _>("user_id") as u64,
                    name: row.get("name"),
                    place: row.get::<i64, _>("place") as usize,
                });
            }
            entries.extend(entry);
        }
        Ok(HistoryPage { entries, total })
    }

    /// `row` on its board, at `place` when known (in the top, from the list), otherwise counted.
    async fn ranked(&self, row: RatingRow, place: Option<usize>) -> Result<Ranked, StoreError> {
        let place = if let Some(place) = place {
            place
        } else {
            let above: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM ratings WHERE game = ? AND guild_id = ? AND rating > ?",
            )
            .bind(row.game.name())
            .bind(row.guild as i64)
            .bind(row.rating.rating)
            .fetch_one(&self.pool)
            .await?;
            above as usize + 1
        };
        let mut trend: Vec<f64> = sqlx::query_scalar(
            "SELECT rating FROM rating_history WHERE game = ? AND guild_id = ? AND user_id = ? \
             ORDER BY id DESC LIMIT ?",
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

    pub(super) async fn leaderboard_sql(
        &self,
        game: GameKind,
        guild: Option<u64>,
        user: u64,
        top: usize,
    ) -> Result<Leaderboard, StoreError> {
        let guild = board(guild);
        let rows = sqlx::query(
            "SELECT * FROM ratings WHERE game = ? AND guild_id = ? ORDER BY rating DESC, user_id LIMIT ?",
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
        let players: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM ratings WHERE game = ? AND guild_id = ?")
            .bind(game.name())
            .bind(guild as i64)
            .fetch_one(&self.pool)
            .await?;
        let own = if best.iter().any(|r| r.row.user == user) {
            None
        } else {
            let row = sqlx::query("SELECT * FROM ratings WHERE game = ? AND guild_id = ? AND user_id = ?")
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
    }

    pub(super) async fn rebuild_ratings_sql(&self) -> Result<usize, StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM ratings").execute(&mut *tx).await?;
        sqlx::query("DELETE FROM rating_history").execute(&mut *tx).await?;
        let rows = sqlx::query(
            "SELECT r.session_id, r.game, r.guild_id, r.ended_at, p.user_id, p.name, p.place FROM results r \
             JOIN game_players p ON p.session_id = r.session_id WHERE r.rated = 1 ORDER BY r.seq, p.seat",
        )
        .fetch_all(&mut *tx)
        .await?;
        let mut results: Vec<GameResult> = Vec::new();
        for row in &rows {
            let session: i64 = row.get("session_id");
            if results.last().is_none_or(|r| r.session != session) {
                results.push(GameResult {
                    session,
                    game: game_of(row.get("game"))?,
                    guild: row.get::<Option<i64>, _>("guild_id").map(|g| g as u64),
                    players: Vec::new(),
                    rated: true,
                    ended_at: row.get("ended_at"),
                });
            }
            if let Some(result) = results.last_mut() {
                result.players.push(Placed {
                    user: row.get::<i64, _>("user_id") as u64,
                    name: row.get("name"),
                    place: row.get::<i64, _>("place") as usize,
                });
            }
        }
        let mut ledger = Ledger::default();
        for result in &results {
            ledger.apply(result);
        }
        for row in ledger.ratings.values() {
            save_row(&mut tx, row).await?;
        }
        for change in &ledger.changes {
            save_change(&mut tx, change).await?;
        }
        tx.commit().await?;
        Ok(results.len())
    }
}
