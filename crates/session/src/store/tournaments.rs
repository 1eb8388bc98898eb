//! The `tournaments`, `tournament_entrants` and `tournament_games` tables: each tournament's settings and state,
//! who signed up (with the rating they had), and every game and bye of every round with its points once decided.
//! A round is started once, by one instance: [`TournamentStore::claim_round`] moves the round number on only
//! from the one before.

use super::StoreError;
use crate::games::GameKind;

/// How long before the start a tournament with check-in opens it: 15 minutes.
pub const CHECK_IN_SECONDS: i64 = 15 * 60;

/// A tournament as created by `/tournament create`.
#[derive(Clone, Debug, PartialEq)]
pub struct NewTournament {
    pub guild: u64,
    pub channel: u64,
    pub organiser: u64,
    pub game: GameKind,
    pub variant: String,
    /// `swiss`, `round-robin` or `knockout` ([`crate::tournament::Format::name`]).
    pub format: String,
    pub rounds: u32,
    /// The clock's name (`10m`, `1h`, `1d`, …) every game of it plays with.
    pub clock: String,
    pub rated: bool,
    pub max_players: u32,
    /// A pairing of a two-player game is two games, sides swapped.
    pub mini_match: bool,
    pub starts_at: i64,
    /// How long a round may last before the next starts; `None` waits for every game to end.
    pub round_seconds: Option<i64>,
    /// A role given to the winner.
    pub winner_role: Option<u64>,
    /// Entrants check in during the last [`CHECK_IN_SECONDS`] before the start; who did not is not paired.
    pub check_in: bool,
    pub now: i64,
}

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentState {
    /// Open for sign-up until it starts.
    Signup,
    Running,
    /// Stopped by an organiser: no round starts until it runs again.
    Paused,
    Finished,
    Cancelled,
}

impl TournamentState {
    pub fn name(self) -> &'static str {
        match self {
            TournamentState::Signup => "signup",
            TournamentState::Running => "running",
            TournamentState::Paused => "paused",
            TournamentState::Finished => "finished",
            TournamentState::Cancelled => "cancelled",
        }
    }

    pub fn parse(name: &str) -> Option<TournamentState> {
        [
            TournamentState::Signup,
            TournamentState::Running,
            TournamentState::Paused,
            TournamentState::Finished,
            TournamentState::Cancelled,
        ]
        .into_iter()
        .find(|s| s.name() == name)
    }
}

/// What the `tournaments` table keeps of one tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentRow {
    pub id: i64,
    pub settings: NewTournament,
    pub state: TournamentState,
    /// The last round started (0 before the first).
    pub round: u32,
    /// When the current round ends at the latest, for a tournament with a time per round.
    pub round_due: Option<i64>,
    /// The announcement with the Join and Leave buttons.
    pub message: Option<u64>,
    /// Check-in is open (its call was posted).
    pub check_in_open: bool,
}

/// One entrant of a tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct EntrantRow {
    pub user: u64,
    pub name: String,
    /// The rating at sign-up (seeding).
    pub rating: f64,
    pub joined_at: i64,
    pub withdrawn: bool,
    /// Checked in (a tournament with check-in pairs only those who did).
    pub checked_in: bool,
}

/// One game (or bye: one seat, no session) of a round.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentGameRow {
    pub tournament: i64,
    pub round: u32,
    pub board: u32,
    /// The players by seat, seat 0 first.
    pub seats: Vec<u64>,
    pub session: Option<i64>,
    /// Half points per seat, once decided.
    pub points: Option<Vec<u32>>,
    /// The game's own scores per seat, where it has them (Tantrix).
    pub scores: Option<Vec<i64>>,
    /// `false` for a forfeit (not started, or decided by hand without a game).
    pub over_the_board: bool,
}

/// Tournaments, their entrants and their games.
#[async_trait::async_trait]
pub trait TournamentStore: Send + Sync {
    /// Stores a new tournament, open for sign-up; its id.
    async fn create_tournament(&self, t: &NewTournament) -> Result<i64, StoreError>;

    async fn tournament(&self, id: i64) -> Result<Option<TournamentRow>, StoreError>;

    /// A server's tournaments not finished or cancelled, oldest first.
    async fn open_tournaments(&self, guild: u64) -> Result<Vec<TournamentRow>, StoreError>;

    /// A server's latest finished tournament (its standings stay to be seen), if it has one.
    async fn last_finished_tournament(&self, guild: u64) -> Result<Option<TournamentRow>, StoreError>;

    /// Tournaments with work that may be due at `now`: check-in to open, sign-up closed (`starts_at` passed), or
    /// running (a round's games may all have ended, or its time be up).
    async fn due_tournaments(&self, now: i64) -> Result<Vec<i64>, StoreError>;

    /// Remembers the announcement's message.
    async fn set_tournament_message(&self, id: i64, message: u64) -> Result<(), StoreError>;

    /// Signs a member up; [`StoreError::Conflict`] when they already are.
    async fn join_tournament(&self, id: i64, entrant: &EntrantRow) -> Result<(), StoreError>;

    /// Opens check-in: `true` for the one caller that moved it (it posts the call), `false` for every other.
    async fn open_check_in(&self, id: i64) -> Result<bool, StoreError>;

    /// Checks an entrant in; [`StoreError::Conflict`] when they are not on the list or checked in already.
    async fn check_in(&self, id: i64, user: u64) -> Result<(), StoreError>;

    /// Takes a member off the list before the start; [`StoreError::Conflict`] when they are not on it.
    async fn leave_tournament(&self, id: i64, user: u64) -> Result<(), StoreError>;

    /// Takes an entrant out of later rounds, their games kept; [`StoreError::Conflict`] when not in (or out).
    async fn withdraw_entrant(&self, id: i64, user: u64) -> Result<(), StoreError>;

    /// The entrants in sign-up order.
    async fn entrants(&self, id: i64) -> Result<Vec<EntrantRow>, StoreError>;

    /// Starts round `round` (the tournament running, its last round `round - 1`), with its deadline; `true` for
    /// the one caller that moved it, `false` for every other (another instance started it, or it is paused).
    async fn claim_round(&self, id: i64, round: u32, due: Option<i64>) -> Result<bool, StoreError>;

    /// Moves a tournament from `from` to `to`; [`StoreError::Conflict`] when it was not in `from`.
    async fn set_tournament_state(
        &self,
        id: i64,
        from: TournamentState,
        to: TournamentState,
    ) -> Result<(), StoreError>;

    /// Stores a game or a bye of a round; [`StoreError::Conflict`] when its board is taken.
    async fn add_tournament_game(&self, game: &TournamentGameRow) -> Result<(), StoreError>;

    /// Remembers the session a game of a round is played in; [`StoreError::Conflict`] when it has one already
    /// (another instance started it).
    async fn set_tournament_game_session(
        &self,
        tournament: i64,
        round: u32,
        board: u32,
        session: i64,
    ) -> Result<(), StoreError>;

    /// Decides a game: its points (and scores); [`StoreError::Conflict`] when it was decided before.
    async fn settle_tournament_game(&self, game: &TournamentGameRow) -> Result<(), StoreError>;

    /// Every game and bye of a tournament, by round and board.
    async fn tournament_games(&self, id: i64) -> Result<Vec<TournamentGameRow>, StoreError>;

    /// The tournament game a session is, if it is one.
    async fn tournament_game_of(&self, session: i64) -> Result<Option<TournamentGameRow>, StoreError>;
}
