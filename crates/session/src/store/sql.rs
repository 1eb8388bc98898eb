//! What every SQL body shares: reading stored rows into records (SQLite and Postgres decode the same columns)
//! and settling conditional writes.

use std::str::FromStr as _;

use sqlx::{ColumnIndex, Decode, Row, Type};

use super::{GameResult, PlayerPlace, PlayerRow, RatingRow, SessionRow, SessionState, StoreError};
use crate::games::{GameKind, Setup};
use crate::rating::Rating;

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
