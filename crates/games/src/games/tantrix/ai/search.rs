//! The search: every move of the seat's turn, then the opponents' replies, then playouts over sampled bags while
//! the node budget lasts (the depths are described in the module above).

use std::time::Instant;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::eval::{Eval, IMMEDIATE, PREDICTOR, Predictor, SELFISH, WEIGHTS};
use super::simulation::Sim;
use crate::ai::{Limits, Report};
use crate::games::Engine;
use crate::games::tantrix::{Game, Placement};

/// A search in progress: the simulation, the budget and buffers reused across nodes.
struct Search<'a> {
    sim: Sim,
    me: usize,
    limits: &'a Limits,
    start: Instant,
    nodes: u64,
    stopped: bool,
    buffers: Vec<Vec<Placement>>,
    eval: Eval,
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
        self.sim.eval(seat, &self.eval)
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
        let mut v = self.evaluate(self.me);
        if !self.sim.over && matches!(self.eval, Eval::Predicted(_)) {
            v = win_share(v);
        }
        self.sim.rewind(mark);
        ok.then_some(v)
    }
}

/// How far ahead (in evaluation units: 8 tiles) a predicted lead makes a playout cut short about three quarters of a
/// win; a finished playout scores a win or a loss (`±100 000` and the chains' difference).
const SPREAD: f64 = 8.0 * 16.0;

/// A cut playout's predicted lead as a share of a win, on the scale of a finished game's score, so that the
/// playouts' average weighs how likely a move wins rather than by how much.
fn win_share(lead: i32) -> i32 {
    (100_000.0 * (f64::from(lead) / SPREAD).tanh()) as i32
}

fn report(best: Placement, depth: u32, nodes: u64, score: i32, start: Instant) -> Report<Placement> {
    Report { moves: vec![best], depth, nodes, score, elapsed: start.elapsed() }
}

/// How a search plays: its evaluation and how far level 5's playouts look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// The learnt prediction of each chain's final value, or `None` for the hand-tuned prospects.
    pub predictor: Option<Predictor>,
    /// How many rounds (each seat's turn once) level 5's playouts last before the evaluation scores them, or
    /// `None` to play them to the end of the game.
    pub horizon: Option<u32>,
    /// How level 5 shares its playouts among the best moves of depth 3: `None` for the same six finalists in every
    /// round; `Some(r)` for twelve, the worse half dropped after `r` rounds, then after `2r` more, `4r` more...
    /// down to the last two (sequential halving: more moves looked at, the budget kept for the close ones).
    pub halving: Option<u32>,
}

impl Style {
    /// Today's player: the learnt predictor, its playouts cut short where its prediction takes over.
    pub const PREDICTED: Style = Style { predictor: Some(PREDICTOR), horizon: Some(2), halving: Some(8) };
    /// The hand-tuned prospects, playouts to the end, six finalists throughout: the baseline (`baseline1` to
    /// `baseline5` in `tabula match`).
    pub const PROSPECTS: Style = Style { predictor: None, horizon: None, halving: None };
}

/// Chooses the next placement for the seat to move (one placement: call again while the same seat is to move).
pub fn think(game: &Game, limits: &Limits) -> Report<Placement> {
    think_with(game, limits, Style::PREDICTED)
}

/// [`think`] in a given style.
pub fn think_with(game: &Game, limits: &Limits, style: Style) -> Report<Placement> {
    let start = Instant::now();
    let moves = game.legal_moves();
    let Some(&first) = moves.first() else {
        return Report { elapsed: start.elapsed(), ..Report::nothing() };
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
        eval: match (limits.max_depth, style.predictor) {
            (Some(0), _) => Eval::Weights(IMMEDIATE),
            (Some(1), _) => Eval::Weights(SELFISH),
            (_, Some(p)) => Eval::Predicted(p),
            (_, None) => Eval::Weights(WEIGHTS),
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
    let horizon = match (limits.max_depth, style.horizon) {
        (Some(d), _) => d - 1,
        (None, Some(rounds)) => rounds.saturating_mul(seats),
        (None, None) => u32::MAX,
    };
    search.sim.sampling = true;
    if search.sim.bag.is_empty() {
        // Every hand is known and nothing is left to chance: each move (best of depth 3 first) is played out
        // once, while the budget lasts, and to the end of the game unless the depth says otherwise.
        let horizon = limits.max_depth.map_or(u32::MAX, |d| d - 1);
        for (i, &(_, m)) in deep.iter().enumerate() {
            let Some(v) = search.playout(m, horizon) else { break };
            if i == 0 || v > best_score {
                (best_score, best) = (v, m);
            }
        }
        return report(best, (search.longest + 1).max(4), search.nodes, best_score, start);
    }
    let mut depth = depth;
    if let Some((m, v)) = playoff(&mut search, &deep, (style, horizon), &mut rng) {
        depth = (search.longest + 1).max(4);
        (best, best_score) = (m, v);
    }
    report(best, depth, search.nodes, best_score, start)
}

/// The best few moves of depth 3 (`deep`, best first) played out over fresh sampled bags, `horizon` turns each,
/// round after round while the budget lasts; a move's value is its average over the complete rounds it was played
/// in (every move still compared has played every round, on the same bags). The best move and its average, or
/// `None` if no round was completed.
fn playoff(
    search: &mut Search,
    deep: &[(i32, Placement)],
    (style, horizon): (Style, u32),
    rng: &mut ChaCha8Rng,
) -> Option<(Placement, i32)> {
    let (top, mut phase) = match style.halving {
        Some(rounds) => (deep.len().min(2 * FINALISTS), i64::from(rounds.max(1))),
        None => (deep.len().min(FINALISTS), 0),
    };
    let mut alive: Vec<usize> = (0..top).collect();
    let mut totals = vec![0i64; top];
    let mut rounds = 0i64;
    let mut next_cut = phase;
    'rounds: loop {
        let seed = rng.random::<u64>();
        let mut round = vec![0i64; top];
        for &i in &alive {
            search.sim.shuffle_bag(&mut ChaCha8Rng::seed_from_u64(seed));
            let Some(v) = search.playout(deep[i].1, horizon) else { break 'rounds };
            round[i] = i64::from(v);
        }
        for &i in &alive {
            totals[i] += round[i];
        }
        rounds += 1;
        // Sequential halving: the worse half of the moves still compared is dropped after `phase` rounds, then
        // after twice as many more, and so on down to two.
        if phase > 0 && rounds == next_cut && alive.len() > 2 {
            alive.sort_by_key(|&i| (std::cmp::Reverse(totals[i]), i));
            alive.truncate(alive.len().div_ceil(2).max(2));
            alive.sort_unstable();
            phase *= 2;
            next_cut = rounds + phase;
        }
    }
    if rounds == 0 {
        return None;
    }
    let i = alive.iter().copied().max_by_key(|&i| (totals[i], std::cmp::Reverse(i)))?;
    Some((deep[i].1, (totals[i] / rounds) as i32))
}

/// How many moves of depth 3 the deeper playouts compare (twice as many at first with `Style::halving`).
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
