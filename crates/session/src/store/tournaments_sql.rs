//! [`TournamentStore`] over SQL: one body for SQLite and Postgres (the tables of
//! `migrations/0011_tournaments.sql` and `migrations-postgres/0008_tournaments.sql`).

use std::str::FromStr as _;

use sqlx::{ColumnIndex, Decode, Row, Type};

use super::StoreError;
use super::sql::{Backend, SqlStore};
use super::sql::{changed_one, conflict_on_unique};
use super::tournaments::{
    CHECK_IN_SECONDS, EntrantRow, NewTournament, TournamentGameRow, TournamentRow, TournamentState,
    TournamentStore,
};
use crate::games::GameKind;

fn tournament_of<'r, R>(row: &'r R) -> Result<TournamentRow, StoreError>
where
    R: Row,
    &'r str: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    Option<i64>: Decode<'r, R::Database> + Type<R::Database>,
    String: Decode<'r, R::Database> + Type<R::Database>,
    bool: Decode<'r, R::Database> + Type<R::Database>,
{
    let id: i64 = row.get("id");
    let corrupt = |what: &str| StoreError::Corrupt(format!("tournament {id}: {what}"));
    let game: String = row.get("game");
    let state: String = row.get("state");
    Ok(TournamentRow {
        id,
        settings: NewTournament {
            guild: row.get::<i64, _>("guild_id") as u64,
            channel: row.get::<i64, _>("channel_id") as u64,
            organiser: row.get::<i64, _>("organiser") as u64,
            game: GameKind::from_str(&game).map_err(|_| corrupt("unknown game"))?,
            variant: row.get("variant"),
            format: row.get("format"),
            rounds: row.get::<i64, _>("rounds") as u32,
            clock: row.get("clock"),
            rated: row.get("rated"),
            max_players: row.get::<i64, _>("max_players") as u32,
            mini_match: row.get("mini_match"),
            starts_at: row.get("starts_at"),
            round_seconds: row.get("round_seconds"),
            winner_role: row.get::<Option<i64>, _>("winner_role").map(|r| r as u64),
            check_in: row.get("check_in"),
            now: row.get("created_at"),
        },
        state: TournamentState::parse(&state).ok_or_else(|| corrupt("unknown state"))?,
        round: row.get::<i64, _>("round") as u32,
        round_due: row.get("round_due"),
        message: row.get::<Option<i64>, _>("message_id").map(|m| m as u64),
        check_in_open: row.get("check_in_open"),
    })
}

fn entrant_of<'r, R>(row: &'r R) -> EntrantRow
where
    R: Row,
    &'r str: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    f64: Decode<'r, R::Database> + Type<R::Database>,
    String: Decode<'r, R::Database> + Type<R::Database>,
    bool: Decode<'r, R::Database> + Type<R::Database>,
{
    EntrantRow {
        user: row.get::<i64, _>("user_id") as u64,
        name: row.get("name"),
        rating: row.get("rating"),
        joined_at: row.get("joined_at"),
        withdrawn: row.get("withdrawn"),
        checked_in: row.get("checked_in"),
    }
}

fn game_of<'r, R>(row: &'r R) -> Result<TournamentGameRow, StoreError>
where
    R: Row,
    &'r str: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    Option<i64>: Decode<'r, R::Database> + Type<R::Database>,
    String: Decode<'r, R::Database> + Type<R::Database>,
    Option<String>: Decode<'r, R::Database> + Type<R::Database>,
    bool: Decode<'r, R::Database> + Type<R::Database>,
{
    let tournament: i64 = row.get("tournament_id");
    let corrupt = || StoreError::Corrupt(format!("tournament {tournament}: an unreadable game"));
    let seats: String = row.get("seats");
    let points: Option<String> = row.get("points");
    let scores: Option<String> = row.get("scores");
    Ok(TournamentGameRow {
        tournament,
        round: row.get::<i64, _>("round") as u32,
        board: row.get::<i64, _>("board") as u32,
        seats: serde_json::from_str(&seats).map_err(|_| corrupt())?,
        session: row.get("session_id"),
        points: points.map(|p| serde_json::from_str(&p)).transpose().map_err(|_| corrupt())?,
        scores: scores.map(|s| serde_json::from_str(&s)).transpose().map_err(|_| corrupt())?,
        over_the_board: row.get("over_the_board"),
    })
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("numbers serialize")
}

