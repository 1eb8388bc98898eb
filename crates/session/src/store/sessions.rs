//! The `sessions` and `moves` tables: challenges and games, their players, their moves in notation, and the claims
//! on the computer's turns (columns of `sessions`). A game is stored as notation, never as engine internals: its
//! setup (game, variant, shuffle seed, players in seat order) and its move list; the session layer replays the
//! moves through the engine when it loads a game.

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

impl PlayerRow {
    /// The order in which each seat of `players` was left (see [`PlayerRow::left`]), `None` for a seat still
    /// played by who took it: what [`crate::rating::standing`] ranks the leavers by.
    pub(crate) fn left_orders(players: &[PlayerRow]) -> Vec<Option<u32>> {
        players.iter().map(|p| p.abandoned.then(|| p.left.unwrap_or(0))).collect()
    }

    /// Whether the computer plays this seat as itself (from the start), not for a member who left it.
    pub(crate) fn is_computer(&self) -> bool {
        self.level.is_some() && !self.abandoned
    }
}

/// What ended a game: one of the ways Tabula knows, stored as data (its own columns), never as a sentence.
/// Sentences are made from it when a view is drawn, from the kind, the seats and the players' current names, in
/// the reader's language (see `session::endings`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndKind {
    /// The rules ended it (the game's moves), or nobody was left to play on; seats that had left rank below
    /// those who stayed.
    Rules,
    /// The seat in `seats` resigned (a game of two: it loses).
    Resigned,
    /// The seat in `seats` ran out of time (a game of two: it loses).
    TimedOut,
    /// The seat in `seats` was the last person to leave a game of three or four (resigned or out of time): the
    /// computer played every seat, so the game ended by its rules with the leavers below.
    LastLeft,
    /// The players agreed to a draw: `seats` are who offered it, then who accepted.
    DrawAgreed,
    /// The players agreed to abort (after the first move): who asked, then who agreed.
    AbortAgreed,
    /// Aborted alone: by the seat in `seats` (before the first move), or by `member`, who is no player of the
    /// game and may manage the server's messages.
    Aborted,
    /// A tournament's organiser (`member`) set the result (`places`) for `reason`; the seat in `seats` is the
    /// player they named.
    Decided,
    /// A tournament's round ended at its time while the game was still played: it counts as a draw.
    RoundTime,
}

impl EndKind {
    pub const ALL: [EndKind; 9] = [
        EndKind::Rules,
        EndKind::Resigned,
        EndKind::TimedOut,
        EndKind::LastLeft,
        EndKind::DrawAgreed,
        EndKind::AbortAgreed,
        EndKind::Aborted,
        EndKind::Decided,
        EndKind::RoundTime,
    ];

    /// The word a store keeps it as.
    pub fn as_str(self) -> &'static str {
        match self {
            EndKind::Rules => "rules",
            EndKind::Resigned => "resigned",
            EndKind::TimedOut => "timed_out",
            EndKind::LastLeft => "last_left",
            EndKind::DrawAgreed => "draw_agreed",
            EndKind::AbortAgreed => "abort_agreed",
            EndKind::Aborted => "aborted",
            EndKind::Decided => "decided",
            EndKind::RoundTime => "round_time",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// Whether a game that ends so is finished (it has places), not aborted.
    pub(crate) fn finishes(self) -> bool {
        !matches!(self, EndKind::AbortAgreed | EndKind::Aborted)
    }
}

/// How a closed game ended: what ended it, the seats concerned, and each seat's place. No name is part of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    pub kind: EndKind,
    /// The seats concerned, as [`EndKind`] says for each kind.
    pub seats: Vec<usize>,
    /// A member who is not a seat of the game: who aborted it, or the organiser who decided it.
    pub member: Option<u64>,
    /// The organiser's reason, as they typed it.
    pub reason: Option<String>,
    /// Each seat's place (1 for the first, shared places for ties), for a finished game; `None` when aborted.
    pub places: Option<Vec<usize>>,
}

impl Ending {
    /// An ending of `kind` concerning `seats`, with the players' `places` (`None` for an abort).
    pub fn new(kind: EndKind, seats: Vec<usize>, places: Option<Vec<usize>>) -> Self {
        Ending { kind, seats, member: None, reason: None, places }
    }

    /// The seat concerned, for the kinds that concern one.
    pub fn seat(&self) -> Option<usize> {
        self.seats.first().copied()
    }

    /// The columns an ending is stored in (all `NULL` for none): `end_kind`, `end_seats` (a JSON array),
    /// `end_member`, `end_reason`, `end_places` (a JSON array, or none).
    #[allow(clippy::type_complexity)]
    pub(crate) fn columns(
        ending: Option<&Ending>,
    ) -> (Option<&'static str>, Option<String>, Option<i64>, Option<String>, Option<String>) {
        let json = |v: &Vec<usize>| serde_json::to_string(v).expect("seats serialize");
        let Some(e) = ending else { return (None, None, None, None, None) };
        (
            Some(e.kind.as_str()),
            Some(json(&e.seats)),
            e.member.map(|m| m as i64),
            e.reason.clone(),
            e.places.as_ref().map(json),
        )
    }

