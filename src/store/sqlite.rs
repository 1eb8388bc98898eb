//! The embedded `SQLite` store (WAL mode, migrations applied on open).

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::Row;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};

use super::{
    GameResult, HistoryPage, Leaderboard, NewSession, PlayerRecord, RatingRow, SessionRecord, SessionState,
    Store, StoreError,
};
use crate::games::GameKind;

/// A session row with its moves (`move_list`, a JSON array in order), read in one statement so that the moves
/// and the version they must match come from one snapshot, even while another instance appends.
macro_rules! select_session {
    () => {
        "SELECT s.*, (SELECT json_group_array(m.notation ORDER BY m.ply) FROM moves m WHERE m.session_id = s.id) AS move_list FROM sessions s"
    };
}

/// Sessions in one SQLite file.
#[derive(Clone, Debug)]
pub struct SqliteStore {
    pub(super) pool: SqlitePool,
}

impl SqliteStore {
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
            .busy_timeout(Duration::from_secs(5));
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
            .connect_with(options)
            .await?;
        sqlx::migrate!("./migrations").run(&pool).await?;
        Ok(SqliteStore { pool })
    }
}

/// The SQL condition for a session that still occupies its channel.
macro_rules! open {
    () => {
        "state IN ('challenge', 'playing')"
    };
}

impl Store for SqliteStore {
    async fn open_session(&self, channel: u64) -> Result<Option<SessionRecord>, StoreError> {
        let row = sqlx::query(concat!(select_session!(), " WHERE channel_id = ? AND ", open!()))
            .bind(channel as i64)
            .fetch_optional(&self.pool)
            .await?;
        match row {
            Some(row) => Ok(Some(super::rows::session_record(&row)?)),
            None => Ok(None),
        }
    }

    async fn session(&self, id: i64) -> Result<Option<SessionRecord>, StoreError> {
        let row = sqlx::query(concat!(select_session!(), " WHERE id = ?"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        match row {
            Some(row) => Ok(Some(super::rows::session_record(&row)?)),
            None => Ok(None),
        }
    }

    async fn open_sessions(&self) -> Result<Vec<SessionRecord>, StoreError> {
        let rows = sqlx::query(concat!(select_session!(), " WHERE ", open!(), " ORDER BY id"))
            .fetch_all(&self.pool)
            .await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in &rows {
            out.push(super::rows::session_record(row)?);
        }
        Ok(out)
    }

    async fn create(&self, s: &NewSession) -> Result<i64, StoreError> {
        let players = serde_json::to_string(&s.players).expect("players serialize");
        let result = sqlx::query(
            "INSERT INTO sessions (channel_id, guild_id, game, variant, seed, players, challenger, state, version, \
             created_at, expires_at, updated_at, rated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)",
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
        .bind(s.now)
        .bind(s.rated)
        .execute(&self.pool)
        .await;
        match result {
            Ok(done) => Ok(done.last_insert_rowid()),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(StoreError::Conflict),
            Err(e) => Err(e.into()),
        }
    }

    async fn accept(
        &self,
        id: i64,
        players: &[PlayerRecord],
        start: bool,
        now: i64,
    ) -> Result<(), StoreError> {
        let players = serde_json::to_string(players).expect("players serialize");
        let state = if start { "playing" } else { "challenge" };
        let done = sqlx::query(
            "UPDATE sessions SET players = ?, state = ?, updated_at = ? WHERE id = ? AND state = 'challenge'",
        )
        .bind(players)
        .bind(state)
        .bind(now)
        .bind(id)
        .execute(&self.pool)
        .await?;
        if done.rows_affected() == 1 { Ok(()) } else { Err(StoreError::Conflict) }
    }

    async fn set_message(&self, id: i64, message: u64) -> Result<(), StoreError> {
        sqlx::query("UPDATE sessions SET message_id = ? WHERE id = ?")
            .bind(message as i64)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    async fn due_challenges(&self, now: i64) -> Result<Vec<(i64, u64)>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, channel_id FROM sessions WHERE state = 'challenge' AND expires_at <= ? ORDER BY expires_at",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(|r| (r.get::<i64, _>(0), r.get::<i64, _>(1) as u64)).collect())
    }

    async fn transition(
        &self,
        id: i64,
        from: SessionState,
        to: SessionState,
        result: Option<&str>,
        now: i64,
    ) -> Result<(), StoreError> {
        let done = sqlx::query(
            "UPDATE sessions SET state = ?, result = COALESCE(?, result), updated_at = ? WHERE id = ? AND state = ?",
        )
        .bind(to.as_str())
        .bind(result)
        .bind(now)
        .bind(id)
        .bind(from.as_str())
        .execute(&self.pool)
        .await?;
        if done.rows_affected() == 1 { Ok(()) } else { Err(StoreError::Conflict) }
    }

    async fn append_moves(
        &self,
        id: i64,
        version: usize,
        moves: &[(usize, String)],
        finished: Option<&str>,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        let new_version = (version + moves.len()) as i64;
        let state = if finished.is_some() { "finished" } else { "playing" };
        let done = sqlx::query(
            "UPDATE sessions SET version = ?, state = ?, result = ?, updated_at = ? \
             WHERE id = ? AND version = ? AND state = 'playing'",
        )
        .bind(new_version)
        .bind(state)
        .bind(finished)
        .bind(now)
        .bind(id)
        .bind(version as i64)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
        for (i, (seat, notation)) in moves.iter().enumerate() {
            sqlx::query(
                "INSERT INTO moves (session_id, ply, seat, notation, played_at) VALUES (?, ?, ?, ?, ?)",
            )
            .bind(id)
            .bind((version + i + 1) as i64)
            .bind(*seat as i64)
            .bind(notation)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    async fn record_result(&self, result: &GameResult) -> Result<(), StoreError> {
        self.record_result_sql(result).await
    }

    async fn ratings_of(&self, user: u64, guild: Option<u64>) -> Result<Vec<RatingRow>, StoreError> {
        self.ratings_of_sql(user, guild).await
    }

    async fn history(
        &self,
        user: u64,
        guild: Option<u64>,
        game: Option<GameKind>,
        page: usize,
        per_page: usize,
    ) -> Result<HistoryPage, StoreError> {
        self.history_sql(user, guild, game, page, per_page).await
    }

    async fn leaderboard(
        &self,
        game: GameKind,
        guild: Option<u64>,
        user: u64,
        top: usize,
    ) -> Result<Leaderboard, StoreError> {
        self.leaderboard_sql(game, guild, user, top).await
    }

    async fn rebuild_ratings(&self) -> Result<usize, StoreError> {
        self.rebuild_ratings_sql().await
    }

    async fn claim_turn(
        &self,
        id: i64,
        version: usize,
        owner: u64,
        now: i64,
        until: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE sessions SET claim_version = ?1, claim_until = ?2, claim_by = ?3 WHERE id = ?4 \
             AND state = 'playing' AND version = ?1 \
             AND (claim_version IS NULL OR claim_version <> ?1 OR claim_until <= ?5 OR claim_by = ?3)",
        )
        .bind(version as i64)
        .bind(until)
        .bind(owner as i64)
        .bind(id)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    async fn close(&self) {
        self.pool.close().await;
    }
}
