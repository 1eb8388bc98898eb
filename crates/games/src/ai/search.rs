//! A generic iterative-deepening alpha-beta (negamax) search with a transposition table, principal variation
//! search, late-move reductions, killer moves and a history table, shared by the Tablut and TZAAR players.
//!
//! A game plugs in through [`Node`]: a `Copy` position with its own move and side types (a game's engine lends
//! its own), that knows its Zobrist hash, its legal moves (with an ordering score: captures above zero), how to play
//! one, and how to evaluate itself. The side to move may stay
//! the same from a node to its child (TZAAR's two-move turns): the score is negated only when the mover changes.
//! Nothing is allocated per node: move lists live in buffers made once per search.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::Limits;
use super::table::{Bound, Entry};
pub(crate) use super::table::{Packed, Table};

/// Larger than any score.
pub(crate) const INF: i32 = 1_000_000;
/// The score of a game won at the root; a win `n` plies away scores `WIN - n`.
pub const WIN: i32 = 900_000;
/// Scores beyond this (either sign) are forced results.
pub const WON: i32 = WIN - 1_000;

/// The deepest ply the search visits.
const MAX_PLY: usize = 96;
/// Entries of the history table; [`Node::history_key`] must stay below it.
pub(crate) const HISTORY: usize = 8192;

/// A position the search can explore: a fast, `Copy` form of a game's position, with the same method names as
/// the game's engine.
pub(crate) trait Node: Copy {
    /// One move (a game's own small move type).
    type Move: Copy + Eq + Packed;
    /// Who moves (a game's own side type).
    type Side: Copy + Eq;
    /// Whether a position can recur (then a repeated position in the line or the game scores as a draw).
    const REPEATS: bool;
    /// The side to move.
    fn side_to_move(&self) -> SideOf<Self>;
    /// The Zobrist hash (side to move and phase included).
    fn hash(&self) -> u64;
    /// If the game is decided here: the score from the mover's view, `±WIN` now or `WIN - n` in `n` plies.
    fn decided(&self) -> Option<i32>;
    /// Appends the legal moves, each with an ordering score: above zero for captures and threats, zero for
    /// quiet moves (which the killer and history heuristics order).
    fn legal_moves(&self, out: &mut Vec<(MoveOf<Self>, i32)>);
    /// The position after a legal move.
    #[must_use]
    fn play(&self, m: MoveOf<Self>) -> Self;
    /// The static evaluation from the mover's view.
    fn eval(&self) -> i32;
    /// A small index for the history table, below [`HISTORY`].
    fn history_key(&self, m: MoveOf<Self>) -> usize;
}

/// How a search treats the moves late in a node's order, where a cut is unlikely: a game's player chooses, so
/// that its baseline stays measurable (`tabula match --b baseline5`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LateMoves {
    /// Quiet late moves are searched one ply shallower (two late in deep nodes), and none is pruned.
    Reduced,
    /// Late-move reductions that grow with the logarithms of the depth and of the move's place in the order
    /// ([`REDUCTION`]), and late-move pruning: in the last three plies, away from the principal variation, the
    /// quiet moves after the first `3 + depth²` are not searched at all.
    Pruned,
}

/// `REDUCTION[depth][index]` for [`LateMoves::Pruned`]: `ln(depth)·ln(index) / 2`, rounded.
static REDUCTION: std::sync::LazyLock<[[u8; 64]; 64]> = std::sync::LazyLock::new(|| {
    let mut t = [[0u8; 64]; 64];
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (i, r) in row.iter_mut().enumerate().skip(1) {
            let x = (d as f64).ln() * (i as f64).ln() / 2.0;
            *r = x.round() as u8;
        }
    }
    t
});

/// The move type of a node.
pub(crate) type MoveOf<N> = <N as Node>::Move;
/// The side type of a node.
pub(crate) type SideOf<N> = <N as Node>::Side;

