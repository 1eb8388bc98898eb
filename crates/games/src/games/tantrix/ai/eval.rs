//! The evaluation: each colour's chains (their length, loops, how many unplayed tiles could still extend each
//! open end, chains of one colour that a single tile would join), and a seat's value against the best opponent's.

use std::sync::LazyLock;

use super::simulation::Sim;
use crate::games::hex::{Direction, Hex};
use crate::games::tantrix::{Board, Colour, Game, PathEnd, Tile};

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
                v += joinable(list, i, cell) * UNIT * w.join / 16;
            }
        }
        (best, second) = best_two((best, second), v);
    }
    best + second * w.second / 16
}

/// The best two of `(best, second)` and `v`.
fn best_two((best, second): (i32, i32), v: i32) -> (i32, i32) {
    if v > best { (v, best) } else { (best, second.max(v)) }
}

/// The longest other open chain of `list` (not `i`) with an end at `cell`, which one tile there would join to `i`.
fn joinable(list: &[ChainInfo], i: usize, cell: Hex) -> i32 {
    let mut join = 0;
    for (j, other) in list.iter().enumerate() {
        if j != i && !other.is_loop && other.ends.contains(&Some(cell)) {
            join = join.max(other.len);
        }
    }
    join
}

/// How many features of an open chain the [`Predictor`] weighs.
pub const FEATURES: usize = 9;

/// A chain as the [`Predictor`] sees it: its value now in evaluation units (a loop's, which cannot grow, doubled)
/// and, for an open chain, the features its growth by the end of the game is predicted from.
#[derive(Clone, Copy, Debug, Default)]
pub struct ChainFeatures {
    pub now: i32,
    pub growth: [i32; FEATURES],
}

/// The learnt evaluation: each chain's value at the end of the game predicted from what it is now, fitted to the
/// final scores of self-play games (`tools/texel_tantrix.rs`); a colour's value is its best chain's prediction
/// plus a share of its second best's, and a seat's evaluation its own colour's value less the best opponent's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Predictor {
    /// Each growth feature's weight (see [`Predictor::NAMES`]), in evaluation units per 16 of the feature.
    pub growth: [i32; FEATURES],
    /// Share (in 1/16) of the second-best chain's prediction.
    pub second: i32,
}

