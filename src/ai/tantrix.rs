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

use std::sync::LazyLock;
use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Limits, Report};
use crate::games::Engine;
use crate::games::tantrix::{Board, Colour, Game, Hex, Placement, Position, Step, Tile};

/// Evaluation units per tile of chain.
const UNIT: i32 = 16;
/// A won or lost finished game, beyond any chain difference.
const WIN: i32 = 100_000;

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

/// Side patterns of an empty cell: for each of its six sides, none (0) or the colour shown (1 + colour), in base 5.
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

/// The side pattern of an empty cell.
fn pattern(board: &Board, cell: Hex) -> usize {
    let mut pattern = 0usize;
    for d in (0..6u8).rev() {
        let code = board.get(cell.step(d)).map_or(0, |t| 1 + t.edge((d + 3) % 6) as usize);
        pattern = pattern * 5 + code;
    }
    pattern
}

fn bit(tile: Tile) -> u64 {
    1u64 << tile.number()
}

/// Where a walk along a colour stopped.
#[derive(Clone, Copy, PartialEq, Eq)]
enum End {
    /// Back at the tile it started from: a loop.
    Closed,
    /// At an empty cell, which a tile would extend the chain into.
    Open(Hex),
    /// Nowhere to go (cannot happen on a legal board; kept so a broken board never panics).
    Dead,
}

/// Follows `colour` out of `from` across `exit`, marking tiles seen; returns the tiles passed and where it stopped.
fn walk(board: &Board, from: Hex, exit: u8, colour: Colour, start: Tile, seen: &mut u64) -> (i32, End) {
    let (mut cell, mut exit, mut count) = (from, exit, 0);
    loop {
        let next = cell.step(exit);
        let Some(t) = board.get(next) else { return (count, End::Open(next)) };
        let entry = (exit + 3) % 6;
        if t.edge(entry) != colour {
            return (count, End::Dead);
        }
        if t.tile == start {
            return (count, End::Closed);
        }
        let Some((a, b)) = t.tile.ends(colour, t.rot) else { return (count, End::Dead) };
        if *seen & bit(t.tile) != 0 {
            return (count, End::Dead);
        }
        *seen |= bit(t.tile);
        count += 1;
        exit = if a == entry { b } else { a };
        cell = next;
    }
}

/// One chain of a colour: its tiles and its two ends (`None` for a loop or a dead end).
#[derive(Clone, Copy)]
struct ChainInfo {
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
        let (fwd, end_f) = walk(board, p.cell, b, colour, p.tile, &mut seen);
        if end_f == End::Closed {
            out.push(ChainInfo { len: 1 + fwd, is_loop: true, ends: [None, None] });
            continue;
        }
        let (back, end_b) = walk(board, p.cell, a, colour, p.tile, &mut seen);
        let open = |e: End| if let End::Open(h) = e { Some(h) } else { None };
        out.push(ChainInfo { len: 1 + fwd + back, is_loop: false, ends: [open(end_f), open(end_b)] });
    }
}

/// The score of a colour's best chain as the rules count it (a loop scores double).
fn chain_score(list: &[ChainInfo]) -> i32 {
    list.iter().map(|c| if c.is_loop { 2 * c.len } else { c.len }).max().unwrap_or(0)
}