/// The SplitMix64 step: a fast, well-mixed hash of `z`; the AIs' Zobrist keys and noise all come from it.
pub const fn splitmix64(z: u64) -> u64 {
    let mut z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A small deterministic generator for noise (SplitMix64).
#[derive(Clone, Debug)]
pub(crate) struct Noise(u64);

impl Noise {
    pub fn new(seed: u64) -> Self {
        Noise(seed ^ 0x5851_f42d_4c95_7f2d)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        let z = splitmix64(self.0);
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z
    }

    /// A number in `0..n` (`n` > 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A number in `[0, 1)`.
    pub(crate) fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// What a search found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Found<M> {
    /// The chosen move, `None` only when the root has no legal move.
    pub(crate) mv: Option<M>,
    pub(crate) score: i32,
    pub(crate) depth: u32,
    pub(crate) nodes: u64,
    pub(crate) elapsed: Duration,
}

/// One search: its limits, counters and move-ordering tables.
pub(crate) struct Searcher<'t, N: Node> {
    table: &'t Table<MoveOf<N>>,
    /// Set when the main search of a parallel one has finished (helpers stop then).
    stop_all: Option<&'t AtomicBool>,
    /// A helper's depth offset: it searches each iteration this much deeper, so the threads spread out.
    skip: u32,
    /// Whether this search is a helper of a parallel one.
    helper: bool,
    buffers: Vec<Vec<(MoveOf<N>, i32)>>,
    killers: Vec<[Option<MoveOf<N>>; 2]>,
    history: Vec<i32>,
    /// Hashes of the earlier positions of the game (oldest first), then of the line being searched.
    path: Vec<u64>,
    nodes: u64,
    max_nodes: u64,
    deadline: Instant,
    start: Instant,
    stop: bool,
    /// Whether the depth-1 iteration is running (it always finishes, so there is always a move).
    must_finish: bool,
    /// How much worse than an even position the root's mover finds a draw by repetition (see
    /// [`Searcher::contempt`]).
    contempt: i32,
    root_side: Option<SideOf<N>>,
    late_moves: LateMoves,
}

impl<'t, N: Node> Searcher<'t, N> {
    /// A search with `limits` (its noise is applied by [`Searcher::run`]) over `history`, the hashes of the
    /// positions before the root (for repetitions).
    pub fn new(table: &'t Table<MoveOf<N>>, limits: &Limits, history: &[u64]) -> Self {
        let start = Instant::now();
        let mut path = Vec::with_capacity(history.len() + MAX_PLY + 2);
        path.extend_from_slice(history);
        Searcher {
            table,
            stop_all: None,
            skip: 0,
            helper: false,
            buffers: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            killers: vec![[None, None]; MAX_PLY + 1],
            history: vec![0; HISTORY],
            path,
            nodes: 0,
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            deadline: start + limits.time,
            start,
            stop: false,
            must_finish: false,
            contempt: 0,
            root_side: None,
            late_moves: LateMoves::Reduced,
        }
    }

    /// Treats late moves as `late_moves` says ([`LateMoves::Reduced`] unless told).
    #[must_use]
    pub(crate) fn late_moves(mut self, late_moves: LateMoves) -> Self {
        self.late_moves = late_moves;
        self
    }

    /// Scores a draw by repetition `contempt` below an even position for the root's mover (and as much above it
    /// for the opponent), so that a player who is not worse plays on instead of repeating.
    #[must_use]
    pub(crate) fn contempt(mut self, contempt: i32) -> Self {
        self.contempt = contempt;
        self
    }

