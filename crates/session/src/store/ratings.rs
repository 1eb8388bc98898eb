//! The `results`, `game_players`, `ratings` and `rating_history` tables: finished games (for `/history`), ratings
//! and their changes (for leaderboards' trends), and the bookkeeping every store shares: a result turns into new
//! rating rows per board (the server's and the one across servers) through [`crate::rating`].

use std::collections::HashMap;

use super::StoreError;
use crate::games::GameKind;
use crate::rating::{self, Rating, Score};

/// The board across servers has this guild id (Discord ids are never 0).
pub const ALL_SERVERS: u64 = 0;

/// How many recent ratings a leaderboard's trend shows.
pub(crate) const TREND_POINTS: usize = 10;

/// One player of a finished game and their place (1 for the first; tied players share a place).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerPlace {
    pub user: u64,
    pub name: String,
    pub place: usize,
    /// The computer's level, when the computer played the seat from the start (it is never rated).
    pub level: Option<u8>,
}

/// The result of a finished game, recorded once when it ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    pub session: i64,
    pub game: GameKind,
    pub guild: Option<u64>,
    /// The players in seat order.
    pub players: Vec<PlayerPlace>,
    /// Whether it counts for ratings.
    pub rated: bool,
    pub ended_at: i64,
}

/// A player's rating in one game on one board, and the rated games behind it.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub game: GameKind,
    /// The server, or [`ALL_SERVERS`].
    pub guild: u64,
    pub user: u64,
    /// The name the player had in their last rated game.
    pub name: String,
    pub rating: Rating,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub(crate) updated_at: i64,
}

/// One finished game in a member's history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryEntry {
    pub session: i64,
    pub(crate) game: GameKind,
    pub(crate) rated: bool,
    pub(crate) ended_at: i64,
    /// Everyone who played, in seat order.
    pub players: Vec<PlayerPlace>,
}

impl From<GameResult> for HistoryEntry {
    fn from(r: GameResult) -> Self {
        HistoryEntry {
            session: r.session,
            game: r.game,
            rated: r.rated,
            ended_at: r.ended_at,
            players: r.players,
        }
    }
}

/// A page of a member's history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryPage {
    pub entries: Vec<HistoryEntry>,
    /// How many games the member has in all (with the same filters).
    pub total: usize,
}

/// A player on a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    /// 1 plus the number of players rated higher.
    pub(crate) place: usize,
    pub row: RatingRow,
    /// The player's last ratings (at most [`TREND_POINTS`]), oldest first.
    pub(crate) trend: Vec<f64>,
}

/// The top of a game's board, and the asking member's own place when they are rated but not in the top.
#[derive(Clone, Debug, PartialEq)]
pub struct Leaderboard {
    pub(crate) game: GameKind,
    pub(crate) guild: u64,
    pub top: Vec<Ranked>,
    pub(crate) own: Option<Ranked>,
    /// How many players the board has.
    pub players: usize,
}

/// Finished games and ratings.
#[async_trait::async_trait]
pub trait RatingStore: Send + Sync {
    /// Records the result of a finished game, for `/history`, and when it is rated updates its players' ratings
    /// (on its server and across servers), all in one write; [`StoreError::Conflict`] when it was recorded before.
    async fn record_result(&self, result: &GameResult) -> Result<(), StoreError>;

    /// A member's ratings in every game they are rated in: on `guild`'s board and across servers.
    async fn ratings_of(&self, user: u64, guild: Option<u64>) -> Result<Vec<RatingRow>, StoreError>;

    /// A member's finished games on `guild` (of one game, or all), newest first: page `page` (from 0) of
    /// `per_page`, and how many there are in all.
    async fn history(
        &self,
        user: u64,
        guild: Option<u64>,
        game: Option<GameKind>,
        page: usize,
        per_page: usize,
    ) -> Result<HistoryPage, StoreError>;

    /// The best `top` players of a game on `guild`'s board, with their recent ratings, and `user`'s own place.
    async fn leaderboard(
        &self,
        game: GameKind,
        guild: Option<u64>,
        user: u64,
        top: usize,
    ) -> Result<Leaderboard, StoreError>;

    /// Recomputes every rating from the recorded results, in the order they were recorded; returns how many
    /// rated games it went through.
    async fn rebuild_ratings(&self) -> Result<usize, StoreError>;
}

/// The boards a game of `guild` counts on: the server's, and the one across servers.
pub(super) fn boards(guild: Option<u64>) -> Vec<u64> {
    match guild.filter(|&g| g != ALL_SERVERS) {
        Some(g) => vec![g, ALL_SERVERS],
        None => vec![ALL_SERVERS],
    }
}

/// The board a command asks about: its server's, or the one across servers outside servers.
pub(super) fn board(guild: Option<u64>) -> u64 {
    guild.unwrap_or(ALL_SERVERS)
}

/// A rating change, kept for trends.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Change {
    pub(crate) session: i64,
    pub(crate) game: GameKind,
    pub(crate) guild: u64,
    pub(crate) user: u64,
    pub(crate) rating: f64,
    pub(crate) deviation: f64,
    pub(crate) at: i64,
}

