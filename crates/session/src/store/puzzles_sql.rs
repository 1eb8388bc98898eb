//! [`PuzzleStore`] over SQL: one body for SQLite and Postgres (the `puzzle_attempts` table of
//! `migrations/0015_puzzles.sql` and `migrations-postgres/0012_puzzles.sql`).

use sqlx::{ColumnIndex, Decode, Row, Type};

use super::StoreError;
use super::puzzles::{
    AttemptRow, AttemptUpdate, DailyPost, DailyServer, Fastest, NewAttempt, PuzzleRating, PuzzleStore,
    TACTIC_KIND, TacticRating, TacticRow, best_of_each,
};
use super::sql::changed_one;
use super::sql::{Backend, SqlStore};

fn attempt_of<'r, R>(row: &'r R) -> AttemptRow
where
    R: Row,
    &'r str: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    Option<i64>: Decode<'r, R::Database> + Type<R::Database>,
    String: Decode<'r, R::Database> + Type<R::Database>,
    bool: Decode<'r, R::Database> + Type<R::Database>,
{
    AttemptRow {
        id: row.get("id"),
        user: row.get::<i64, _>("user_id") as u64,
        name: row.get("name"),
        guild: row.get::<Option<i64>, _>("guild_id").map(|g| g as u64),
        kind: row.get("kind"),
        spec: row.get("spec"),
        state: row.get("state"),
        actions: row.get::<i64, _>("actions") as u32,
        hints: row.get::<i64, _>("hints") as u32,
        started_at: row.get("started_at"),
        solved_at: row.get("solved_at"),
        score: row.get::<Option<i64>, _>("score").map(|s| s as u32),
        open: row.get("open"),
    }
}

/// A row of `fastest`'s and `finished_attempts`' query as a line of a table.
fn fastest_of<'r, R>(row: &'r R) -> Fastest
where
    R: Row,
    &'r str: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    Option<i64>: Decode<'r, R::Database> + Type<R::Database>,
    String: Decode<'r, R::Database> + Type<R::Database>,
{
    Fastest {
        user: row.get::<i64, _>("user_id") as u64,
        name: row.get("name"),
        spec: row.get("spec"),
        score: row.get::<Option<i64>, _>("score").map(|s| s as u32),
        seconds: row.get("seconds"),
        actions: row.get::<i64, _>("actions") as u32,
        solved_at: row.get("solved_at"),
    }
}

fn daily_of<'r, R>(row: &'r R) -> DailyPost
where
    R: Row,
    &'r str: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    String: Decode<'r, R::Database> + Type<R::Database>,
{
    DailyPost {
        guild: row.get::<i64, _>("guild_id") as u64,
        day: row.get("day"),
        channel: row.get::<i64, _>("channel_id") as u64,
        kind: row.get("kind"),
        spec: row.get("spec"),
        posted_at: row.get("posted_at"),
    }
}

fn tactic_of<'r, R>(row: &'r R) -> TacticRow
where
    R: Row,
    &'r str: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    f64: Decode<'r, R::Database> + Type<R::Database>,
    String: Decode<'r, R::Database> + Type<R::Database>,
{
    TacticRow {
        key: row.get("key"),
        game: row.get("game"),
        body: row.get("body"),
        rating: row.get("rating"),
        deviation: row.get("deviation"),
        volatility: row.get("volatility"),
        plays: row.get::<i64, _>("plays") as u32,
    }
}

fn rating_of<'r, R>(row: &'r R) -> PuzzleRating
where
    R: Row,
    &'r str: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    f64: Decode<'r, R::Database> + Type<R::Database>,
{
    let count = |c: &'r str| row.get::<i64, _>(c) as u32;
    PuzzleRating {
        user: row.get::<i64, _>("user_id") as u64,
        rating: row.get("rating"),
        deviation: row.get("deviation"),
        volatility: row.get("volatility"),
        solved: count("solved"),
        failed: count("failed"),
        streak: count("streak"),
        best_streak: count("best_streak"),
        updated_at: row.get("updated_at"),
    }
}