    /// [`Searcher::run`] on `threads` threads (Lazy SMP): helpers search the same root with the same limits, every
    /// other one an iteration deeper, all sharing this search's table, so that what one finds orders and cuts the
    /// others' searches. The first thread to finish (its depth reached or its budget spent) stops the others; the
    /// answer is that of the thread that completed the deepest iteration (this one's on a tie, and always this
    /// one's with noise, which only it adds), and the nodes of all are counted.
    pub(crate) fn run_parallel(
        &mut self,
        threads: usize,
        root: &N,
        max_depth: u32,
        noise: f64,
        spread: i32,
        rng: &mut Noise,
    ) -> Found<MoveOf<N>>
    where
        N: Sync,
        MoveOf<N>: Send + Sync,
    {
        if threads <= 1 {
            return self.run(root, max_depth, noise, spread, rng);
        }
        // Nothing of a line is on the path yet: it is the game's history.
        let history = self.path.clone();
        let limits = Limits {
            time: self.deadline.saturating_duration_since(self.start),
            max_depth: None,
            max_nodes: Some(self.max_nodes),
            noise: 0.0,
            seed: 0,
            threads: 1,
        };
        let (limits, history) = (&limits, &history[..]);
        let stop = AtomicBool::new(false);
        let table = self.table;
        let contempt = self.contempt;
        let late_moves = self.late_moves;
        std::thread::scope(|scope| {
            let stop = &stop;
            let helpers: Vec<_> = (1..threads)
                .map(|t| {
                    scope.spawn(move || {
                        let mut helper =
                            Searcher::new(table, limits, history).contempt(contempt).late_moves(late_moves);
                        helper.stop_all = Some(stop);
                        helper.skip = (t % 2) as u32;
                        helper.helper = true;
                        let found = helper.run(root, max_depth, 0.0, spread, &mut Noise::new(t as u64));
                        stop.store(true, Ordering::Relaxed);
                        found
                    })
                })
                .collect();
            let mut main = Searcher::new(table, limits, history).contempt(contempt).late_moves(late_moves);
            main.stop_all = Some(stop);
            let mut found = main.run(root, max_depth, noise, spread, rng);
            stop.store(true, Ordering::Relaxed);
            let mut nodes = found.nodes;
            for helper in helpers {
                let Ok(other) = helper.join() else { continue };
                nodes += other.nodes;
                if noise == 0.0 && other.mv.is_some() && other.depth > found.depth {
                    found = other;
                }
            }
            found.nodes = nodes;
            found.elapsed = self.start.elapsed();
            found
        })
    }

    /// Iterative deepening from `root` up to `max_depth` (and the node and time budgets). With `noise` > 0, every
    /// root move gets an exact score and the choice adds up to `noise * spread` of random bonus to each
    /// (`noise` >= 1 picks a uniformly random move).
    pub(crate) fn run(
        &mut self,
        root: &N,
        max_depth: u32,
        noise: f64,
        spread: i32,
        rng: &mut Noise,
    ) -> Found<MoveOf<N>> {
        self.root_side = Some(root.side_to_move());
        let mut roots: Vec<(MoveOf<N>, i32)> = Vec::new();
        root.legal_moves(&mut roots);
        let found = |mv, score, depth, s: &Self| Found {
            mv,
            score,
            depth,
            nodes: s.nodes,
            elapsed: s.start.elapsed(),
        };
        if roots.is_empty() {
            return found(None, -WIN, 0, self);
        }
        if noise >= 1.0 {
            let pick = roots[rng.below(roots.len())].0;
            return found(Some(pick), 0, 0, self);
        }
        roots.sort_by_key(|r| std::cmp::Reverse(r.1));
        let exact = noise > 0.0;
        let mut best = (roots[0].0, -INF);
        let mut depth_done = 0;
        let mut scores = vec![-INF; roots.len()];
        let deepest = max_depth.clamp(1, MAX_PLY as u32 - 1);
        for depth in 1..=deepest {
            let depth = (depth + self.skip).min(deepest);
            self.must_finish = depth == 1;
            // A helper looks at the second-best move first, so that its entries are not the main search's.
            if self.helper && roots.len() > 1 {
                roots.swap(0, 1);
                scores.swap(0, 1);
            }
            let mut alpha = -INF;
            let mut iteration: Option<(MoveOf<N>, i32)> = None;
            let mut new_scores = vec![-INF; roots.len()];
            for (i, &(mv, _)) in roots.iter().enumerate() {
                let child = root.play(mv);
                let d = depth as i32 - 1;
                let score = if exact || i == 0 {
                    self.child_score(root, &child, d, 1, -INF, INF)
                } else {
                    let s = self.child_score(root, &child, d, 1, alpha, alpha + 1);
                    if s > alpha && !self.stop { self.child_score(root, &child, d, 1, alpha, INF) } else { s }
                };
                if self.stop {
                    break;
                }
                new_scores[i] = score;
                if iteration.is_none_or(|(_, b)| score > b) {
                    iteration = Some((mv, score));
                }
                alpha = alpha.max(score);
            }
            if self.stop {
                // A partial iteration still counts when its best move was fully searched and beats the last one.
                if !exact && let Some((mv, s)) = iteration {
                    best = (mv, s);
                }
                break;
            }
            scores = new_scores;
            depth_done = depth;
            if let Some(it) = iteration {
                best = it;
            }
            // Best first next time, the rest by this iteration's scores.
            let mut order: Vec<usize> = (0..roots.len()).collect();
            order.sort_by_key(|&i| std::cmp::Reverse(scores[i]));
            roots = order.iter().map(|&i| roots[i]).collect();
            scores = order.iter().map(|&i| scores[i]).collect();
            if best.1.abs() > WON && !exact {
                break;
            }
        }
        // Noise never passes up a forced win, nor picks a forced loss when something else is left.
        if exact && depth_done > 0 && best.1 <= WON {
            let scale = noise * f64::from(spread);
            let mut pick = (best.0, f64::NEG_INFINITY, best.1);
            for (i, &(mv, _)) in roots.iter().enumerate() {
                let noise = scale * rng.unit();
                if scores[i] < -WON && best.1 >= -WON {
                    continue;
                }
                let s = f64::from(scores[i]) + noise;
                if s > pick.1 {
                    pick = (mv, s, scores[i]);
                }
            }
            best = (pick.0, pick.2);
        }
        found(Some(best.0), best.1, depth_done, self)
    }

