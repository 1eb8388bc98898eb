//! The computer players' toolkit, which knows no game: the generic alpha-beta [`search`], the [`Limits`] of a
//! search, the five levels' [`LevelTable`], and the [`Report`] of what a search chose. Each game's own player (in
//! its folder) builds on it, and `AnyGame::think` picks the game's.
//!
//! Searches are pure and synchronous (no IO, no tokio); the bot runs them on a bounded pool of blocking threads.
//! Time is measured with `std::time::Instant` only to stop a search, never to decide a rule.

use std::time::Duration;

pub mod search;
mod table;

pub mod cores {
    //! The cores the searches of this process use, so that a search allowed several threads
    //! ([`Limits::threads`](super::Limits::threads)) takes only cores no other search is using: the bot's own
    //! moves keep their one core each, and a hint or an analysis runs wider only while the AI pool is idle.

    use std::sync::OnceLock;
    use std::sync::atomic::{AtomicUsize, Ordering};

    static BUSY: AtomicUsize = AtomicUsize::new(0);

    /// The cores of this machine.
    pub fn total() -> usize {
        static TOTAL: OnceLock<usize> = OnceLock::new();
        *TOTAL.get_or_init(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get))
    }

    /// A search's claim on cores: its own, and the idle ones it was given; given back when dropped.
    #[derive(Debug)]
    pub struct Claim {
        held: usize,
    }

    impl Claim {
        /// The threads the search may run on (at least 1).
        pub fn threads(&self) -> usize {
            self.held
        }
    }

    impl Drop for Claim {
        fn drop(&mut self) {
            BUSY.fetch_sub(self.held, Ordering::SeqCst);
        }
    }

    /// Claims the search's own core and up to `wanted - 1` idle ones.
    pub fn claim(wanted: usize) -> Claim {
        let mut busy = BUSY.load(Ordering::SeqCst);
        loop {
            let idle = total().saturating_sub(busy + 1);
            let held = 1 + wanted.saturating_sub(1).min(idle);
            match BUSY.compare_exchange(busy, busy + held, Ordering::SeqCst, Ordering::SeqCst) {
                Ok(_) => return Claim { held },
                Err(now) => busy = now,
            }
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn a_wide_search_takes_only_idle_cores() {
            // Other tests search at the same time, so only the bounds hold exactly.
            let one = claim(1);
            assert_eq!(one.threads(), 1);
            let wide = claim(64);
            assert!(wide.threads() >= 1 && wide.threads() < total().max(2));
            drop(wide);
            drop(one);
        }
    }
}

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
    /// The most threads the search may use: 1 for the bot's own moves; more where a person waits for one search
    /// (`bestmove`, `/hint`, analysis, the arena), taken only from cores no other search is using ([`cores`]).
    pub threads: usize,
}

/// The strength levels players choose from.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=5;

impl Limits {
    /// A fixed time budget with no depth limit and no noise.
    pub fn time(time: Duration, seed: u64) -> Limits {
        Limits { time, max_depth: None, max_nodes: None, noise: 0.0, seed, threads: 1 }
    }
}

/// A game's five levels: what share of level 5's budget each gets, how deep it may look and how much noise it adds.
/// Level 5's node budget is `top` (its time) at [`nodes_per_second`](LevelTable::nodes_per_second), so a level
/// plays the same moves for the same seed on any machine that is not overloaded: the node budget, not the time
/// (a safety cap), ends its searches.
#[derive(Clone, Debug)]
pub struct LevelTable {
    /// Nodes per second of the game's search on one core of a modest machine.
    pub(crate) nodes_per_second: u64,
    /// The smallest node budget of any level, however short `top`.
    pub(crate) min_nodes: u64,
    /// The shortest time cap of any level.
    pub(crate) min_time: Duration,
    /// Levels 1 to 5.
    pub(crate) levels: [Level; 5],
}

/// One level of a [`LevelTable`].
#[derive(Clone, Debug)]
pub(crate) struct Level {
    /// The level's time cap is `top / time_divisor`.
    pub(crate) time_divisor: u32,
    /// See [`Limits::max_depth`].
    pub(crate) max_depth: Option<u32>,
    /// The level's node budget.
    pub(crate) nodes: Nodes,
    /// See [`Limits::noise`].
    pub(crate) noise: f64,
}

/// A level's node budget.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Nodes {
    /// This many nodes, whatever the time.
    Fixed(u64),
    /// `numerator / denominator` of level 5's budget (which may exceed 1).
    Share(u64, u64),
}

impl LevelTable {
    /// The limits of `level` (1 to 5; 0 plays as 1 and anything above 5 as 5), with `top` the time of level 5.
    pub fn limits(&self, level: u8, top: Duration, seed: u64) -> Limits {
        let index = usize::from(level.clamp(1, 5) - 1);
        let l = &self.levels[index];
        let top_ms = top.as_millis().clamp(1, 3_600_000) as u64;
        let max_nodes = match l.nodes {
            Nodes::Fixed(n) => n,
            Nodes::Share(num, den) => top_ms * self.nodes_per_second / 1000 * num / den,
        };
        Limits {
            threads: 1,
            time: (top / l.time_divisor).max(self.min_time),
            max_depth: l.max_depth,
            max_nodes: Some(max_nodes.max(self.min_nodes)),
            noise: l.noise,
            seed,
        }
    }
}

/// What a search chose, and how it got there: the moves typed as the game's (`M`), played as they are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report<M> {
    /// The moves to play: one move, or for TZAAR the moves that complete the current turn.
    pub moves: Vec<M>,
    /// The deepest iteration completed.
    pub depth: u32,
    pub nodes: u64,
    /// The evaluation from the mover's point of view (game-specific units; large values mean a forced result).
    pub score: i32,
    pub elapsed: Duration,
}

impl<M> Report<M> {
    /// The report of a search that found nothing to play (the game is over).
    pub fn nothing() -> Report<M> {
        Report { moves: Vec::new(), depth: 0, nodes: 0, score: 0, elapsed: Duration::ZERO }
    }

    /// The moves in their game's notation.
    pub fn notation(&self) -> Vec<String>
    where
        M: std::fmt::Display,
    {
        self.moves.iter().map(ToString::to_string).collect()
    }

    /// The same report with its moves as `f` makes them.
    pub fn map<N>(self, f: impl FnMut(M) -> N) -> Report<N> {
        let Report { moves, depth, nodes, score, elapsed } = self;
        Report { moves: moves.into_iter().map(f).collect(), depth, nodes, score, elapsed }
    }
}