/// An attempt's write (`update_attempt`, and the first write of `finish_tactic`), bound to `u`: it changes the
/// attempt only while it is open at the version `u` names.
macro_rules! update_attempt {
    ($u:expr) => {
        sqlx::query(
            "UPDATE puzzle_attempts SET state = $1, actions = $2, hints = $3, solved_at = $4, open = $5, \
             score = $9 WHERE id = $6 AND actions = $7 AND open = $8",
        )
        .bind(&$u.state)
        .bind(i64::from($u.actions))
        .bind(i64::from($u.hints))
        .bind($u.solved_at)
        .bind($u.solved_at.is_none())
        .bind($u.id)
        .bind(i64::from($u.from_actions))
        .bind(true)
        .bind($u.score.map(i64::from))
    };
}

/// The implementation for both databases.
#[async_trait::async_trait]
impl<DB> PuzzleStore for SqlStore<DB>
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
    async fn start_attempt(&self, new: &NewAttempt) -> Result<i64, StoreError> {
        self.guarded(async move {
            let mut tx = self.pool.begin().await?;
            sqlx::query("UPDATE puzzle_attempts SET open = $1 WHERE user_id = $2 AND open = $3")
                .bind(false)
                .bind(new.user as i64)
                .bind(true)
                .execute(&mut *tx)
                .await?;
            let row = sqlx::query(
                "INSERT INTO puzzle_attempts (user_id, name, guild_id, kind, spec, state, actions, hints, \
                 started_at, solved_at, open) VALUES ($1, $2, $3, $4, $5, $6, 0, 0, $7, NULL, $8) RETURNING id",
            )
            .bind(new.user as i64)
            .bind(&new.name)
            .bind(new.guild.map(|g| g as i64))
            .bind(&new.kind)
            .bind(&new.spec)
            .bind(&new.state)
            .bind(new.now)
            .bind(true)
            .fetch_one(&mut *tx)
            .await?;
            let id: i64 = row.get(0);
            tx.commit().await?;
            Ok(id)
        })
        .await
    }

    async fn attempt(&self, id: i64) -> Result<Option<AttemptRow>, StoreError> {
        self.guarded(async move {
            let row = sqlx::query("SELECT * FROM puzzle_attempts WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
            Ok(row.as_ref().map(attempt_of))
        })
        .await
    }

    async fn open_attempt(&self, user: u64) -> Result<Option<AttemptRow>, StoreError> {
        self.guarded(async move {
            let row = sqlx::query(
                "SELECT * FROM puzzle_attempts WHERE user_id = $1 AND open = $2 ORDER BY id DESC LIMIT 1",
            )
            .bind(user as i64)
            .bind(true)
            .fetch_optional(&self.pool)
            .await?;
            Ok(row.as_ref().map(attempt_of))
        })
        .await
    }

    async fn update_attempt(&self, u: &AttemptUpdate) -> Result<(), StoreError> {
        self.guarded(async move {
            let done = update_attempt!(u).execute(&self.pool).await?;
            changed_one(DB::rows_affected(&done))
        })
        .await
    }

    async fn fastest(
        &self,
        guild: Option<u64>,
        kind: &str,
        spec: Option<&str>,
        limit: usize,
    ) -> Result<Vec<Fastest>, StoreError> {
        self.guarded(async move {
            macro_rules! fastest_sql {
                ($guild:literal, $spec:literal) => {
                    concat!(
                        "SELECT user_id, name, spec, score, solved_at - started_at AS seconds, actions, solved_at \
                         FROM puzzle_attempts WHERE kind = $1 AND ",
                        $guild,
                        " AND ",
                        $spec,
                        " AND solved_at IS NOT NULL AND hints = 0 \
                         ORDER BY COALESCE(score, 0) DESC, seconds, actions, solved_at LIMIT 5000"
                    )
                };
            }
            let sql = match (guild.is_some(), spec.is_some()) {
                (true, true) => fastest_sql!("guild_id = $2", "spec = $3"),
                (true, false) => fastest_sql!("guild_id = $2", "$3 = ''"),
                (false, true) => fastest_sql!("guild_id IS NULL AND $2 = 0", "spec = $3"),
                (false, false) => fastest_sql!("guild_id IS NULL AND $2 = 0", "$3 = ''"),
            };
            let rows = sqlx::query(sql)
                .bind(kind)
                .bind(guild.map_or(0, |g| g as i64))
                .bind(spec.unwrap_or_default())
                .fetch_all(&self.pool)
                .await?;
            let solves = rows.iter().map(fastest_of);
            Ok(best_of_each(solves, limit))
        })
        .await
    }

    async fn add_tactics(&self, tactics: &[TacticRow]) -> Result<usize, StoreError> {
        self.guarded(async move {
            let mut tx = self.pool.begin().await?;
            let mut added = 0;
            for t in tactics {
                let done = sqlx::query(
                    "INSERT INTO tactics (key, game, body, rating, deviation, volatility, plays) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (key) DO NOTHING",
                )
                .bind(&t.key)
                .bind(&t.game)
                .bind(&t.body)
                .bind(t.rating)
                .bind(t.deviation)
                .bind(t.volatility)
                .bind(i64::from(t.plays))
                .execute(&mut *tx)
                .await?;
                added += DB::rows_affected(&done) as usize;
            }
            tx.commit().await?;
            Ok(added)
        })
        .await
    }

    async fn tactic(&self, key: &str) -> Result<Option<TacticRow>, StoreError> {
        self.guarded(async move {
            let row = sqlx::query("SELECT * FROM tactics WHERE key = $1")
                .bind(key)
                .fetch_optional(&self.pool)
                .await?;
            Ok(row.as_ref().map(tactic_of))
        })
        .await
    }

    async fn next_tactic(
        &self,
        user: u64,
        game: Option<&str>,
        rating: f64,
    ) -> Result<Option<TacticRow>, StoreError> {
        self.guarded(async move {
            let row = sqlx::query(
                "SELECT * FROM tactics WHERE ($1 = '' OR game = $1) AND key NOT IN \
                 (SELECT spec FROM puzzle_attempts WHERE user_id = $2 AND kind = $3) \
                 ORDER BY ABS(rating - $4), key LIMIT 1",
            )
            .bind(game.unwrap_or_default())
            .bind(user as i64)
            .bind(TACTIC_KIND)
            .bind(rating)
            .fetch_optional(&self.pool)
            .await?;
            Ok(row.as_ref().map(tactic_of))
        })
        .await
    }

    async fn finished_attempts(
        &self,
        guild: u64,
        kind: &str,
        spec: &str,
        since: i64,
    ) -> Result<Vec<Fastest>, StoreError> {
        self.guarded(async move {
            let rows = sqlx::query(
                "SELECT user_id, name, spec, score, solved_at - started_at AS seconds, actions, solved_at \
                 FROM puzzle_attempts WHERE guild_id = $1 AND kind = $2 AND spec = $3 AND started_at >= $4 \
                 AND solved_at IS NOT NULL ORDER BY COALESCE(score, 0) DESC, seconds, actions, solved_at",
            )
            .bind(guild as i64)
            .bind(kind)
            .bind(spec)
            .bind(since)
            .fetch_all(&self.pool)
            .await?;
            Ok(rows.iter().map(fastest_of).collect())
        })
        .await
    }

    async fn attempts_at(&self, user: u64, kind: &str, spec: &str) -> Result<u32, StoreError> {
        self.guarded(async move {
            let row = sqlx::query(
                "SELECT COUNT(*) FROM puzzle_attempts WHERE user_id = $1 AND kind = $2 AND spec = $3",
            )
            .bind(user as i64)
            .bind(kind)
            .bind(spec)
            .fetch_one(&self.pool)
            .await?;
            Ok(row.get::<i64, _>(0) as u32)
        })
        .await
    }

    async fn daily_servers(&self) -> Result<Vec<DailyServer>, StoreError> {
        self.guarded(async move {
            let rows = sqlx::query(
                "SELECT s.guild_id, s.daily_channel, s.daily_hour, s.daily_since, \
                 (SELECT MAX(d.day) FROM daily_posts d WHERE d.guild_id = s.guild_id) AS last_day \
                 FROM server_settings s WHERE s.daily_channel IS NOT NULL ORDER BY s.guild_id",
            )
            .fetch_all(&self.pool)
            .await?;
            Ok(rows
                .iter()
                .map(|row| DailyServer {
                    guild: row.get::<i64, _>("guild_id") as u64,
                    channel: row.get::<i64, _>("daily_channel") as u64,
                    hour: row.get::<Option<i64>, _>("daily_hour").and_then(|h| u8::try_from(h).ok()),
                    since: row.get("daily_since"),
                    last_day: row.get("last_day"),
                })
                .collect())
        })
        .await
    }

    async fn claim_daily(&self, post: &DailyPost) -> Result<bool, StoreError> {
        self.guarded(async move {
            let done = sqlx::query(
                "INSERT INTO daily_posts (guild_id, day, channel_id, kind, spec, posted_at) \
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (guild_id, day) DO NOTHING",
            )
            .bind(post.guild as i64)
            .bind(post.day)
            .bind(post.channel as i64)
            .bind(&post.kind)
            .bind(&post.spec)
            .bind(post.posted_at)
            .execute(&self.pool)
            .await?;
            Ok(DB::rows_affected(&done) == 1)
        })
        .await
    }

    async fn daily_before(&self, guild: u64, day: i64) -> Result<Option<DailyPost>, StoreError> {
        self.guarded(async move {
            let row = sqlx::query(
                "SELECT * FROM daily_posts WHERE guild_id = $1 AND day < $2 ORDER BY day DESC LIMIT 1",
            )
            .bind(guild as i64)
            .bind(day)
            .fetch_optional(&self.pool)
            .await?;
            Ok(row.as_ref().map(daily_of))
        })
        .await
    }

    async fn daily_post(&self, guild: u64, day: i64) -> Result<Option<DailyPost>, StoreError> {
        self.guarded(async move {
            let row = sqlx::query("SELECT * FROM daily_posts WHERE guild_id = $1 AND day = $2")
                .bind(guild as i64)
                .bind(day)
                .fetch_optional(&self.pool)
                .await?;
            Ok(row.as_ref().map(daily_of))
        })
        .await
    }

    async fn tactic_count(&self) -> Result<u64, StoreError> {
        self.guarded(async move {
            let row = sqlx::query("SELECT COUNT(*) FROM tactics").fetch_one(&self.pool).await?;
            Ok(row.get::<i64, _>(0) as u64)
        })
        .await
    }

    async fn puzzle_rating(&self, user: u64) -> Result<Option<PuzzleRating>, StoreError> {
        self.guarded(async move {
            let row = sqlx::query("SELECT * FROM puzzle_ratings WHERE user_id = $1")
                .bind(user as i64)
                .fetch_optional(&self.pool)
                .await?;
            Ok(row.as_ref().map(rating_of))
        })
        .await
    }

    async fn set_shares_games(&self, user: u64, shares: bool, now: i64) -> Result<(), StoreError> {
        self.guarded(async move {
            if shares {
                sqlx::query("INSERT INTO tactic_sources (user_id, since) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING")
                    .bind(user as i64)
                    .bind(now)
                    .execute(&self.pool)
                    .await?;
            } else {
                sqlx::query("DELETE FROM tactic_sources WHERE user_id = $1").bind(user as i64).execute(&self.pool).await?;
            }
            Ok(())
        })
        .await
    }

    async fn shares_games(&self, user: u64) -> Result<bool, StoreError> {
        self.guarded(async move {
            let row = sqlx::query("SELECT user_id FROM tactic_sources WHERE user_id = $1")
                .bind(user as i64)
                .fetch_optional(&self.pool)
                .await?;
            Ok(row.is_some())
        })
        .await
    }

    async fn finish_tactic(
        &self,
        u: &AttemptUpdate,
        player: &PuzzleRating,
        tactic: Option<&TacticRating>,
    ) -> Result<(), StoreError> {
        self.guarded(async move {
            let mut tx = self.pool.begin().await?;
            let done = update_attempt!(u)
            .execute(&mut *tx)
            .await?;
            changed_one(DB::rows_affected(&done))?;
            sqlx::query(
                "INSERT INTO puzzle_ratings (user_id, rating, deviation, volatility, solved, failed, streak, \
                 best_streak, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (user_id) DO \
                 UPDATE SET rating = $2, deviation = $3, volatility = $4, solved = $5, failed = $6, streak = $7, \
                 best_streak = $8, updated_at = $9",
            )
            .bind(player.user as i64)
            .bind(player.rating)
            .bind(player.deviation)
            .bind(player.volatility)
            .bind(i64::from(player.solved))
            .bind(i64::from(player.failed))
            .bind(i64::from(player.streak))
            .bind(i64::from(player.best_streak))
            .bind(player.updated_at)
            .execute(&mut *tx)
            .await?;
            if let Some(t) = tactic {
                sqlx::query(
                    "UPDATE tactics SET rating = $1, deviation = $2, volatility = $3, plays = plays + 1 WHERE key = $4",
                )
                .bind(t.rating)
                .bind(t.deviation)
                .bind(t.volatility)
                .bind(&t.key)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            Ok(())
        })
        .await
    }
}
