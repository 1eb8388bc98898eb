//! The Tantrix AI: hands are visible, only the bag is random, so the search looks at the seat's own turn (its
//! forced fills, its free move, the forced fills after it) and then the opponents' replies, over a few sampled
//! orders of the bag, and scores positions by each colour's chains: their length, loops, how many unplayed tiles
//! could still extend each open end, and chains of one colour that a single tile would join.
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
//! no limit = the same playouts to the end of the game, so that they are scored by who wins (and by how much).
//! Once the bag is empty nothing is left to chance: every move is played out once instead, `depth - 1` turns or
//! to the end.
//! Depths 0 to 3 draw no tiles (a hand just gets shorter: no luck is assumed); the playouts sample the draws.
//! A node is one position evaluated.

mod eval;
mod search;
mod simulation;

use std::time::Duration;

pub use search::{greedy, think};

use crate::ai::Limits;

/// Nodes per millisecond of `top` behind a level's share of the budget. A release build searches 300 000 to
/// 1 500 000 nodes a second on one core. Levels 1 to 4 use at most a fifth of this rate, so their node budget, not
/// the time cap, ends a search and they play the same whatever the machine's load. Level 5 gets one and a half
/// times the rate over the whole of `top` (600 000 nodes at 2 s): its node budget ends its searches in about 1.2 s
/// on an idle machine, leaving room for its slowest searches (early placements, whose playouts are longest) and for
/// a busy machine before the time cap would cut one short. A level therefore plays the same moves for the same seed
/// on any machine that is not overloaded, and a match's figures reproduce.
const NODES_PER_MS: u64 = 200;

/// The limits of a level: node budgets scaled from `top` (deterministic for a given `top`), the time as a safety
/// cap. Tantrix is a game of luck as well as skill (a greedy player beats a random one only about three games in
/// four), so the levels are spread wide and noise separates the lower ones: level 1 places at random, level 2 is
/// greedy for half its placements, level 3 looks at the opponents' chains and plays a quarter of its placements
/// at random, level 4 adds the opponents' replies, and level 5 plays its best moves out to the end of the game.
pub fn limits(level: u8, top: Duration, seed: u64) -> Limits {
    let top_ms = top.as_millis().clamp(1, 3_600_000) as u64;
    let nodes = |share: u64| Some((top_ms * NODES_PER_MS * share / 100).max(400));
    let (time, max_depth, max_nodes, noise) = match level {
        0 | 1 => (top / 10, Some(0), nodes(2), 1.0),
        2 => (top / 6, Some(0), nodes(4), 0.5),
        3 => (top / 4, Some(2), nodes(10), 0.25),
        4 => (top / 2, Some(3), nodes(20), 0.0),
        _ => (top, None, nodes(150), 0.0),
    };
    Limits { time: time.max(Duration::from_millis(5)), max_depth, max_nodes, noise, seed }
}
