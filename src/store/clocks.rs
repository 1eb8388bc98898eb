//! What the store keeps for games that never get stuck: clocks per move and their reminders, the pending offer of
//! a game, members' reminder preferences and the threads opened for games. A separate trait (a supertrait of
//! [`Store`](super::Store)) so that it reads on its own; every store implements it.

use std::future::Future;

use super::{FaultyStore, PlayerRecord, Store, StoreError};

/// The clock of one game, for the turn it describes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockRecord {
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

/// What an offer asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferKind {
    Draw,
    Takeback,
    Abort,
}

impl OfferKind {
    pub fn as_str(self) -> &'static str {
        match self {
            OfferKind::Draw => "draw",
            OfferKind::Takeback => "takeback",
            OfferKind::Abort => "abort",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
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
pub struct OfferRecord {
    pub session: i64,
    pub kind: OfferKind,
    pub by: u64,
    pub ply: usize,
    pub created_at: i64,
    /// Named by the offer's buttons: an older offer's buttons cannot answer this one.
    pub nonce: u32,
}

/// Clocks, offers, reminder preferences and game threads.
pub trait ClockStore: Send + Sync {
    /// A game's clock row, if it has one.
    fn clock(&self, session: i64) -> impl Future<Output = Result<Option<ClockRecord>, StoreError>> + Send;

    /// Writes a game's clock for a new turn (replacing the previous turn's).
    fn put_clock(&self, clock: &ClockRecord) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Records that reminder `to` was sent for turn `ply`, if the row still says `from` reminders for that turn;
    /// [`StoreError::Conflict`] otherwise (someone settled it already), so that each reminder goes out once.
    fn mark_reminded(
        &self,
        session: i64,
        ply: usize,
        from: u8,
        to: u8,
        next_at: Option<i64>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Games being played whose clock has something due at or before `now`, as (session, channel), the earliest
    /// first.
    fn due_clocks(&self, now: i64) -> impl Future<Output = Result<Vec<(i64, u64)>, StoreError>> + Send;

    /// The earliest time anything is due: a clock of a game being played, or a thread to archive.
    fn next_wake(&self) -> impl Future<Output = Result<Option<i64>, StoreError>> + Send;

    /// Records a game's pending offer; [`StoreError::Conflict`] when it already has one.
    fn put_offer(&self, offer: &OfferRecord) -> impl Future<Output = Result<(), StoreError>> + Send;

    fn offer(&self, session: i64) -> impl Future<Output = Result<Option<OfferRecord>, StoreError>> + Send;

    fn clear_offer(&self, session: i64) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Whether `user` wants reminders by direct message.
    fn set_notify_dm(&self, user: u64, dm: bool) -> impl Future<Output = Result<(), StoreError>> + Send;

    fn notify_dm(&self, user: u64) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Remembers that `channel` is a thread opened under `parent` for a game.
    fn add_thread(&self, channel: u64, parent: u64) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Schedules the archiving of `channel` at `at`, when it is a game thread (nothing otherwise).
    fn schedule_archive(&self, channel: u64, at: i64) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Game threads whose archive time has come.
    fn due_archives(&self, now: i64) -> impl Future<Output = Result<Vec<u64>, StoreError>> + Send;

    /// Records that a thread was archived (it is not due again).
    fn archived(&self, channel: u64) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Rewrites the players of a game being played (a seat taken over by the computer);
    /// [`StoreError::Conflict`] when it is no longer being played.
    fn set_players(
        &self,
        id: i64,
        players: &[PlayerRecord],
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Takes moves back: keeps the first `keep` moves of a game stored at `version`; [`StoreError::Conflict`] when
    /// the stored version is no longer `version`.
    fn truncate_moves(
        &self,
        id: i64,
        version: usize,
        keep: usize,
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;
}

/// Offers, preferences, threads, players and takebacks are writes a command stands on: they count and can be
/// made to fail. Clock bookkeeping (a new turn's deadline, a reminder marked, an archive scheduled) passes
/// through uncounted: the session layer never fails a command over it (it logs, and the next turn repairs it).
impl<S: Store> ClockStore for FaultyStore<S> {
    async fn clock(&self, session: i64) -> Result<Option<ClockRecord>, StoreError> {
        self.inner().clock(session).await
    }

    async fn put_clock(&self, clock: &ClockRecord) -> Result<(), StoreError> {
        self.inner().put_clock(clock).await
    }

    async fn mark_reminded(
        &self,
        session: i64,
        ply: usize,
        from: u8,
        to: u8,
        next_at: Option<i64>,
    ) -> Result<(), StoreError> {
        self.inner().mark_reminded(session, ply, from, to, next_at).await
    }

    async fn due_clocks(&self, now: i64) -> Result<Vec<(i64, u64)>, StoreError> {
        self.inner().due_clocks(now).await
    }

    async fn next_wake(&self) -> Result<Option<i64>, StoreError> {
        self.inner().next_wake().await
    }

    async fn put_offer(&self, offer: &OfferRecord) -> Result<(), StoreError> {
        self.write("put_offer").await?;
        self.inner().put_offer(offer).await
    }

    async fn offer(&self, session: i64) -> Result<Option<OfferRecord>, StoreError> {
        self.inner().offer(session).await
    }

    async fn clear_offer(&self, session: i64) -> Result<(), StoreError> {
        self.write("clear_offer").await?;
        self.inner().clear_offer(session).await
    }

    async fn set_notify_dm(&self, user: u64, dm: bool) -> Result<(), StoreError> {
        self.write("set_notify_dm").await?;
        self.inner().set_notify_dm(user, dm).await
    }

    async fn notify_dm(&self, user: u64) -> Result<bool, StoreError> {
        self.inner().notify_dm(user).await
    }

    async fn add_thread(&self, channel: u64, parent: u64) -> Result<(), StoreError> {
        self.write("add_thread").await?;
        self.inner().add_thread(channel, parent).await
    }

    async fn schedule_archive(&self, channel: u64, at: i64) -> Result<(), StoreError> {
        self.inner().schedule_archive(channel, at).await
    }

    async fn due_archives(&self, now: i64) -> Result<Vec<u64>, StoreError> {
        self.inner().due_archives(now).await
    }

    async fn archived(&self, channel: u64) -> Result<(), StoreError> {
        self.inner().archived(channel).await
    }

    async fn set_players(&self, id: i64, players: &[PlayerRecord], now: i64) -> Result<(), StoreError> {
        self.write("set_players").await?;
        self.inner().set_players(id, players, now).await
    }

    async fn truncate_moves(&self, id: i64, version: usize, keep: usize, now: i64) -> Result<(), StoreError> {
        self.write("truncate_moves").await?;
        self.inner().truncate_moves(id, version, keep, now).await
    }
}
