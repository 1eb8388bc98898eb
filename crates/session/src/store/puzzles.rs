//! The `puzzle_attempts` table: each attempt a member makes at a puzzle, kept as data (which puzzle, where it
//! stands in notation, its actions and hints, when it was started and solved), one open at a time per member.
//! The solved-fastest tables are read from it. Beside it, the `tactics` table (each tactic as data, with its
//! puzzle rating) and `puzzle_ratings` (each member's puzzle rating and streaks, apart from their game ratings).

use super::StoreError;

/// A puzzle attempt to start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewAttempt {
    pub user: u64,
    /// How the member is named now (for the tables).
    pub name: String,
    pub guild: Option<u64>,
    /// The puzzle's name (`discovery`: a game's puzzle for one player, see `games::solo`).
    pub kind: String,
    pub spec: String,
    /// Where it starts (nothing down, for Discovery).
    pub state: String,
    pub now: i64,
}

/// One attempt at a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttemptRow {
    pub id: i64,
    pub user: u64,
    pub name: String,
    pub guild: Option<u64>,
    /// The puzzle's name (`discovery`: a game's puzzle for one player, see `games::solo`).
    pub kind: String,
    pub spec: String,
    pub state: String,
    /// Actions made (a tile put down, moved, turned or picked up): also the attempt's version, which every
    /// write names.
    pub actions: u32,
    pub hints: u32,
    pub started_at: i64,
    /// When it was solved (or finished, for a puzzle that scores).
    pub solved_at: Option<i64>,
    /// What it scored, for a puzzle that scores (more is better).
    pub score: Option<u32>,
    /// The member is working on it (not solved, and no other started since).
    pub open: bool,
}

impl AttemptRow {
    /// Seconds from the start to the solve (or to `now`, while it is worked on).
    pub fn seconds(&self, now: i64) -> i64 {
        (self.solved_at.unwrap_or(now) - self.started_at).max(0)
    }
}

/// A write to an open attempt, made on the version it was decided on (`actions` before it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttemptUpdate {
    pub id: i64,
    pub from_actions: u32,
    pub state: String,
    pub actions: u32,
    pub hints: u32,
    /// Set when this write solves or finishes it (the attempt is closed then).
    pub solved_at: Option<i64>,
    pub score: Option<u32>,
}

/// One line of a solved-fastest table: a member's best solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fastest {
    pub user: u64,
    pub name: String,
    pub spec: String,
    pub score: Option<u32>,
    pub seconds: i64,
    pub actions: u32,
    pub solved_at: i64,
}

impl Fastest {
    /// A finished attempt as a line of a table (`None` while it is not finished).
    pub fn of(a: &AttemptRow) -> Option<Fastest> {
        let solved_at = a.solved_at?;
        Some(Fastest {
            user: a.user,
            name: a.name.clone(),
            spec: a.spec.clone(),
            score: a.score,
            seconds: solved_at - a.started_at,
            actions: a.actions,
            solved_at,
        })
    }

    /// The order of the tables: the highest score first, then the fastest, the fewest actions, the earliest.
    pub fn rank(&self) -> (std::cmp::Reverse<u32>, i64, u32, i64) {
        (std::cmp::Reverse(self.score.unwrap_or(0)), self.seconds, self.actions, self.solved_at)
    }
}

/// The `kind` of a tactic's attempts in `puzzle_attempts` (their `spec` is the tactic's key, their `state` the
/// moves played since its position, as JSON).
pub const TACTIC_KIND: &str = "tactic";

/// One stored tactic.
#[derive(Clone, Debug, PartialEq)]
pub struct TacticRow {
    /// Its stable name (`games::tactic::Tactic::key`).
    pub key: String,
    /// Its game's name (`tablut`).
    pub game: String,
    /// The tactic as JSON (`games::tactic::Tactic`).
    pub body: String,
    /// Its puzzle rating (Glicko-2).
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated attempts at it.
    pub plays: u32,
}

/// A member's puzzle rating (Glicko-2, apart from game ratings) and record.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRating {
    pub user: u64,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub solved: u32,
    pub failed: u32,
    /// Tactics solved in a row, up to the latest.
    pub streak: u32,
    pub best_streak: u32,
    pub updated_at: i64,
}

/// A tactic's new rating after an attempt.
#[derive(Clone, Debug, PartialEq)]
pub struct TacticRating {
    pub key: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// A server's daily puzzle, as its settings schedule it, with the day of its last post.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyServer {
    pub guild: u64,
    pub channel: u64,
    /// The hour (UTC) it is posted at; `None` follows the bot's default.
    pub hour: Option<u8>,
    /// When the channel or the hour was last set.
    pub since: Option<i64>,
    /// The day (days since the Unix epoch, counted from the hour) of the latest post, if any.
    pub last_day: Option<i64>,
}

