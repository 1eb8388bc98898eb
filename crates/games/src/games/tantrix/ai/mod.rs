//! The Tantrix AI: hands are visible, only the bag is random, so the search looks at the seat's own turn (its
//! forced fills, its free move, the forced fills after it) and then the opponents' replies, over a few sampled
//! orders of the bag. Levels 3 to 5 score a position by predicting the value each chain, the seat's and the
//! opponents', will reach by the end of the game (`eval::Predictor`, fitted to the final scores of self-play
//! games): from its length, how many unplayed tiles fit the cells beyond its ends, forced spaces and the hand at
//! those ends, chains of the colour that one tile would join, and loops one tile would close.
//!
//! Depths (`Limits::max_depth`), each a deeper look than the one before:
//! 0 = the seat's own turn (forced fills, free move, forced fills), each placement the best for the seat's best
//!     chain as it scores now (a greedy player);
//! 1 = the same with the seat's own chains valued with their prospects (open ends, joins, loops);
//! 2 = the same with the opponents' chains counted against them (blocking);
//! 3 = also the opponents' turns until the seat moves again, each played by its own evaluation, for the moves of
//!     depth 2 in order while the node budget lasts;
//! 4 and more = the best few moves of depth 3 played out for `depth - 1` turns (the seat's, the opponents', the
//!     seat's again...) over sampled orders of the bag, averaged, round after round while the budget lasts;
//! no limit (level 5) = the same playouts for two rounds of turns (`Style::horizon`), then scored by the predicted
//!     final lead as a share of a win, so that many sampled bags are compared rather than a few whole games.
//! The playouts compare the best twelve moves of depth 3 at first, and drop the worse half after 8 rounds, after
//! 16 more and after 32 more, down to the last two (`Style::halving`; the baseline compares six throughout).
//! Once the bag is empty nothing is left to chance: every move is played out once instead, `depth - 1` turns or
//! to the end.
//! Depths 0 to 3 draw no tiles (a hand just gets shorter: no luck is assumed); the playouts sample the draws.
//! A node is one position evaluated. The baseline (hand-tuned prospects, playouts to the end) stays as
//! `Style::PROSPECTS`, `baseline1` to `baseline5` in `tabula match`.

pub mod eval;
mod search;
mod simulation;

use std::time::Duration;

pub use search::{Style, greedy, think, think_with};

use super::Game;
use crate::ai::{Level, LevelTable, Limits, Nodes, Report};
use crate::games::Player;
use crate::games::tantrix::Placement;

/// The levels. Level 5's node budget is one and a half times 200 nodes per millisecond of `top` (600 000 nodes at
/// 2 s). A release build searches 300 000 to 1 500 000 nodes a second on one core. Levels 1 to 4 use at most a fifth
/// of the 200 per millisecond, so their node budget, not the time cap, ends a search and they play the same whatever
/// the machine's load. Level 5's budget ends its searches in about 1.2 s on an idle machine, leaving room for its
/// slowest searches (early placements, whose playouts are longest) and for a busy machine before the time cap would
/// cut one short. A level therefore plays the same moves for the same seed on any machine that is not overloaded,
/// and a match's figures reproduce.
///
/// Tantrix is a game of luck as well as skill (a greedy player beats a random one only about three games in four),
/// so the levels are spread wide and noise separates the lower ones: level 1 places at random, level 2 is greedy
/// for half its placements, level 3 looks at the opponents' chains and plays a quarter of its placements at random,
/// level 4 adds the opponents' replies, and level 5 plays its best moves out to the end of the game.
pub const LEVEL_TABLE: LevelTable = LevelTable {
    nodes_per_second: 200_000,
    min_nodes: 400,
    min_time: Duration::from_millis(5),
    levels: [
        Level { time_divisor: 10, max_depth: Some(0), nodes: Nodes::Share(2, 100), noise: 1.0 },
        Level { time_divisor: 6, max_depth: Some(0), nodes: Nodes::Share(4, 100), noise: 0.5 },
        Level { time_divisor: 4, max_depth: Some(2), nodes: Nodes::Share(10, 100), noise: 0.25 },
        Level { time_divisor: 2, max_depth: Some(3), nodes: Nodes::Share(20, 100), noise: 0.0 },
        Level { time_divisor: 1, max_depth: None, nodes: Nodes::Share(150, 100), noise: 0.0 },
    ],
};

impl Player for Game {
    const LEVELS: &'static LevelTable = &LEVEL_TABLE;

    fn think(&self, limits: &Limits) -> Report<Placement> {
        think(self, limits)
    }

    fn think_baseline(&self, limits: &Limits) -> Report<Placement> {
        think_with(self, limits, Style::PROSPECTS)
    }

    fn greedy(&self, seed: u64) -> Vec<String> {
        greedy(self, seed)
    }
}