/// The implementation for both databases.
#[async_trait::async_trait]
impl<DB> TournamentStore for SqlStore<DB>
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
    async fn create_tournament(&self, t: &NewTournament) -> Result<i64, StoreError> {
        self.guarded(async move {
            let row = sqlx::query(
                "INSERT INTO tournaments (guild_id, channel_id, organiser, game, variant, format, rounds, clock, \
                 rated, max_players, mini_match, starts_at, round_seconds, winner_role, state, created_at, check_in) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'signup', $15, $16) \
                 RETURNING id",
            )
            .bind(t.guild as i64)
            .bind(t.channel as i64)
            .bind(t.organiser as i64)
            .bind(t.game.name())
            .bind(&t.variant)
            .bind(&t.format)
            .bind(i64::from(t.rounds))
            .bind(&t.clock)
            .bind(t.rated)
            .bind(i64::from(t.max_players))
            .bind(t.mini_match)
            .bind(t.starts_at)
            .bind(t.round_seconds)
            .bind(t.winner_role.map(|r| r as i64))
            .bind(t.now)
            .bind(t.check_in)
            .fetch_one(&self.pool)
            .await?;
            Ok(row.get::<i64, _>(0))
        })
        .await
    }

    async fn tournament(&self, id: i64) -> Result<Option<TournamentRow>, StoreError> {
        self.guarded(async move {
            let row = sqlx::query("SELECT * FROM tournaments WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
            row.as_ref().map(tournament_of).transpose()
        })
        .await
    }

    async fn open_tournaments(&self, guild: u64) -> Result<Vec<TournamentRow>, StoreError> {
        self.guarded(async move {
            let rows = sqlx::query(
                "SELECT * FROM tournaments WHERE guild_id = $1 AND state IN ('signup', 'running', 'paused') \
                 ORDER BY id",
            )
            .bind(guild as i64)
            .fetch_all(&self.pool)
            .await?;
            rows.iter().map(tournament_of).collect()
        })
        .await
    }

    async fn last_finished_tournament(&self, guild: u64) -> Result<Option<TournamentRow>, StoreError> {
        self.guarded(async move {
            let row = sqlx::query(
                "SELECT * FROM tournaments WHERE guild_id = $1 AND state = 'finished' ORDER BY id DESC LIMIT 1",
            )
            .bind(guild as i64)
            .fetch_optional(&self.pool)
            .await?;
            row.as_ref().map(tournament_of).transpose()
        })
        .await
    }

    async fn due_tournaments(&self, now: i64) -> Result<Vec<i64>, StoreError> {
        self.guarded(async move {
            let rows = sqlx::query(
                "SELECT id FROM tournaments WHERE (state = 'signup' AND (starts_at <= $1 \
                 OR (check_in = TRUE AND check_in_open = FALSE AND starts_at <= $2))) \
                 OR state = 'running' ORDER BY id",
            )
            .bind(now)
            .bind(now + CHECK_IN_SECONDS)
            .fetch_all(&self.pool)
            .await?;
            Ok(rows.iter().map(|r| r.get::<i64, _>(0)).collect())
        })
        .await
    }

    async fn set_tournament_message(&self, id: i64, message: u64) -> Result<(), StoreError> {
        self.guarded(async move {
            sqlx::query("UPDATE tournaments SET message_id = $1 WHERE id = $2")
                .bind(message as i64)
                .bind(id)
                .execute(&self.pool)
                .await?;
            Ok(())
        })
        .await
    }

    async fn join_tournament(&self, id: i64, e: &EntrantRow) -> Result<(), StoreError> {
        self.guarded(async move {
            conflict_on_unique(
                sqlx::query(
                    "INSERT INTO tournament_entrants (tournament_id, user_id, name, rating, joined_at, withdrawn, \
                     checked_in) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(id)
                .bind(e.user as i64)
                .bind(&e.name)
                .bind(e.rating)
                .bind(e.joined_at)
                .bind(e.withdrawn)
                .bind(e.checked_in)
                .execute(&self.pool)
                .await,
            )?;
            Ok(())
        })
        .await
    }

    async fn open_check_in(&self, id: i64) -> Result<bool, StoreError> {
        self.guarded(async move {
            let done = sqlx::query(
                "UPDATE tournaments SET check_in_open = TRUE \
                 WHERE id = $1 AND state = 'signup' AND check_in = TRUE AND check_in_open = FALSE",
            )
            .bind(id)
            .execute(&self.pool)
            .await?;
            Ok(DB::rows_affected(&done) == 1)
        })
        .await
    }

    async fn check_in(&self, id: i64, user: u64) -> Result<(), StoreError> {
        self.guarded(async move {
            let done = sqlx::query(
                "UPDATE tournament_entrants SET checked_in = TRUE \
                 WHERE tournament_id = $1 AND user_id = $2 AND checked_in = FALSE",
            )
            .bind(id)
            .bind(user as i64)
            .execute(&self.pool)
            .await?;
            changed_one(DB::rows_affected(&done))
        })
        .await
    }

    async fn leave_tournament(&self, id: i64, user: u64) -> Result<(), StoreError> {
        self.guarded(async move {
            let done =
                sqlx::query("DELETE FROM tournament_entrants WHERE tournament_id = $1 AND user_id = $2")
                    .bind(id)
                    .bind(user as i64)
                    .execute(&self.pool)
                    .await?;
            changed_one(DB::rows_affected(&done))
        })
        .await
    }

    async fn withdraw_entrant(&self, id: i64, user: u64) -> Result<(), StoreError> {
        self.guarded(async move {
            let done = sqlx::query(
                "UPDATE tournament_entrants SET withdrawn = TRUE \
                 WHERE tournament_id = $1 AND user_id = $2 AND withdrawn = FALSE",
            )
            .bind(id)
            .bind(user as i64)
            .execute(&self.pool)
            .await?;
            changed_one(DB::rows_affected(&done))
        })
        .await
    }

    async fn entrants(&self, id: i64) -> Result<Vec<EntrantRow>, StoreError> {
        self.guarded(async move {
            let rows = sqlx::query(
                "SELECT * FROM tournament_entrants WHERE tournament_id = $1 ORDER BY joined_at, user_id",
            )
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
            Ok(rows.iter().map(entrant_of).collect())
        })
        .await
    }

    async fn claim_round(&self, id: i64, round: u32, due: Option<i64>) -> Result<bool, StoreError> {
        self.guarded(async move {
            let done = sqlx::query(
                "UPDATE tournaments SET round = $1, round_due = $2, state = 'running' \
                 WHERE id = $3 AND round = $4 AND state IN ('signup', 'running')",
            )
            .bind(i64::from(round))
            .bind(due)
            .bind(id)
            .bind(i64::from(round) - 1)
            .execute(&self.pool)
            .await?;
            Ok(DB::rows_affected(&done) == 1)
        })
        .await
    }

    async fn set_tournament_state(
        &self,
        id: i64,
        from: TournamentState,
        to: TournamentState,
    ) -> Result<(), StoreError> {
        self.guarded(async move {
            let done = sqlx::query("UPDATE tournaments SET state = $1 WHERE id = $2 AND state = $3")
                .bind(to.name())
                .bind(id)
                .bind(from.name())
                .execute(&self.pool)
                .await?;
            changed_one(DB::rows_affected(&done))
        })
        .await
    }

    async fn add_tournament_game(&self, g: &TournamentGameRow) -> Result<(), StoreError> {
        self.guarded(async move {
            conflict_on_unique(
                sqlx::query(
                    "INSERT INTO tournament_games (tournament_id, round, board, seats, session_id, points, \
                     scores, over_the_board) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                )
                .bind(g.tournament)
                .bind(i64::from(g.round))
                .bind(i64::from(g.board))
                .bind(json(&g.seats))
                .bind(g.session)
                .bind(g.points.as_ref().map(json))
                .bind(g.scores.as_ref().map(json))
                .bind(g.over_the_board)
                .execute(&self.pool)
                .await,
            )?;
            Ok(())
        })
        .await
    }

    async fn set_tournament_game_session(
        &self,
        tournament: i64,
        round: u32,
        board: u32,
        session: i64,
    ) -> Result<(), StoreError> {
        self.guarded(async move {
            let done = sqlx::query(
                "UPDATE tournament_games SET session_id = $1 \
                 WHERE tournament_id = $2 AND round = $3 AND board = $4 AND session_id IS NULL",
            )
            .bind(session)
            .bind(tournament)
            .bind(i64::from(round))
            .bind(i64::from(board))
            .execute(&self.pool)
            .await?;
            changed_one(DB::rows_affected(&done))
        })
        .await
    }

    async fn settle_tournament_game(&self, g: &TournamentGameRow) -> Result<(), StoreError> {
        self.guarded(async move {
            let done = sqlx::query(
                "UPDATE tournament_games SET points = $1, scores = $2, over_the_board = $3 \
                 WHERE tournament_id = $4 AND round = $5 AND board = $6 AND points IS NULL",
            )
            .bind(g.points.as_ref().map(json))
            .bind(g.scores.as_ref().map(json))
            .bind(g.over_the_board)
            .bind(g.tournament)
            .bind(i64::from(g.round))
            .bind(i64::from(g.board))
            .execute(&self.pool)
            .await?;
            changed_one(DB::rows_affected(&done))
        })
        .await
    }

    async fn tournament_games(&self, id: i64) -> Result<Vec<TournamentGameRow>, StoreError> {
        self.guarded(async move {
            let rows =
                sqlx::query("SELECT * FROM tournament_games WHERE tournament_id = $1 ORDER BY round, board")
                    .bind(id)
                    .fetch_all(&self.pool)
                    .await?;
            rows.iter().map(game_of).collect()
        })
        .await
    }

    async fn tournament_game_of(&self, session: i64) -> Result<Option<TournamentGameRow>, StoreError> {
        self.guarded(async move {
            let row = sqlx::query("SELECT * FROM tournament_games WHERE session_id = $1")
                .bind(session)
                .fetch_optional(&self.pool)
                .await?;
            row.as_ref().map(game_of).transpose()
        })
        .await
    }
}