    /// An ending read back from its columns; `None` when they do not hold one.
    pub(crate) fn from_columns(
        kind: Option<&str>,
        seats: Option<&str>,
        member: Option<i64>,
        reason: Option<String>,
        places: Option<&str>,
    ) -> Option<Result<Self, String>> {
        let kind = kind?;
        let read = |what: &str, text: &str| {
            serde_json::from_str::<Vec<usize>>(text).map_err(|_| format!("unreadable ending {what}"))
        };
        Some((|| {
            Ok(Ending {
                kind: EndKind::parse(kind).ok_or_else(|| format!("unknown ending `{kind}`"))?,
                seats: read("seats", seats.unwrap_or("[]"))?,
                member: member.map(|m| m as u64),
                reason,
                places: places.map(|p| read("places", p)).transpose()?,
            })
        })())
    }
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
    /// How a closed game ended (`None` while it is open, and for challenges that never became games).
    pub ending: Option<Ending>,
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
#[async_trait::async_trait]
pub trait SessionStore: Send + Sync {
    /// The open session (challenge or game) of a channel, if any.
    async fn open_session(&self, channel: u64) -> Result<Option<SessionRow>, StoreError>;

    /// The session `id`, open or closed, if there is one (for records: `/game`).
    async fn session(&self, id: i64) -> Result<Option<SessionRow>, StoreError>;

    /// Every open session, for start-up checks and sweeps.
    async fn open_sessions(&self) -> Result<Vec<SessionRow>, StoreError>;

    /// The open sessions (challenges and games) where `user` holds a seat they have not left, wherever they are
    /// played (`/games`), oldest first.
    async fn open_sessions_of(&self, user: u64) -> Result<Vec<SessionRow>, StoreError>;

    /// Creates a session; [`StoreError::Conflict`] when the channel already has an open one.
    async fn create(&self, session: &NewSession) -> Result<i64, StoreError>;

    /// Records acceptances of a challenge: rewrites its players and, when `start`, moves it to
    /// [`SessionState::Playing`], in one atomic write; [`StoreError::Conflict`] when it is no longer a challenge.
    async fn accept(&self, id: i64, players: &[PlayerRow], start: bool, now: i64) -> Result<(), StoreError>;

    /// Remembers the platform message that shows a session's challenge.
    async fn set_message(&self, id: i64, message: u64) -> Result<(), StoreError>;

    /// Open challenges whose deadline is at or before `now`, as (session id, channel), oldest deadline first.
    async fn due_challenges(&self, now: i64) -> Result<Vec<(i64, u64)>, StoreError>;

    /// Moves a session from state `from` to state `to` (with its ending for a game that ended);
    /// [`StoreError::Conflict`] when it is no longer in `from`.
    async fn transition(
        &self,
        id: i64,
        from: SessionState,
        to: SessionState,
        ending: Option<&Ending>,
        now: i64,
    ) -> Result<(), StoreError>;

    /// Appends moves to a game stored at `version` moves, and closes it with `finished` when they end it;
    /// with `clock`, stores it as the game's clock (the turn these moves start) in the same transaction, so that a
    /// move and its turn's clock are kept or lost together and cost one commit. [`StoreError::Conflict`] when the
    /// stored version is no longer `version`. All or nothing.
    async fn append_moves(
        &self,
        id: i64,
        version: usize,
        moves: &[(usize, String)],
        finished: Option<&Ending>,
        now: i64,
        clock: Option<&ClockRow>,
    ) -> Result<(), StoreError>;

    /// Takes moves back: keeps the first `keep` moves of a game stored at `version`; [`StoreError::Conflict`] when
    /// the stored version is no longer `version`.
    async fn truncate_moves(&self, id: i64, version: usize, keep: usize, now: i64) -> Result<(), StoreError>;

    /// Rewrites the players of a game being played (a seat taken over by the computer);
    /// [`StoreError::Conflict`] when it is no longer being played.
    async fn set_players(&self, id: i64, players: &[PlayerRow], now: i64) -> Result<(), StoreError>;

    /// Records that a hint was used in game `id`, which makes it unrated: `true` the first time, `false` when a
    /// hint was used before (so that the game says so once).
    async fn mark_hinted(&self, id: i64) -> Result<bool, StoreError>;

    /// Claims for process `owner` the turn of a game stored at `version` moves until `until` (clock seconds):
    /// `true` when no other process holds an unexpired claim on that turn, so that one process thinks for the
    /// computer; a claim lapses, so the turn of a process that died is picked up by another. `false` also when the
    /// game moved on or ended.
    async fn claim_turn(
        &self,
        id: i64,
        version: usize,
        owner: u64,
        now: i64,
        until: i64,
    ) -> Result<bool, StoreError>;
}
