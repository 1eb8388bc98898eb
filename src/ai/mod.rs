//! Computer opponents: a search per game behind one entry point, [`think`], at five levels of strength.
//!
//! Searches are pure and synchronous (no IO, no tokio); the bot runs them on a bounded pool of blocking threads.
//! Time is measured with `std::time::Instant` only to stop a search, never to decide a rule.

use std::time::Duration;

use crate::games::{AnyGame, GameKind};

pub mod arena;
pub mod search;

/// How hard to think.
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// Stop after this long (the search finishes its current iteration's bookkeeping and returns the best so far).
    pub time: Duration,
    /// Deepest iteration (plies for Tablut, single moves for TZAAR, game-specific for Tantrix); `None` = no limit.
    pub max_depth: Option<u32>,
    /// Stop after about this many nodes (deterministic, unlike time, whatever else the machine is doing).
    pub max_nodes: Option<u64>,
    /// Share of deliberate randomness, 0.0 (none) to 1.0 (a uniformly random legal move).
    pub noise: f64,
    /// Seed for the noise and any sampling, so a search can be replayed.
    pub seed: u64,
}

/// The strength levels players choose from.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=5;

impl Limits {
    /// The limits of `level` (1..=5) for a game, with `top` the time budget of level 5 (2 s by default).
    pub fn level(kind: GameKind, level: u8, top: Duration, seed: u64) -> Limits {
        kind.limits(level, top, seed)
    }

    /// A fixed time budget with no depth limit and no noise.
    pub fn time(time: Duration, seed: u64) -> Limits {
        Limits { time, max_depth: None, max_nodes: None, noise: 0.0, seed }
    }
}

/// What a search chose, and how it got there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The moves to play, in notation: one move, or for TZAAR the moves that complete the current turn.
    pub moves: Vec<String>,
    /// The deepest iteration completed.
    pub depth: u32,
    pub nodes: u64,
    /// The evaluation from the mover's point of view (game-specific units; large values mean a forced result).
    pub score: i32,
    pub elapsed: Duration,
}

/// Chooses the move(s) for the side to move. The game must not be over.
pub fn think(game: &AnyGame, limits: &Limits) -> Report {
    game.think(limits)
}

/// The move(s) of a one-ply greedy player: the best immediate material or score, ties broken by `seed`.
pub fn greedy(game: &AnyGame, seed: u64) -> Vec<String> {
    game.greedy(seed)
}
