//! The `sessions` and `moves` tables: challenges and games, their players, their moves in notation, and the claims
//! on the computer's turns (columns of `sessions`). A game is stored as notation, never as engine internals: its
//! setup (game, variant, shuffle seed, players in seat order) and its move list; the session layer replays the
//! moves through the engine when it loads a game.

use std::future::Future;

use serde::{Deserialize, Serialize};

use super::StoreError;
use super::clocks::ClockRow;
use crate::games::{GameKind, Setup};

/// The life of a session: open states first, then the closed ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SessionState {
    /// Waiting for the challenged players.
    Challenge,
    /// Being played.
    Playing,
    Finished,
    Declined,
    Withdrawn,
    Expired,
    Aborted,
}

impl SessionState {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            SessionState::Challenge => "challenge",
            SessionState::Playing => "playing",
            SessionState::Finished => "finished",
            SessionState::Declined => "declined",
            SessionState::Withdrawn => "withdrawn",
            SessionState::Expired => "expired",
            SessionState::Aborted => "aborted",
        }
    }

    pub(crate) fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "challenge" => SessionState::Challenge,
            "playing" => SessionState::Playing,
            "finished" => SessionState::Finished,
            "declined" => SessionState::Declined,
            "withdrawn" => SessionState::Withdrawn,
            "expired" => SessionState::Expired,
            "aborted" => SessionState::Aborted,
            _ => return None,
        })
    }

    /// Whether the session still occupies its channel.
    pub fn is_open(self) -> bool {
        matches!(self, SessionState::Challenge | SessionState::Playing)
    }
}

/// A player of a session, in seat order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerRow {
    pub id: u64,
    pub name: String,
    pub accepted: bool,
    /// Left a game of more than two players (resigned or ran out of time): the computer plays the seat from then
    /// on, and the seat ranks below those who stayed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub abandoned: bool,
    /// When `abandoned`, the order in which the seat was left (1 for the first): a later leaver ranks above an
    /// earlier one. Games stored before it was kept have none (they rank as the first to leave).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left: Option<u32>,
    /// The AI's level when the bot itself holds this seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
}

/// Everything stored about one session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionRow {
    pub id: i64,
    pub channel: u64,
    /// The server the session belongs to (`None` outside servers and for sessions stored before servers were).
    pub guild: Option<u64>,
    pub game: GameKind,
    pub setup: Setup,
    pub players: Vec<PlayerRow>,
    pub challenger: u64,
    pub state: SessionState,
    /// The moves in notation, in order; their count is the session's version.
    pub moves: Vec<String>,
    pub result: Option<String>,
    pub created_at: i64,
    pub expires_at: i64,
    /// The platform message showing the challenge, once the adapter has told the store.
    pub message: Option<u64>,
    /// Whether the game counts for ratings (a challenge may be unrated; a hint makes a game unrated).
    pub rated: bool,
    /// Whether a player asked for a hint (`/hint`) in this game.
    pub hinted: bool,
}

/// A session about to be created (the store gives it its id).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewSession {
    pub channel: u64,
    pub guild: Option<u64>,
    pub game: GameKind,
    pub setup: Setup,
    pub players: Vec<PlayerRow>,
    pub challenger: u64,
    pub state: SessionState,
    pub now: i64,
    pub expires_at: i64,
    /// Whether the game counts for ratings.
    pub rated: bool,
}

/// Sessions and their moves. Every conditional write says [`StoreError::Conflict`] when it lost a race, so that
/// several processes sharing one database never both apply a move or settle a challenge.
pub trait SessionStore: Send + Sync {
    /// The open session (challenge or game) of a channel, if any.
    fn open_session(
        &self,
        channel: u64,
    ) -> impl Future<Output = Result<Option<SessionRow>, StoreError>> + Send;

    /// The session `id`, open or closed, if there is one (for records: `/game`).
    fn session(&self, id: i64) -> impl Future<Output = Result<Option<SessionRow>, StoreError>> + Send;

    /// Every open session, for start-up checks and sweeps.
    fn open_sessions(&self) -> impl Future<Output = Result<Vec<SessionRow>, StoreError>> + Send;

    /// Creates a session; [`StoreError::Conflict`] when the channel already has an open one.
    fn create(&self, session: &NewSession) -> impl Future<Output = Result<i64, StoreError>> + Send;

    /// Records acceptances of a challenge: rewrites its players and, when `start`, moves it to
    /// [`SessionState::Playing`], in one atomic write; [`StoreError::Conflict`] when it is no longer a challenge.
    fn accept(
        &self,
        id: i64,
        players: &[PlayerRow],
        start: bool,
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Remembers the platform message that shows a session's challenge.
    fn set_message(&self, id: i64, message: u64) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Open challenges whose deadline is at or before `now`, as (session id, channel), oldest deadline first.
    fn due_challenges(&self, now: i64) -> impl Future<Output = Result<Vec<(i64, u64)>, StoreError>> + Send;

    /// Moves a session from state `from` to state `to` (with a result for closed games);
    /// [`StoreError::Conflict`] when it is no longer in `from`.
    fn transition(
        &self,
        id: i64,
        from: SessionState,
        to: SessionState,
        result: Option<&str>,
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Appends moves to a game stored at `version` moves, and closes it with `finished` when that is the result;
    /// with `clock`, stores it as the game's clock (the turn these moves start) in the same transaction, so that a
    /// move and its turn's clock are kept or lost together and cost one commit. [`StoreError::Conflict`] when the
    /// stored version is no longer `version`. All or nothing.
    fn append_moves(
        &self,
        id: i64,
        version: usize,
        moves: &[(usize, String)],
        finished: Option<&str>,
        now: i64,
        clock: Option<&ClockRow>,
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

    /// Rewrites the players of a game being played (a seat taken over by the computer);
    /// [`StoreError::Conflict`] when it is no longer being played.
    fn set_players(
        &self,
        id: i64,
        players: &[PlayerRow],
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Records that a hint was used in game `id`, which makes it unrated: `true` the first time, `false` when a
    /// hint was used before (so that the game says so once).
    fn mark_hinted(&self, id: i64) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Claims for process `owner` the turn of a game stored at `version` moves until `until` (clock seconds):
    /// `true` when no other process holds an unexpired claim on that turn, so that one process thinks for the
    /// computer; a claim lapses, so the turn of a process that died is picked up by another. `false` also when the
    /// game moved on or ended.
    fn claim_turn(
        &self,
        id: i64,
        version: usize,
        owner: u64,
        now: i64,
        until: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;
}