impl Predictor {
    /// The weights' names, the growth features' first, in the order the tuner reads and prints them:
    /// - `open`: each end's openness (0 to 4: how many unplayed tiles fit the cell beyond it, four for three or
    ///   more) times the tiles left, over 4;
    /// - `forced`: 28 for each open end at a forced space (a cell with three or more neighbours, which the seats
    ///   must fill when they can, and any tile there extends the chain);
    /// - `hand`: 28 for each open end that a tile in the hand of the colour's seat fits (it can extend it next);
    /// - `join`: 8 times the longest other chain of the colour with an end at the same cell (one tile joins them);
    /// - `close`: 8 times the chain's length when both ends are at the same open cell (one tile makes a loop);
    /// - `len_left`: the chain's length times the tiles left, over 8;
    /// - `dead`: 28 for each end that no unplayed tile fits (the chain cannot grow there);
    /// - `held`: 28 for each open end that only tiles in the opponents' hands fit (they will not extend it);
    /// - `open_seats`: each end's openness times the tiles left, over the number of seats (the share of the
    ///   coming placements that are the colour's own);
    /// - `second`: the share of the second-best chain.
    pub const NAMES: [&'static str; FEATURES + 1] =
        ["open", "forced", "hand", "join", "close", "len_left", "dead", "held", "open_seats", "second"];

    pub fn to_array(self) -> [i32; FEATURES + 1] {
        let mut a = [0; FEATURES + 1];
        a[..FEATURES].copy_from_slice(&self.growth);
        a[FEATURES] = self.second;
        a
    }

    pub fn from_array(a: [i32; FEATURES + 1]) -> Predictor {
        let mut growth = [0; FEATURES];
        growth.copy_from_slice(&a[..FEATURES]);
        Predictor { growth, second: a[FEATURES] }
    }

    /// A chain's predicted value at the end of the game.
    fn chain(&self, c: &ChainFeatures) -> i32 {
        let mut g = 0;
        for (w, f) in self.growth.iter().zip(&c.growth) {
            g += w * f;
        }
        c.now + (g / 16).max(0)
    }

    /// A colour's predicted value from its chains' features.
    pub fn colour(&self, chains: &[ChainFeatures]) -> i32 {
        let (best, second) = chains.iter().fold((0, 0), |top, c| best_two(top, self.chain(c)));
        best + second * self.second / 16
    }
}

/// The learnt weights (`tools/texel_tantrix.rs`; the run is in `docs/tuning-tantrix.md`).
pub const PREDICTOR: Predictor = Predictor { growth: [36, 6, 0, 14, 6, -19, 0, 0, 0], second: 2 };

/// The tiles off the board as a colour's seat sees them, one bit each.
#[derive(Clone, Copy)]
pub(super) struct Held {
    /// Every tile not on the board.
    pub(super) unplaced: u64,
    /// The seat's own hand.
    pub(super) own: u64,
    /// The other seats' hands.
    pub(super) others: u64,
    /// How many seats play.
    pub(super) seats: i32,
}

/// Chain `i` of `list` as the [`Predictor`] sees it, with `held` the tiles off the board.
fn chain_features(board: &Board, list: &[ChainInfo], i: usize, held: Held) -> ChainFeatures {
    let Held { unplaced, own: hand, others, seats } = held;
    let c = &list[i];
    let mut f = ChainFeatures { now: c.len * UNIT, growth: [0; FEATURES] };
    if c.is_loop {
        f.now *= 2;
        return f;
    }
    let left = unplaced.count_ones() as i32;
    for (k, end) in c.ends.iter().enumerate() {
        let Some(cell) = *end else {
            f.growth[6] += 28;
            continue;
        };
        let fits = FITS[board.side_pattern(cell)];
        let open = match (fits & unplaced).count_ones() {
            0 => 0,
            1 => 2,
            2 => 3,
            _ => 4,
        };
        if open == 0 {
            f.growth[6] += 28;
            continue;
        }
        f.growth[0] += open * left / 4;
        f.growth[8] += open * left / seats.max(1);
        if fits & unplaced & !others == 0 {
            f.growth[7] += 28;
        }
        if board.neighbour_count(cell) >= 3 {
            f.growth[1] += 28;
        }
        if fits & hand != 0 {
            f.growth[2] += 28;
        }
        if k == 1 && c.ends[0] == Some(cell) {
            f.growth[4] += 8 * c.len;
            continue;
        }
        f.growth[3] += 8 * joinable(list, i, cell);
    }
    f.growth[5] = c.len * left / 8;
    f
}

/// Every chain of `colour` as the [`Predictor`] sees it, into `out` (cleared first); `list` is a buffer.
pub(super) fn colour_features(
    board: &Board,
    colour: Colour,
    held: Held,
    list: &mut Vec<ChainInfo>,
    out: &mut Vec<ChainFeatures>,
) {
    chains(board, colour, list);
    out.clear();
    for i in 0..list.len() {
        out.push(chain_features(board, list, i, held));
    }
}

/// Every colour's chains in `game` as the [`Predictor`] sees them, in seat order (for the tuner).
pub fn features(game: &Game) -> Vec<Vec<ChainFeatures>> {
    let sim = Sim::new(game);
    let mut list = Vec::new();
    (0..sim.colours.len())
        .map(|s| {
            let mut out = Vec::new();
            colour_features(sim.board(), sim.colours[s], sim.held(s), &mut list, &mut out);
            out
        })
        .collect()
}

/// How a search scores a position that is not over.
#[derive(Clone, Copy, Debug)]
pub(super) enum Eval {
    /// The hand-tuned prospects (the baseline's, and the lower levels' simpler views).
    Weights(Weights),
    /// Each chain's predicted final value.
    Predicted(Predictor),
}

impl Sim {
    /// The evaluation from `seat`'s point of view: its colour's value less the best opponent's.
    pub(super) fn eval(&mut self, seat: usize, eval: &Eval) -> i32 {
        let mut mine = 0;
        let mut theirs = i32::MIN;
        let finished = self.over;
        let mut list = std::mem::take(&mut self.chains);
        let mut features = std::mem::take(&mut self.features);
        for (s, &colour) in self.colours.iter().enumerate() {
            let v = if finished {
                chains(self.pos.board(), colour, &mut list);
                chain_score(&list) * UNIT
            } else {
                match eval {
                    Eval::Weights(w) => {
                        chains(self.pos.board(), colour, &mut list);
                        colour_value(self.pos.board(), &list, self.unplaced, w)
                    }
                    Eval::Predicted(p) => {
                        colour_features(self.pos.board(), colour, self.held(s), &mut list, &mut features);
                        p.colour(&features)
                    }
                }
            };
            if s == seat {
                mine = v;
            } else {
                theirs = theirs.max(v);
            }
        }
        self.chains = list;
        self.features = features;
        let theirs = if theirs == i32::MIN { 0 } else { theirs };
        let opponent = match eval {
            Eval::Weights(w) if !finished => w.opponent,
            _ => 16,
        };
        let diff = mine - theirs * opponent / 16;
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
