//! The evaluation: each colour's chains (their length, loops, how many unplayed tiles could still extend each
//! open end, chains of one colour that a single tile would join), and a seat's value against the best opponent's.

use std::sync::LazyLock;

use super::simulation::Sim;
use crate::games::hex::{Direction, Hex};
use crate::games::tantrix::{Board, Colour, PathEnd, Tile};

/// Evaluation units per tile of chain.
const UNIT: i32 = 16;
/// A won or lost finished game, beyond any chain difference.
const WIN: i32 = 100_000;

/// Side patterns of an empty cell ([`Board::side_pattern`]): for each of its six sides, none (0) or the colour
/// shown (1 + colour), in base 5.
const PATTERNS: usize = 5 * 5 * 5 * 5 * 5 * 5;

/// For each side pattern, the tiles (bit = tile number) that fit it in some rotation.
static FITS: LazyLock<Vec<u64>> = LazyLock::new(|| {
    let mut fits = vec![0u64; PATTERNS];
    for tile in Tile::all() {
        for rot in 0..6 {
            let edges = tile.edges(rot);
            for mask in 0..64u32 {
                let mut pattern = 0usize;
                for d in (0..6).rev() {
                    let code = if mask & (1 << d) != 0 { 1 + edges[d] as usize } else { 0 };
                    pattern = pattern * 5 + code;
                }
                fits[pattern] |= 1u64 << tile.number();
            }
        }
    }
    fits
});

pub(super) fn bit(tile: Tile) -> u64 {
    1u64 << tile.number()
}

/// One chain of a colour: its tiles and its two ends (`None` for a loop or a dead end).
#[derive(Clone, Copy)]
pub(super) struct ChainInfo {
    len: i32,
    is_loop: bool,
    ends: [Option<Hex>; 2],
}

/// The chains of `colour` on the board, into `out` (cleared first).
fn chains(board: &Board, colour: Colour, out: &mut Vec<ChainInfo>) {
    out.clear();
    let mut seen = 0u64;
    for p in board.placements() {
        if seen & bit(p.tile) != 0 {
            continue;
        }
        let Some((a, b)) = p.tile.ends(colour, p.rot) else { continue };
        seen |= bit(p.tile);
        // Follows the colour one way, marking tiles seen; returns the tiles passed and where it stopped.
        let mut walk = |exit: Direction| {
            let mut count = 0;
            let end = board.follow(p.cell, exit, colour, |tile, _| {
                let fresh = seen & bit(tile) == 0;
                seen |= bit(tile);
                count += i32::from(fresh);
                fresh
            });
            (count, end)
        };
        let (fwd, end_f) = walk(b);
        if end_f == PathEnd::Closed {
            out.push(ChainInfo { len: 1 + fwd, is_loop: true, ends: [None, None] });
            continue;
        }
        let (back, end_b) = walk(a);
        let open = |e: PathEnd| if let PathEnd::Open(h) = e { Some(h) } else { None };
        out.push(ChainInfo { len: 1 + fwd + back, is_loop: false, ends: [open(end_f), open(end_b)] });
    }
}

/// The score of a colour's best chain as the rules count it (a loop scores double).
fn chain_score(list: &[ChainInfo]) -> i32 {
    list.iter().map(|c| if c.is_loop { 2 * c.len } else { c.len }).max().unwrap_or(0)
}

/// Weights of the evaluation, in [`UNIT`]s (tuned by self-play).
#[derive(Clone, Copy, Debug)]
pub(super) struct Weights {
    /// An open end that some unplayed tile fits, at the start of the game (scaled down as tiles run out).
    open_end: i32,
    /// Share (in 1/16) of another chain's length for a cell where one tile would join the two.
    join: i32,
    /// Share (in 1/16) of the chain's length for a cell where one tile would close it into a loop.
    close: i32,
    /// Share (in 1/16) of the second-best chain.
    second: i32,
    /// Weight (in 1/16) of the best opponent's value against the seat's own.
    opponent: i32,
}

/// Depth 0: only the seat's own best chain as it scores now (the greedy player's view, over the whole turn).
pub(super) const IMMEDIATE: Weights = Weights { open_end: 0, join: 0, close: 0, second: 0, opponent: 0 };

/// Depth 1: the seat's own chains with their prospects, the opponents' ignored.
pub(super) const SELFISH: Weights = Weights { opponent: 0, ..WEIGHTS };

pub(super) const WEIGHTS: Weights = Weights { open_end: 48, join: 8, close: 8, second: 2, opponent: 20 };

/// How many unplayed tiles fit an empty cell, mapped to a share (in 1/4) of an open end's value.
fn openness(board: &Board, cell: Hex, unplaced: u64) -> i32 {
    match (FITS[board.side_pattern(cell)] & unplaced).count_ones() {
        0 => 0,
        1 => 2,
        2 => 3,
        _ => 4,
    }
}

/// A colour's value: its best chain with what its open ends promise, plus a little of the second best.
fn colour_value(board: &Board, list: &[ChainInfo], unplaced: u64, w: &Weights) -> i32 {
    let left = unplaced.count_ones() as i32;
    if left == 0 {
        return chain_score(list) * UNIT;
    }
    // An open end is worth more early, when there are many tiles left to extend it with.
    let end_value = w.open_end * left / 56;
    let (mut best, mut second) = (0, 0);
    for (i, c) in list.iter().enumerate() {
        let mut v = if c.is_loop { 2 * c.len * UNIT } else { c.len * UNIT };
        if !c.is_loop {
            for (k, end) in c.ends.iter().enumerate() {
                let Some(cell) = *end else { continue };
                let open = openness(board, cell, unplaced);
                if open == 0 {
                    continue;
                }
                v += end_value * open / 4;
                if k == 1 && c.ends[0] == Some(cell) {
                    v += c.len * UNIT * w.close / 16;
                    continue;
                }
                let mut join = 0;
                for (j, other) in list.iter().enumerate() {
                    if j != i && !other.is_loop && other.ends.contains(&Some(cell)) {
                        join = join.max(other.len);
                    }
                }
                v += join * UNIT * w.join / 16;
            }
        }
        if v > best {
            second = best;
            best = v;
        } else if v > second {
            second = v;
        }
    }
    best + second * w.second / 16
}

impl Sim {
    /// The evaluation from `seat`'s point of view: its colour's value less the best opponent's.
    pub(super) fn eval(&mut self, seat: usize, w: &Weights) -> i32 {
        let mut mine = 0;
        let mut theirs = i32::MIN;
        let finished = self.over;
        let mut list = std::mem::take(&mut self.chains);
        for (s, &colour) in self.colours.iter().enumerate() {
            chains(self.pos.board(), colour, &mut list);
            let v = if finished {
                chain_score(&list) * UNIT
            } else {
                colour_value(self.pos.board(), &list, self.unplaced, w)
            };
            if s == seat {
                mine = v;
            } else {
                theirs = theirs.max(v);
            }
        }
        self.chains = list;
        let theirs = if theirs == i32::MIN { 0 } else { theirs };
        let diff = if finished { mine - theirs } else { mine - theirs * w.opponent / 16 };
        if finished && self.board().len() >= usize::from(Tile::COUNT) {
            diff + diff.signum() * WIN
        } else {
            diff
        }
    }

    /// The raw score of `seat`'s colour: its best chain as the rules count it.
    pub(super) fn raw_score(&mut self, seat: usize) -> i32 {
        let mut list = std::mem::take(&mut self.chains);
        chains(self.pos.board(), self.colours[seat], &mut list);
        let s = chain_score(&list);
        self.chains = list;
        s
    }
}
