//! [`MemberStore`] over SQL: one body for SQLite and Postgres, over the tables of the other groups (no table of
//! its own). A session's players are a JSON array in `sessions.players`: the sessions that may hold a member are
//! found with `LIKE` on their id (`"id":42,`, as it is serialized) and read exactly in Rust.

use super::members::{Forgotten, MemberData, MemberStore};
use super::sql::{Backend, SqlStore};
use super::{PlayerRow, StoreError};

/// The `LIKE` pattern of the sessions whose players may include `user`.
fn players_pattern(user: u64) -> String {
    format!("%\"id\":{user},%")
}

/// `players` (as stored) with `user`'s name replaced by `label`, when `user` is one of them and a name changed.
/// How a game ended names nobody (see [`super::Ending`]), so the players are all there is to relabel.
fn relabel(players: &str, user: u64, label: &str) -> Result<Option<String>, StoreError> {
    let mut list: Vec<PlayerRow> =
        serde_json::from_str(players).map_err(|_| StoreError::Corrupt("unreadable players".to_string()))?;
    let mut changed = false;
    for player in list.iter_mut().filter(|p| p.id == user) {
        changed |= player.name != label;
        player.name = label.to_string();
    }
    Ok(changed.then(|| serde_json::to_string(&list).expect("players serialize")))
}

#[async_trait::async_trait]
impl<DB> MemberStore for SqlStore<DB>
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
    async fn member_data(&self, user: u64) -> Result<MemberData, StoreError> {
        self.guarded(async move {
            let id = user as i64;
            let mut data = MemberData::default();
            let mut names: Vec<String> = Vec::new();
            let sessions: Vec<(String,)> =
                sqlx::query_as("SELECT players FROM sessions WHERE players LIKE $1")
                    .bind(players_pattern(user))
                    .fetch_all(&self.pool)
                    .await?;
            for (players,) in sessions {
                let list: Vec<PlayerRow> = serde_json::from_str(&players)
                    .map_err(|_| StoreError::Corrupt("unreadable players".to_string()))?;
                let mine: Vec<&PlayerRow> = list.iter().filter(|p| p.id == user).collect();
                if !mine.is_empty() {
                    data.sessions += 1;
                    names.extend(mine.iter().map(|p| p.name.clone()));
                }
            }
            let count = |sql: &'static str| {
                let pool = self.pool.clone();
                async move {
                    let (n,): (i64,) = sqlx::query_as(sql).bind(id).fetch_one(&pool).await?;
                    Ok::<usize, StoreError>(n as usize)
                }
            };
            data.finished = count("SELECT COUNT(*) FROM game_players WHERE user_id = $1").await?;
            data.ratings = count("SELECT COUNT(*) FROM ratings WHERE user_id = $1").await?
                + count("SELECT COUNT(*) FROM puzzle_ratings WHERE user_id = $1").await?;
            data.tournaments = count("SELECT COUNT(*) FROM tournament_entrants WHERE user_id = $1").await?;
            data.puzzles = count("SELECT COUNT(*) FROM puzzle_attempts WHERE user_id = $1").await?;
            for sql in [
                "SELECT DISTINCT name FROM game_players WHERE user_id = $1",
                "SELECT DISTINCT name FROM ratings WHERE user_id = $1",
                "SELECT DISTINCT name FROM tournament_entrants WHERE user_id = $1",
                "SELECT DISTINCT name FROM puzzle_attempts WHERE user_id = $1",
            ] {
                let rows: Vec<(String,)> = sqlx::query_as(sql).bind(id).fetch_all(&self.pool).await?;
                names.extend(rows.into_iter().map(|(n,)| n));
            }
            let dm: Option<(bool,)> = sqlx::query_as("SELECT dm FROM notify WHERE user_id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
            data.notify_dm = dm.map(|(dm,)| dm);
            let digest: Option<(i64,)> = sqlx::query_as("SELECT hour FROM digests WHERE user_id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
            data.digest_hour = digest.and_then(|(h,)| u8::try_from(h).ok());
            let shares: Option<(i64,)> =
                sqlx::query_as("SELECT user_id FROM tactic_sources WHERE user_id = $1")
                    .bind(id)
                    .fetch_optional(&self.pool)
                    .await?;
            data.shares_games = shares.is_some();
            names.sort();
            names.dedup();
            data.names = names;
            Ok(data)
        })
        .await
    }

    async fn forget_member(&self, user: u64, label: &str) -> Result<usize, StoreError> {
        self.guarded(async move { self.relabel(user, label, true).await }).await
    }

    async fn relabel_member(&self, user: u64, label: &str) -> Result<usize, StoreError> {
        self.guarded(async move { self.relabel(user, label, false).await }).await
    }

    async fn forgotten_after(&self, seq: i64) -> Result<Vec<Forgotten>, StoreError> {
        self.guarded(async move {
            let rows: Vec<(i64, i64, String)> =
                sqlx::query_as("SELECT seq, user_id, label FROM forgotten WHERE seq > $1 ORDER BY seq")
                    .bind(seq)
                    .fetch_all(&self.pool)
                    .await?;
            Ok(rows
                .into_iter()
                .map(|(seq, user, label)| Forgotten { seq, user: user as u64, label })
                .collect())
        })
        .await
    }
}

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
    /// Relabels `user` everywhere and removes their preferences, in one transaction, logging it among
    /// the forgotten when `log`; how many sessions were relabelled.
    async fn relabel(&self, user: u64, label: &str, log: bool) -> Result<usize, StoreError> {
        let id = user as i64;
        let mut tx = self.pool.begin().await?;
        // The writes first: a SQLite transaction that reads first and writes later cannot wait for
        // another connection's write (its snapshot is stale: "database is locked" at once), while one
        // that writes first waits its turn.
        sqlx::query("DELETE FROM notify WHERE user_id = $1").bind(id).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM tactic_sources WHERE user_id = $1").bind(id).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM digests WHERE user_id = $1").bind(id).execute(&mut *tx).await?;
        if log {
            sqlx::query("INSERT INTO forgotten (user_id, label) VALUES ($1, $2)")
                .bind(id)
                .bind(label)
                .execute(&mut *tx)
                .await?;
        }
        for sql in [
            "UPDATE game_players SET name = $1 WHERE user_id = $2",
            "UPDATE ratings SET name = $1 WHERE user_id = $2",
            "UPDATE tournament_entrants SET name = $1 WHERE user_id = $2",
            "UPDATE puzzle_attempts SET name = $1 WHERE user_id = $2",
        ] {
            sqlx::query(sql).bind(label).bind(id).execute(&mut *tx).await?;
        }
        let sessions: Vec<(i64, String)> =
            sqlx::query_as("SELECT id, players FROM sessions WHERE players LIKE $1")
                .bind(players_pattern(user))
                .fetch_all(&mut *tx)
                .await?;
        let mut relabelled = 0;
        for (session, players) in sessions {
            if let Some(players) = relabel(&players, user, label)? {
                sqlx::query("UPDATE sessions SET players = $1 WHERE id = $2")
                    .bind(players)
                    .bind(session)
                    .execute(&mut *tx)
                    .await?;
                relabelled += 1;
            }
        }
        tx.commit().await?;
        Ok(relabelled)
    }
}
