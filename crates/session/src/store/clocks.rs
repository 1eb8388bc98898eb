//! The `clocks` and `offers` tables, for games that never get stuck: the clock of a game's turn and its
//! reminders, and a game's pending offer (a draw, a takeback, an abort).

use super::StoreError;

/// The clock of one game, for the turn it describes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockRow {
    pub session: i64,
    /// Seconds per move; `None` for a game without a clock.
    pub per_move: Option<i64>,
    /// The session's version (moves stored) when this turn began: the clock describes that turn only.
    pub ply: usize,
    pub turn_started: i64,
    /// When the player to move runs out of time; `None` when nobody can (no clock, the computer to move).
    pub deadline: Option<i64>,
    /// Reminders already sent for this turn: 0 none, 1 at half time, 2 near the deadline.
    pub reminded: u8,
    /// The next time something is due for this game (a reminder or the deadline).
    pub next_at: Option<i64>,
}

impl ClockRow {
    /// The clock of a game whose first turn begins `now`, with `per_move` seconds a move (`None`: no clock); the
    /// deadline and reminders are set when the turn is started.
    pub fn first_turn(session: i64, per_move: Option<i64>, now: i64) -> ClockRow {
        ClockRow { session, per_move, ply: 0, turn_started: now, deadline: None, reminded: 0, next_at: None }
    }
}

/// What an offer asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferKind {
    Draw,
    Takeback,
    Abort,
}

impl OfferKind {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            OfferKind::Draw => "draw",
            OfferKind::Takeback => "takeback",
            OfferKind::Abort => "abort",
        }
    }

    pub(crate) fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "draw" => OfferKind::Draw,
            "takeback" => OfferKind::Takeback,
            "abort" => OfferKind::Abort,
            _ => return None,
        })
    }
}

/// A game's pending offer, valid while the game is at `ply` moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OfferRow {
    pub session: i64,
    pub kind: OfferKind,
    pub by: u64,
    pub ply: usize,
    pub created_at: i64,
    /// Named by the offer's buttons: an older offer's buttons cannot answer this one.
    pub nonce: u32,
}

/// Clocks and offers.
#[async_trait::async_trait]
pub trait ClockStore: Send + Sync {
    /// A game's clock row, if it has one.
    async fn clock(&self, session: i64) -> Result<Option<ClockRow>, StoreError>;

    /// Writes a game's clock for a new turn (replacing the previous turn's).
    async fn put_clock(&self, clock: &ClockRow) -> Result<(), StoreError>;

    /// Records that reminder `to` was sent for turn `ply`, if the row still says `from` reminders for that turn;
    /// [`StoreError::Conflict`] otherwise (someone settled it already), so that each reminder goes out once.
    async fn mark_reminded(
        &self,
        session: i64,
        ply: usize,
        from: u8,
        to: u8,
        next_at: Option<i64>,
    ) -> Result<(), StoreError>;

    /// Games being played whose clock has something due at or before `now`, as (session, channel), the earliest
    /// first.
    async fn due_clocks(&self, now: i64) -> Result<Vec<(i64, u64)>, StoreError>;

    /// The earliest time anything is due: a clock of a game being played, or a game thread to archive (see
    /// [`SettingsStore::schedule_archive`](super::SettingsStore::schedule_archive)), so that one sweep wakes for
    /// both.
    async fn next_wake(&self) -> Result<Option<i64>, StoreError>;

    /// Records a game's pending offer; [`StoreError::Conflict`] when it already has one.
    async fn put_offer(&self, offer: &OfferRow) -> Result<(), StoreError>;

    async fn offer(&self, session: i64) -> Result<Option<OfferRow>, StoreError>;

    async fn clear_offer(&self, session: i64) -> Result<(), StoreError>;
}