    /// The score of `child` (reached from `parent`) from the parent mover's view.
    #[inline]
    fn child_score(&mut self, parent: &N, child: &N, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        if N::REPEATS && self.repeated(child.hash()) {
            return if Some(parent.side_to_move()) == self.root_side {
                -self.contempt
            } else {
                self.contempt
            };
        }
        self.path.push(child.hash());
        let s = if child.side_to_move() == parent.side_to_move() {
            self.search(child, depth, ply, alpha, beta)
        } else {
            -self.search(child, depth, ply, -beta, -alpha)
        };
        self.path.pop();
        s
    }

    /// Whether `hash` occurred before in the game or the line (a repetition, scored as a draw).
    fn repeated(&self, hash: u64) -> bool {
        self.path.iter().rev().take(100).any(|&h| h == hash)
    }

    fn out_of_budget(&mut self) -> bool {
        if self.must_finish {
            return false;
        }
        if self.nodes >= self.max_nodes
            || (self.nodes.trailing_zeros() >= 10
                && (Instant::now() >= self.deadline
                    || self.stop_all.is_some_and(|stop| stop.load(Ordering::Relaxed))))
        {
            self.stop = true;
        }
        self.stop
    }

    /// The table's move for `key`, and its score when it settles the node.
    fn probe(
        &self,
        key: u64,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> (Option<MoveOf<N>>, Option<i32>) {
        let Some(e) = self.table.probe(key) else { return (None, None) };
        let mv = e.has_move.then_some(e.mv);
        if i32::from(e.depth) < depth {
            return (mv, None);
        }
        let s = from_table(e.score, ply);
        let cut = match e.bound {
            Bound::Exact => true,
            Bound::Lower => s >= beta,
            Bound::Upper => s <= alpha,
        };
        (mv, cut.then_some(s))
    }

    /// Ordering scores: the table's move, captures (by their own score), the killers, then the history.
    fn order(&self, pos: &N, ply: usize, tt_move: Option<MoveOf<N>>, list: &mut [(MoveOf<N>, i32)]) {
        let killers = self.killers[ply];
        for (m, s) in list {
            if Some(*m) == tt_move {
                *s = 1 << 30;
            } else if *s > 0 {
                *s += 1 << 24;
            } else if Some(*m) == killers[0] {
                *s = (1 << 24) - 1;
            } else if Some(*m) == killers[1] {
                *s = (1 << 24) - 2;
            } else {
                *s = self.history[pos.history_key(*m)].min((1 << 24) - 3);
            }
        }
    }

    /// How many plies shallower the `i`th move (from 0) of a node at `depth` is searched first, if it is quiet.
    fn reduction(&self, depth: i32, i: usize) -> i32 {
        if depth < 3 {
            0
        } else if self.late_moves == LateMoves::Pruned {
            i32::from(REDUCTION[(depth as usize).min(63)][i.min(63)]).min(depth - 2)
        } else {
            i32::from(i >= 3) + i32::from(depth >= 5 && i >= 12)
        }
    }

    fn search(&mut self, pos: &N, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        if let Some(s) = pos.decided() {
            return from_root(s, ply);
        }
        if depth <= 0 || ply >= MAX_PLY {
            return pos.eval();
        }
        let key = pos.hash();
        let (tt_move, cut) = self.probe(key, depth, ply, alpha, beta);
        if let Some(s) = cut {
            return s;
        }
        let mut list = std::mem::take(&mut self.buffers[ply]);
        list.clear();
        pos.legal_moves(&mut list);
        if list.is_empty() {
            self.buffers[ply] = list;
            return -WIN + ply as i32;
        }
        self.order(pos, ply, tt_move, &mut list);
        let killers = self.killers[ply];
        let alpha0 = alpha;
        let pv = beta - alpha > 1;
        let pruned = self.late_moves == LateMoves::Pruned;
        let mut best = -INF;
        let mut best_move = list[0].0;
        for i in 0..list.len() {
            // Selection sort: the best remaining move to the front.
            let mut top = i;
            for j in i + 1..list.len() {
                if list[j].1 > list[top].1 {
                    top = j;
                }
            }
            list.swap(i, top);
            let (m, order) = list[i];
            let quiet = order < (1 << 24);
            let reducible = order < (1 << 24) - 2;
            // Late-move pruning. The order puts every reducible move after the others, so once one is pruned so is
            // every move after it: stop here rather than sort the rest.
            if pruned && !pv && reducible && depth <= 3 && i as i32 >= 3 + depth * depth && best > -WON {
                break;
            }
            let child = pos.play(m);
            let score = if i == 0 {
                self.child_score(pos, &child, depth - 1, ply + 1, alpha, beta)
            } else {
                let reduce = if reducible { self.reduction(depth, i) } else { 0 };
                let mut s = self.child_score(pos, &child, depth - 1 - reduce, ply + 1, alpha, alpha + 1);
                if s > alpha && reduce > 0 && !self.stop {
                    s = self.child_score(pos, &child, depth - 1, ply + 1, alpha, alpha + 1);
                }
                if s > alpha && s < beta && !self.stop {
                    s = self.child_score(pos, &child, depth - 1, ply + 1, alpha, beta);
                }
                s
            };
            if self.stop {
                self.buffers[ply] = list;
                return 0;
            }
            if score > best {
                best = score;
                best_move = m;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if quiet {
                    if killers[0] != Some(m) {
                        self.killers[ply] = [Some(m), killers[0]];
                    }
                    let h = &mut self.history[pos.history_key(m)];
                    *h = (*h + depth * depth).min(1 << 20);
                }
                break;
            }
        }
        self.buffers[ply] = list;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(Entry {
            key,
            mv: best_move,
            score: to_table(best, ply),
            depth: depth as i16,
            bound,
            has_move: true,
        });
        best
    }
}

/// A `decided` score seen `ply` plies below the root, as the root sees it.
fn from_root(s: i32, ply: usize) -> i32 {
    if s > WON {
        s - ply as i32
    } else if s < -WON {
        s + ply as i32
    } else {
        s
    }
}

/// Forced results are stored relative to the node, so they stay right wherever the node recurs.
fn to_table(s: i32, ply: usize) -> i32 {
    if s > WON {
        s + ply as i32
    } else if s < -WON {
        s - ply as i32
    } else {
        s
    }
}

fn from_table(s: i32, ply: usize) -> i32 {
    from_root(s, ply)
}

#[cfg(test)]
#[path = "search_tests.rs"]
mod tests;