/// Weights of the evaluation, in [`UNIT`]s (tuned by self-play).
#[derive(Clone, Copy, Debug)]
struct Weights {
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
const IMMEDIATE: Weights = Weights { open_end: 0, join: 0, close: 0, second: 0, opponent: 0 };

/// Depth 1: the seat's own chains with their prospects, the opponents' ignored.
const SELFISH: Weights = Weights { opponent: 0, ..WEIGHTS };

const WEIGHTS: Weights = Weights { open_end: 48, join: 8, close: 8, second: 2, opponent: 20 };

/// How many unplayed tiles fit an empty cell, mapped to a share (in 1/4) of an open end's value.
fn openness(board: &Board, cell: Hex, unplaced: u64) -> i32 {
    match (FITS[pattern(board, cell)] & unplaced).count_ones() {
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

/// A saved point of a simulation to rewind to.
#[derive(Clone, Copy)]
struct Mark {
    history: usize,
    seat: usize,
    step: Step,
    turns: u32,
    over: bool,
}

/// What a placement changed, to undo it.
#[derive(Clone, Copy)]
struct Undo {
    p: Placement,
    seat: usize,
    step: Step,
    hand_pos: usize,
    drew: bool,
    skipped: bool,
}

/// A game being searched: the board (in a position whose hand is set before each generation), every hand, the
/// bag in a sampled order, and the turn.
struct Sim {
    pos: Position,
    hands: Vec<Vec<Tile>>,
    colours: Vec<Colour>,
    seat: usize,
    step: Step,
    /// Turns ended since the search began.
    turns: u32,
    over: bool,
    bag: Vec<Tile>,
    /// Whether placements draw from the sampled bag; if not, the hand just gets shorter (no luck assumed).
    sampling: bool,
    /// Draws not made while not sampling (the bag's count still goes down).
    skipped: usize,
    unplaced: u64,
    history: Vec<Undo>,
    chains: Vec<ChainInfo>,
}

impl Sim {
    fn new(game: &Game) -> Sim {
        let seat = game.to_move().unwrap_or(0);
        let mut pos = game.position();
        let hands = game.hands().to_vec();
        let mut unplaced = 0u64;
        for t in Tile::all() {
            unplaced |= bit(t);
        }
        for p in game.board().placements() {
            unplaced &= !bit(p.tile);
        }
        let mut held = 0u64;
        for h in &hands {
            for &t in h {
                held |= bit(t);
            }
        }
        // The unseen tiles are exactly the bag, since every hand is visible.
        let bag: Vec<Tile> = Tile::all().filter(|&t| unplaced & !held & bit(t) != 0).collect();
        pos.set_bag(bag.len().min(56) as u8);
        Sim {
            pos,
            hands,
            colours: game.colours().to_vec(),
            seat,
            step: if game.free_move_made() { Step::ForcedOnly } else { Step::Any },
            turns: 0,
            over: game.to_move().is_none(),
            bag,
            sampling: false,
            skipped: 0,
            unplaced,
            history: Vec::with_capacity(32),
            chains: Vec::with_capacity(32),
        }
    }

    fn board(&self) -> &Board {
        self.pos.board()
    }

    /// Puts the bag in a random order (the sampled draws); only before any placement of the search.
    fn shuffle_bag(&mut self, rng: &mut ChaCha8Rng) {
        self.bag.sort_unstable();
        self.bag.shuffle(rng);
    }

    fn mark(&self) -> Mark {
        Mark {
            history: self.history.len(),
            seat: self.seat,
            step: self.step,
            turns: self.turns,
            over: self.over,
        }
    }

    fn rewind(&mut self, m: Mark) {
        while self.history.len() > m.history {
            self.undo();
        }
        self.seat = m.seat;
        self.step = m.step;
        self.turns = m.turns;
        self.over = m.over;
    }

    /// Plays a generated placement for the seat to move, drawing from the sampled bag.
    fn apply(&mut self, p: Placement) {
        let forced = !self.board().is_empty() && self.board().neighbour_count(p.cell) >= 3;
        let hand = &mut self.hands[self.seat];
        let hand_pos = hand.iter().position(|&t| t == p.tile).unwrap_or(usize::MAX);
        if hand_pos < hand.len() {
            hand.remove(hand_pos);
        }
        let drew = if self.sampling
            && let Some(t) = self.bag.pop()
        {
            hand.push(t);
            true
        } else {
            false
        };
        let skipped = !drew && self.bag.len() > self.skipped;
        if skipped {
            self.skipped += 1;
        }
        self.pos.put_unchecked(p);
        self.pos.set_bag(self.bag.len().saturating_sub(self.skipped) as u8);
        self.unplaced &= !bit(p.tile);
        self.history.push(Undo { p, seat: self.seat, step: self.step, hand_pos, drew, skipped });
        if !forced {
            self.step = Step::ForcedOnly;
        }
    }

    fn undo(&mut self) {
        let Some(u) = self.history.pop() else { return };
        self.pos.take_back();
        let hand = &mut self.hands[u.seat];
        if u.drew {
            if let Some(t) = hand.pop() {
                self.bag.push(t);
            }
        } else if u.skipped {
            self.skipped -= 1;
        }
        if u.hand_pos <= hand.len() {
            hand.insert(u.hand_pos, u.p.tile);
        }
        self.pos.set_bag(self.bag.len().saturating_sub(self.skipped) as u8);
        self.unplaced |= bit(u.p.tile);
        self.seat = u.seat;
        self.step = u.step;
    }

    fn end_turn(&mut self) {
        self.turns += 1;
        let n = self.hands.len();
        match (1..=n).map(|i| (self.seat + i) % n).find(|&s| !self.hands[s].is_empty()) {
            Some(next) => {
                self.seat = next;
                self.step = Step::Any;
            }
            None => self.over = true,
        }
    }

    /// Moves the turn on as the game does until a seat has placements to make; fills `out` with them, or returns
    /// false when the game is over.
    fn next_moves(&mut self, out: &mut Vec<Placement>) -> bool {
        out.clear();
        loop {
            if self.over || self.board().len() >= usize::from(Tile::COUNT) {
                self.over = true;
                return false;
            }
            if self.hands[self.seat].is_empty()
                || (self.step == Step::ForcedOnly && !self.board().has_forced_space())
            {
                self.end_turn();
                continue;
            }
            self.pos.set_hand(&self.hands[self.seat]);
            self.pos.moves_into(self.step, out);
            if !out.is_empty() {
                return true;
            }
            if self.step == Step::ForcedOnly {
                self.end_turn();
            } else {
                // Tiles but no legal free move: the game ends drawn.
                self.over = true;
                return false;
            }
        }
    }

    /// The evaluation from `seat`'s point of view: its colour's value less the best opponent's.
    fn eval(&mut self, seat: usize, w: &Weights) -> i32 {
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
    fn raw_score(&mut self, seat: usize) -> i32 {
        let mut list = std::mem::take(&mut self.chains);
        chains(self.pos.board(), self.colours[seat], &mut list);
        let s = chain_score(&list);
        self.chains = list;
        s
    }
}

/// A search in progress: the simulation, the budget and buffers reused across nodes.
struct Search<'a> {
    sim: Sim,
    me: usize,
    limits: &'a Limits,
    start: Instant,
    nodes: u64,
    stopped: bool,
    buffers: Vec<Vec<Placement>>,
    weights: Weights,
    /// The most turns a playout has reached.
    longest: u32,
}

impl Search<'_> {
    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.limits.max_nodes.is_some_and(|n| self.nodes >= n)
            || (self.nodes % 16 == 0 && self.start.elapsed() >= self.limits.time)
        {
            self.stopped = true;
        }
        self.stopped
    }

    fn take_buffer(&mut self) -> Vec<Placement> {
        self.buffers.pop().unwrap_or_else(|| Vec::with_capacity(128))
    }

    fn evaluate(&mut self, seat: usize) -> i32 {
        self.nodes += 1;
        self.sim.eval(seat, &self.weights)
    }

    /// Plays out the current turn of the seat to move, each placement the best by that seat's evaluation.
    /// Returns false if the budget ran out first.
    fn play_turn(&mut self) -> bool {
        let turns = self.sim.turns;
        let mut moves = self.take_buffer();
        let mut ok = true;
        while self.sim.next_moves(&mut moves) && self.sim.turns == turns {
            let seat = self.sim.seat;
            let mut best = (i32::MIN, moves[0]);
            for &m in &moves {
                if self.out_of_budget() {
                    ok = false;
                    break;
                }
                let mark = self.sim.mark();
                self.sim.apply(m);
                let v = self.evaluate(seat);
                self.sim.rewind(mark);
                if v > best.0 {
                    best = (v, m);
                }
            }
            if !ok {
                break;
            }
            self.sim.apply(best.1);
        }
        self.buffers.push(moves);
        ok
    }

    /// Depth 1: `m`, then the rest of the seat's turn. `None` if the budget ran out.
    fn own_turn(&mut self, m: Placement) -> Option<i32> {
        let mark = self.sim.mark();
        self.sim.apply(m);
        let ok = self.play_turn();
        let v = self.evaluate(self.me);
        self.sim.rewind(mark);
        ok.then_some(v)
    }

    /// `m`, the rest of the seat's turn, then `turns - 1` more turns (the opponents', then the seat's again...),
    /// each played by the mover's own evaluation. `None` if the budget ran out.
    fn playout(&mut self, m: Placement, turns: u32) -> Option<i32> {
        let mark = self.sim.mark();
        self.sim.apply(m);
        let mut ok = self.play_turn();
        let mut moves = self.take_buffer();
        while ok && self.sim.turns < mark.turns.saturating_add(turns) && self.sim.next_moves(&mut moves) {
            ok = self.play_turn();
        }
        self.buffers.push(moves);
        self.longest = self.longest.max(self.sim.turns - mark.turns);
        let v = self.evaluate(self.me);
        self.sim.rewind(mark);
        ok.then_some(v)
    }
}

fn report(best: Placement, depth: u32, nodes: u64, score: i32, start: Instant) -> Report {
    Report { moves: vec![best.to_string()], depth, nodes, score, elapsed: start.elapsed() }
}

/// Chooses the next placement for the seat to move (one placement: call again while the same seat is to move).
pub fn think(game: &Game, limits: &Limits) -> Report {
    let start = Instant::now();
    let moves = game.legal_moves();
    let Some(&first) = moves.first() else {
        return Report { moves: Vec::new(), depth: 0, nodes: 0, score: 0, elapsed: start.elapsed() };
    };
    let mut rng = ChaCha8Rng::seed_from_u64(limits.seed);
    if limits.noise > 0.0 && rng.random_bool(limits.noise.clamp(0.0, 1.0)) {
        let pick = moves[rng.random_range(0..moves.len())];
        return report(pick, 0, 0, 0, start);
    }
    if moves.len() == 1 {
        return report(first, 0, 0, 0, start);
    }
    let me = game.to_move().unwrap_or(0);
    let mut sim = Sim::new(game);
    sim.shuffle_bag(&mut rng);
    let mut search = Search {
        sim,
        me,
        limits,
        start,
        nodes: 0,
        stopped: false,
        buffers: Vec::with_capacity(8),
        longest: 0,
        weights: match limits.max_depth {
            Some(0) => IMMEDIATE,
            Some(1) => SELFISH,
            _ => WEIGHTS,
        },
    };
    // Depth 1 for every move, with a tiny seeded jitter so equal moves are chosen among at random.
    let mut scored: Vec<(i32, u32, Placement)> = Vec::with_capacity(moves.len());
    for &m in &moves {
        let Some(v) = search.own_turn(m) else { break };
        scored.push((v, rng.random_range(0..u32::MAX), m));
    }
    scored.sort_by_key(|s| std::cmp::Reverse((s.0, s.1)));
    let Some(&(mut best_score, _, mut best)) = scored.first() else { return report(first, 0, 0, 0, start) };
    let complete = scored.len() == moves.len();
    let max_depth = limits.max_depth.unwrap_or(u32::MAX);
    if !complete || max_depth < 3 {
        let depth = if complete { max_depth.min(2) } else { 0 };
        return report(best, depth, search.nodes, best_score, start);
    }
    // Depth 3: every move again (best first), with the opponents' replies, over one sampled bag.
    let seats = game.hands().len() as u32;
    let mut deep: Vec<(i32, Placement)> = Vec::with_capacity(scored.len());
    for &(_, _, m) in &scored {
        let Some(v) = search.playout(m, seats) else { break };
        deep.push((v, m));
    }
    let depth = if deep.len() == scored.len() { 3 } else { 2 };
    // Stable: equal values keep the order of depth 1.
    deep.sort_by_key(|d| std::cmp::Reverse(d.0));
    if let Some(&(v, m)) = deep.first() {
        (best_score, best) = (v, m);
    }
    if depth < 3 || max_depth < 4 {
        return report(best, depth, search.nodes, best_score, start);
    }
    // Deeper: `horizon` turns from the seat's own, or to the end of the game.
    let horizon = limits.max_depth.map_or(u32::MAX, |d| d - 1);
    search.sim.sampling = true;
    if search.sim.bag.is_empty() {
        // Every hand is known and nothing is left to chance: each move (best of depth 3 first) is played out
        // once, while the budget lasts.
        for (i, &(_, m)) in deep.iter().enumerate() {
            let Some(v) = search.playout(m, horizon) else { break };
            if i == 0 || v > best_score {
                (best_score, best) = (v, m);
            }
        }
        return report(best, (search.longest + 1).max(4), search.nodes, best_score, start);
    }
    // The best few moves of depth 3 played out over fresh sampled bags, round after round while the budget lasts;
    // a move's value is its average over the complete rounds.
    let top = deep.len().min(FINALISTS);
    let mut totals = vec![0i64; top];
    let mut rounds = 0i64;
    'rounds: loop {
        let seed = rng.random::<u64>();
        let mut round = vec![0i64; top];
        for (i, &(_, m)) in deep.iter().take(top).enumerate() {
            search.sim.shuffle_bag(&mut ChaCha8Rng::seed_from_u64(seed));
            let Some(v) = search.playout(m, horizon) else { break 'rounds };
            round[i] = i64::from(v);
        }
        for (t, r) in totals.iter_mut().zip(&round) {
            *t += r;
        }
        rounds += 1;
    }
    let mut depth = depth;
    if rounds > 0 {
        depth = (search.longest + 1).max(4);
        let (i, total) =
            totals.iter().enumerate().max_by_key(|(i, t)| (**t, std::cmp::Reverse(*i))).unwrap_or((0, &0));
        best = deep[i].1;
        best_score = (total / rounds) as i32;
    }
    report(best, depth, search.nodes, best_score, start)
}

/// How many moves of depth 3 the deeper playouts compare.
const FINALISTS: usize = 6;

/// The one-ply greedy player: the placement after which the seat's best chain scores most, ties broken by `seed`.
pub fn greedy(game: &Game, seed: u64) -> Vec<String> {
    let moves = game.legal_moves();
    let Some(seat) = game.to_move() else { return Vec::new() };
    let mut sim = Sim::new(game);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut best: Option<(i32, u32, Placement)> = None;
    for &m in &moves {
        let mark = sim.mark();
        sim.apply(m);
        let v = sim.raw_score(seat);
        sim.rewind(mark);
        let key = (v, rng.random_range(0..u32::MAX), m);
        if best.is_none_or(|b| (key.0, key.1) > (b.0, b.1)) {
            best = Some(key);
        }
    }
    best.map(|b| vec![b.2.to_string()]).unwrap_or_default()
}