/// One day's daily puzzle in a server: which puzzle (as attempts name them), where, and when it was posted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyPost {
    pub guild: u64,
    /// Days since the Unix epoch, counted from the server's hour.
    pub day: i64,
    pub channel: u64,
    /// The puzzle's kind and spec, as [`AttemptRow`] names them.
    pub kind: String,
    pub spec: String,
    pub posted_at: i64,
}

/// Puzzle attempts, tactics and puzzle ratings.
#[async_trait::async_trait]
pub trait PuzzleStore: Send + Sync {
    /// Starts an attempt (closing the member's open one, if any, in the same transaction); its id.
    async fn start_attempt(&self, new: &NewAttempt) -> Result<i64, StoreError>;

    async fn attempt(&self, id: i64) -> Result<Option<AttemptRow>, StoreError>;

    /// The member's open attempt, if any.
    async fn open_attempt(&self, user: u64) -> Result<Option<AttemptRow>, StoreError>;

    /// Writes an action (or a hint) to an open attempt; [`StoreError::Conflict`] when it is no longer open or
    /// another action was written since `from_actions`.
    async fn update_attempt(&self, update: &AttemptUpdate) -> Result<(), StoreError>;

    /// Each member's best solve without hints of `kind` in the server `guild`, of the puzzle `spec` (or of every
    /// puzzle of the kind, when `None`: each member's best of each): the highest score first (for a puzzle that
    /// scores), then the fastest, then the fewest actions; at most `limit`.
    async fn fastest(
        &self,
        guild: Option<u64>,
        kind: &str,
        spec: Option<&str>,
        limit: usize,
    ) -> Result<Vec<Fastest>, StoreError>;

    /// Every finished attempt (solved, or over with a score) at the puzzle `kind` `spec` in the server `guild`
    /// started at `since` or later, hints or not: the highest score first, then the fastest.
    async fn finished_attempts(
        &self,
        guild: u64,
        kind: &str,
        spec: &str,
        since: i64,
    ) -> Result<Vec<Fastest>, StoreError>;

    /// How many attempts `user` started at the puzzle `kind` `spec`.
    async fn attempts_at(&self, user: u64, kind: &str, spec: &str) -> Result<u32, StoreError>;

    /// The servers with a daily puzzle channel.
    async fn daily_servers(&self) -> Result<Vec<DailyServer>, StoreError>;

    /// Claims a server's day for `post`: `false` when that day was already claimed (by another instance).
    async fn claim_daily(&self, post: &DailyPost) -> Result<bool, StoreError>;

    /// The server's latest daily post of a day before `day`.
    async fn daily_before(&self, guild: u64, day: i64) -> Result<Option<DailyPost>, StoreError>;

    /// The server's daily post of `day`.
    async fn daily_post(&self, guild: u64, day: i64) -> Result<Option<DailyPost>, StoreError>;

    /// Stores the tactics whose key is not stored yet (a stored one keeps its rating); how many were new.
    async fn add_tactics(&self, tactics: &[TacticRow]) -> Result<usize, StoreError>;

    async fn tactic(&self, key: &str) -> Result<Option<TacticRow>, StoreError>;

    /// The tactic of the game `game` (of any game when `None`) that `user` has never attempted whose rating is
    /// nearest `rating`.
    async fn next_tactic(
        &self,
        user: u64,
        game: Option<&str>,
        rating: f64,
    ) -> Result<Option<TacticRow>, StoreError>;

    /// How many tactics are stored.
    async fn tactic_count(&self) -> Result<u64, StoreError>;

    /// The member's puzzle rating, once they have attempted a tactic.
    async fn puzzle_rating(&self, user: u64) -> Result<Option<PuzzleRating>, StoreError>;

    /// Whether `user` lets tactics be made from their finished games (`tactic_sources`), from `now` on or no more.
    async fn set_shares_games(&self, user: u64, shares: bool, now: i64) -> Result<(), StoreError>;

    /// Whether `user` lets tactics be made from their finished games.
    async fn shares_games(&self, user: u64) -> Result<bool, StoreError>;

    /// Finishes a tactic attempt: the write to it (as [`update_attempt`](PuzzleStore::update_attempt), with the
    /// same [`StoreError::Conflict`]), and in the same transaction the member's new puzzle rating and, when given,
    /// the tactic's (only a member's first attempt at a tactic moves its rating).
    async fn finish_tactic(
        &self,
        update: &AttemptUpdate,
        player: &PuzzleRating,
        tactic: Option<&TacticRating>,
    ) -> Result<(), StoreError>;
}

/// Keeps each member's best of each puzzle from `solves`, already in order (fastest first), at most `limit`.
pub fn best_of_each(solves: impl IntoIterator<Item = Fastest>, limit: usize) -> Vec<Fastest> {
    let mut seen = std::collections::HashSet::new();
    solves.into_iter().filter(|f| seen.insert((f.user, f.spec.clone()))).take(limit).collect()
}
