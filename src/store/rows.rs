//! Reading stored rows into records, one code for every SQL store (`SQLite` and Postgres decode the same columns).

use std::str::FromStr as _;

use sqlx::{ColumnIndex, Decode, Row, Type};

use super::{PlayerRecord, SessionRecord, SessionState, StoreError};
use crate::games::{GameKind, Setup};

/// A session from its row, as selected with its moves in `move_list` (a JSON array of notation, in order).
pub(super) fn session_record<'r, R>(row: &'r R) -> Result<SessionRecord, StoreError>
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
    let players: Vec<PlayerRecord> =
        serde_json::from_str(&players).map_err(|_| corrupt("unreadable players"))?;
    let state: String = row.get("state");
    let state = SessionState::parse(&state).ok_or_else(|| corrupt("unknown state"))?;
    let moves: String = row.get("move_list");
    let moves: Vec<String> = serde_json::from_str(&moves).map_err(|_| corrupt("unreadable moves"))?;
    let version: i64 = row.get("version");
    if version != moves.len() as i64 {
        return Err(corrupt("move count does not match its version"));
    }
    Ok(SessionRecord {
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
        result: row.get("result"),
        created_at: row.get("created_at"),
        expires_at: row.get("expires_at"),
        message: row.get::<Option<i64>, _>("message_id").map(|m| m as u64),
        rated: row.get("rated"),
    })
}