impl Change {
    /// The change that `result` made: `row` is a player's row after it.
    pub(crate) fn of(result: &GameResult, row: &RatingRow) -> Change {
        Change {
            session: result.session,
            game: row.game,
            guild: row.guild,
            user: row.user,
            rating: row.rating.rating,
            deviation: row.rating.deviation,
            at: result.ended_at,
        }
    }
}

/// The rows of `result`'s players on board `guild` after the game, from their rows before it (`None` for a first
/// game).
pub(super) fn rate(result: &GameResult, guild: u64, before: &[Option<RatingRow>]) -> Vec<RatingRow> {
    let system = result.game.info().rating;
    let ratings: Vec<Rating> =
        before.iter().map(|r| r.as_ref().map_or_else(|| Rating::initial(system), |r| r.rating)).collect();
    let places: Vec<usize> = result.players.iter().map(|p| p.place).collect();
    let after = rating::update(system, &ratings, &places);
    result
        .players
        .iter()
        .zip(before)
        .zip(after)
        .enumerate()
        .map(|(seat, ((player, before), rating))| {
            let mut row = before.clone().unwrap_or(RatingRow {
                game: result.game,
                guild,
                user: player.user,
                name: player.name.clone(),
                rating,
                games: 0,
                wins: 0,
                draws: 0,
                losses: 0,
                updated_at: result.ended_at,
            });
            row.name.clone_from(&player.name);
            row.rating = rating;
            row.games += 1;
            match rating::score_of(&places, seat) {
                Score::Win => row.wins += 1,
                Score::Draw => row.draws += 1,
                Score::Loss => row.losses += 1,
            }
            row.updated_at = result.ended_at;
            row
        })
        .collect()
}

/// Ratings and their changes in memory, made from results in the order they come: what the SQL stores' rebuild
/// writes back, and a store in memory's ratings (the test double's).
#[derive(Debug, Default)]
pub struct Ledger {
    ratings: HashMap<(GameKind, u64, u64), RatingRow>,
    changes: Vec<Change>,
}

impl Ledger {
    /// Every rating row, in no order.
    pub(super) fn ratings(&self) -> impl Iterator<Item = &RatingRow> {
        self.ratings.values()
    }

    /// Every rating change, oldest first.
    pub(super) fn changes(&self) -> &[Change] {
        &self.changes
    }

    /// Rates `result` on each of its boards.
    pub fn apply(&mut self, result: &GameResult) {
        for guild in boards(result.guild) {
            let before: Vec<Option<RatingRow>> = result
                .players
                .iter()
                .map(|p| self.ratings.get(&(result.game, guild, p.user)).cloned())
                .collect();
            for row in rate(result, guild, &before) {
                self.changes.push(Change::of(result, &row));
                self.ratings.insert((row.game, guild, row.user), row);
            }
        }
    }

    /// Writes `label` for `user`'s name in every rating row (a forgotten member).
    pub fn rename(&mut self, user: u64, label: &str) {
        for row in self.ratings.values_mut().filter(|r| r.user == user) {
            row.name = label.to_string();
        }
    }

    /// How many rating rows `user` has.
    pub fn rows_of(&self, user: u64) -> Vec<&RatingRow> {
        self.ratings.values().filter(|r| r.user == user).collect()
    }

    /// A member's rows on `guild`'s board and across servers.
    pub fn ratings_of(&self, user: u64, guild: Option<u64>) -> Vec<RatingRow> {
        let boards = boards(guild);
        let mut rows: Vec<RatingRow> =
            self.ratings.values().filter(|r| r.user == user && boards.contains(&r.guild)).cloned().collect();
        rows.sort_by_key(|r| (GameKind::ALL.iter().position(|g| *g == r.game), r.guild == ALL_SERVERS));
        rows
    }

    fn trend(&self, game: GameKind, guild: u64, user: u64) -> Vec<f64> {
        let mut trend: Vec<f64> = self
            .changes
            .iter()
            .rev()
            .filter(|c| c.game == game && c.guild == guild && c.user == user)
            .take(TREND_POINTS)
            .map(|c| c.rating)
            .collect();
        trend.reverse();
        trend
    }

    pub fn leaderboard(&self, game: GameKind, guild: Option<u64>, user: u64, top: usize) -> Leaderboard {
        let guild = board(guild);
        let mut rows: Vec<&RatingRow> =
            self.ratings.values().filter(|r| r.game == game && r.guild == guild).collect();
        rows.sort_by(|a, b| b.rating.rating.total_cmp(&a.rating.rating).then(a.user.cmp(&b.user)));
        let place = |row: &RatingRow| 1 + rows.iter().filter(|r| r.rating.rating > row.rating.rating).count();
        let ranked = |row: &RatingRow| Ranked {
            place: place(row),
            row: row.clone(),
            trend: self.trend(game, guild, row.user),
        };
        let best: Vec<Ranked> = rows.iter().take(top).map(|r| ranked(r)).collect();
        let own = if best.iter().any(|r| r.row.user == user) {
            None
        } else {
            rows.iter().find(|r| r.user == user).map(|r| ranked(r))
        };
        Leaderboard { game, guild, top: best, own, players: rows.len() }
    }
}
