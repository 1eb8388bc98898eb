//! The TZAAR player: the shared alpha-beta search ([`super::search`]) over single moves, with the right side to
//! move (a turn's two moves are two plies of the same side, so the score changes sign only when the turn passes),
//! an incrementally updated Zobrist hash, and an evaluation of the counts of each type (scarce types weigh most),
//! stack heights, which stacks the other side can take, and the captures each side has.

use std::time::Duration;

use crate::ai::search::{HISTORY, Node, Noise, Searcher, Table, WIN, splitmix64 as mix};
use crate::ai::{Level, LevelTable, Limits, Nodes, Report};
use crate::games::tzaar::board::{POINTS, first_hit, points};
use crate::games::tzaar::{Dir, Game, Kind, Move, Phase, Point, Position, Side};

/// Evaluation weights.
#[derive(Clone, Copy, Debug)]
pub struct Weights {
    /// The value of having `n` stacks of a type on top (index `n`, capped); the steps shrink as `n` grows, so
    /// losing a scarce type's stack costs most.
    pub type_value: [i32; 16],
    /// Per piece under the top of a stack (tall stacks are safe and strong).
    pub height: i32,
    /// Share (in 1/16) of the value of the best enemy stack the side to move can take next.
    pub threat_mover: i32,
    /// Share (in 1/16) of the value of the best stack of the side to move the other side could take.
    pub threat_other: i32,
    /// Per capture a side has (mobility; without one at the start of a turn a side loses).
    pub capture: i32,
}

/// The weights in use, tuned by self-play matches.
pub const WEIGHTS: Weights = Weights {
    type_value: [0, 1000, 1600, 2000, 2280, 2480, 2630, 2750, 2850, 2930, 3000, 3060, 3110, 3150, 3185, 3215],
    height: 60,
    threat_mover: 12,
    threat_other: 10,
    capture: 15,
};

/// Zobrist keys: `[side * 3 + kind][height (capped at 31)][point]`.
static ZOBRIST: [[[u64; POINTS]; 32]; 6] = {
    let mut t = [[[0u64; POINTS]; 32]; 6];
    let mut a = 0;
    while a < 6 {
        let mut h = 0;
        while h < 32 {
            let mut p = 0;
            while p < POINTS {
                t[a][h][p] = mix(((a * 32 + h) * POINTS + p) as u64 + 0x7a2a);
                p += 1;
            }
            h += 1;
        }
        a += 1;
    }
    t
};

/// Keys for the side to move and the phase: `[side * 3 + phase]`.
const TURN_KEYS: [u64; 6] = [mix(1001), mix(1002), mix(1003), mix(1004), mix(1005), mix(1006)];

fn turn_key(pos: &Position) -> u64 {
    let phase = match pos.phase() {
        Phase::Opening => 0,
        Phase::Capture => 1,
        Phase::Second => 2,
    };
    TURN_KEYS[pos.to_move().index() * 3 + phase]
}

#[inline]
fn stack_key(side: Side, kind: Kind, height: u8, p: Point) -> u64 {
    ZOBRIST[side.index() * 3 + kind.index()][usize::from(height.min(31))][p.index()]
}

/// A position with its Zobrist hash.
#[derive(Clone, Copy, Debug)]
pub struct TzaarNode {
    pub pos: Position,
    hash: u64,
}

impl TzaarNode {
    pub fn new(pos: Position) -> Self {
        let mut hash = turn_key(&pos);
        for p in Point::all() {
            if let Some(s) = pos.stack(p) {
                hash ^= stack_key(s.side, s.kind, s.height, p);
            }
        }
        TzaarNode { pos, hash }
    }

    /// The evaluation from `side`'s point of view, before the threats term.
    fn eval_for(&self, w: &Weights) -> i32 {
        let pos = &self.pos;
        let me = pos.to_move();
        let stats = [side_stats(pos, me, w), side_stats(pos, me.opponent(), w)];
        let mut score = stats[0].material - stats[1].material;
        score += w.capture * (stats[0].captures - stats[1].captures);
        score += w.threat_mover * stats[0].best_target / 16;
        score -= w.threat_other * stats[1].best_target / 16;
        score
    }
}

/// What the evaluation counts for one side.
struct SideStats {
    material: i32,
    /// The captures the side has now.
    captures: i32,
    /// The value of the best enemy stack it can take.
    best_target: i32,
}

/// The type value of `side` with `n` stacks of a type.
#[inline]
fn type_value(w: &Weights, n: u32) -> i32 {
    w.type_value[(n as usize).min(15)]
}

fn side_stats(pos: &Position, side: Side, w: &Weights) -> SideStats {
    let me = pos.stacks_of(side);
    let them = pos.stacks_of(side.opponent());
    let occ = me | them;
    let kinds = [pos.kinds(Kind::Tzaar), pos.kinds(Kind::Tzarra), pos.kinds(Kind::Tott)];
    let mut material = 0;
    let mut loss = [0; 3];
    for (i, &k) in kinds.iter().enumerate() {
        let n = (me & k).count_ones();
        material += type_value(w, n);
        // What the other side loses when one of its stacks of this type is taken.
        let m = (them & k).count_ones();
        loss[i] = if m <= 1 { WIN / 2 } else { type_value(w, m) - type_value(w, m - 1) };
    }
    let mut captures = 0;
    let mut best_target = 0;
    for from in points(me) {
        let h = pos.height(from);
        material += w.height * i32::from(h - 1);
        for d in Dir::ALL {
            if let Some(to) = first_hit(from, d, occ)
                && them & to.bit() != 0
            {
                let th = pos.height(to);
                if th <= h {
                    captures += 1;
                    let b = to.bit();
                    let k = usize::from(kinds[1] & b != 0) + 2 * usize::from(kinds[2] & b != 0);
                    let value = loss[k] + w.height * i32::from(th - 1);
                    best_target = best_target.max(value);
                }
            }
        }
    }
    SideStats { material, captures, best_target: best_target.min(5_000) }
}

#[inline]
fn lacks(pos: &Position, side: Side) -> bool {
    pos.lacks_type(side)
}

impl Node for TzaarNode {
    type Game = Game;
    const REPEATS: bool = false;

    #[inline]
    fn side_to_move(&self) -> Side {
        self.pos.to_move()
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    #[inline]
    fn decided(&self) -> Option<i32> {
        let me = self.pos.to_move();
        if lacks(&self.pos, me.opponent()) {
            Some(WIN)
        } else if lacks(&self.pos, me) {
            Some(-WIN)
        } else {
            None
        }
    }

    fn legal_moves(&self, out: &mut Vec<(Move, i32)>) {
        let pos = &self.pos;
        let them = pos.to_move().opponent();
        for &m in pos.moves_unchecked().iter() {
            let score = match m {
                Move::Capture { to, .. } => {
                    let b = to.bit();
                    let kind = if pos.kinds(Kind::Tzaar) & b != 0 {
                        Kind::Tzaar
                    } else if pos.kinds(Kind::Tzarra) & b != 0 {
                        Kind::Tzarra
                    } else {
                        Kind::Tott
                    };
                    let left = pos.count(them, kind).max(1) as i32;
                    if left == 1 { 100_000 } else { 10 + 20 * i32::from(pos.height(to)) + 300 / left }
                }
                _ => 0,
            };
            out.push((m, score));
        }
    }

    #[inline]
    fn play(&self, m: Move) -> Self {
        let pos = &self.pos;
        let next = pos.play_unchecked(m);
        let mut hash = self.hash ^ turn_key(pos) ^ turn_key(&next);
        if let Move::Capture { from, to } | Move::Stack { from, to } = m
            && let (Some(a), Some(t)) = (pos.stack(from), pos.stack(to))
        {
            let h = if matches!(m, Move::Capture { .. }) { a.height } else { a.height + t.height };
            hash ^= stack_key(a.side, a.kind, a.height, from)
                ^ stack_key(t.side, t.kind, t.height, to)
                ^ stack_key(a.side, a.kind, h, to);
        }
        TzaarNode { pos: next, hash }
    }

    #[inline]
    fn eval(&self) -> i32 {
        self.eval_for(&WEIGHTS)
    }

    #[inline]
    fn history_key(&self, m: Move) -> usize {
        let k = match m {
            Move::Capture { from, to } => from.index() * POINTS + to.index(),
            Move::Stack { from, to } => POINTS * POINTS + from.index() * POINTS + to.index(),
            Move::Pass => 2 * POINTS * POINTS,
        };
        debug_assert!(k < HISTORY);
        k
    }
}

/// The five levels (depths count single moves): level 5's node budget is its time at a million nodes a second
/// (one core of a modest machine).
pub const LEVEL_TABLE: LevelTable = LevelTable {
    nodes_per_second: 1_000_000,
    min_nodes: 100,
    min_time: Duration::ZERO,
    levels: [
        Level { time_divisor: 8, max_depth: Some(1), nodes: Nodes::Fixed(2_000), noise: 0.8 },
        Level { time_divisor: 4, max_depth: Some(3), nodes: Nodes::Share(1, 12), noise: 0.1 },
        Level { time_divisor: 2, max_depth: Some(4), nodes: Nodes::Share(1, 12), noise: 0.0 },
        Level { time_divisor: 1, max_depth: None, nodes: Nodes::Share(1, 4), noise: 0.0 },
        Level { time_divisor: 1, max_depth: None, nodes: Nodes::Share(1, 1), noise: 0.0 },
    ],
};

/// At `noise` = 1 the choice is uniform; below, a random bonus up to `noise * NOISE_SPREAD` is added to each root
/// move's exact score.
const NOISE_SPREAD: i32 = 2_500;

/// Chooses the moves that complete the current turn (one or two). Returns none only when the game is over.
pub fn think(game: &Game, limits: &Limits) -> Report {
    let mut report = Report { moves: Vec::new(), depth: 0, nodes: 0, score: 0, elapsed: Duration::ZERO };
    if game.position().end().is_some() {
        return report;
    }
    let root = TzaarNode::new(*game.position());
    let mut table = Table::for_budget(limits.max_nodes);
    let mut rng = Noise::new(limits.seed);
    let max_depth = limits.max_depth.unwrap_or(64);
    // The first move gets most of the budget; the second reuses the table and gets what is left (at least a
    // quarter), since the first search has already looked at the positions it reaches.
    let first_limits = Limits { max_nodes: limits.max_nodes.map(|n| n - n / 4), ..limits.clone() };
    let found = Searcher::new(&mut table, &first_limits, &[]).run(
        &root,
        max_depth,
        limits.noise,
        NOISE_SPREAD,
        &mut rng,
    );
    let Some(m1) = found.mv else { return report };
    report.moves.push(m1.to_string());
    report.depth = found.depth;
    report.nodes = found.nodes;
    report.score = found.score;
    report.elapsed = found.elapsed;
    let child = root.play(m1);
    if root.pos.phase() == Phase::Capture && child.pos.phase() == Phase::Second && child.decided().is_none() {
        let rest = limits.time.saturating_sub(found.elapsed).max(limits.time / 8);
        let nodes = limits.max_nodes.map(|n| n.saturating_sub(found.nodes).max(n / 4));
        let second_limits = Limits { time: rest, max_nodes: nodes, ..limits.clone() };
        let second = Searcher::new(&mut table, &second_limits, &[]).run(
            &child,
            max_depth,
            limits.noise,
            NOISE_SPREAD,
            &mut rng,
        );
        if let Some(m2) = second.mv {
            report.moves.push(m2.to_string());
        }
        report.nodes += second.nodes;
        report.elapsed += second.elapsed;
    }
    report
}

/// The material a greedy player sees after a turn, from `me`'s side.
fn material(pos: &Position, me: Side) -> i32 {
    if lacks(pos, me.opponent()) {
        return WIN;
    }
    if lacks(pos, me) {
        return -WIN;
    }
    let w = &WEIGHTS;
    let value = |side: Side| -> i32 {
        Kind::ALL.iter().map(|&k| type_value(w, pos.count(side, k))).sum::<i32>() + pos.pieces(side) as i32
    };
    value(me) - value(me.opponent())
}

/// The one-ply greedy turn: the moves completing the turn that leave the best material (a win first), ties
/// broken by `seed`.
pub fn greedy(game: &Game, seed: u64) -> Vec<String> {
    let pos = game.position();
    if pos.end().is_some() {
        return Vec::new();
    }
    let me = pos.to_move();
    let mut rng = Noise::new(seed);
    let mut best: Option<(i32, u64, Move, Option<Move>)> = None;
    let mut consider = |value: i32, m1: Move, m2: Option<Move>, rng: &mut Noise| {
        let tie = rng.next_u64();
        if best.is_none_or(|(v, t, _, _)| (value, tie) > (v, t)) {
            best = Some((value, tie, m1, m2));
        }
    };
    for &m1 in pos.legal_moves().iter() {
        let p1 = pos.play_unchecked(m1);
        if pos.phase() != Phase::Capture || p1.end().is_some() {
            consider(material(&p1, me), m1, None, &mut rng);
            continue;
        }
        for &m2 in p1.legal_moves().iter() {
            consider(material(&p1.play_unchecked(m2), me), m1, Some(m2), &mut rng);
        }
    }
    best.map(|(_, _, m1, m2)| std::iter::once(m1).chain(m2).map(|m| m.to_string()).collect())
        .unwrap_or_default()
}

/// The static evaluation of a position from the side to move's view (for tests and tuning).
pub fn evaluate(pos: &Position) -> i32 {
    TzaarNode::new(*pos).eval()
}

impl crate::games::Player for Game {
    const LEVELS: &'static LevelTable = &LEVEL_TABLE;

    fn think(&self, limits: &Limits) -> Report {
        think(self, limits)
    }

    fn greedy(&self, seed: u64) -> Vec<String> {
        greedy(self, seed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_incremental_hash_matches_a_fresh_one() {
        let mut node = TzaarNode::new(Position::standard());
        let mut rng = Noise::new(3);
        for _ in 0..60 {
            if node.pos.end().is_some() {
                break;
            }
            let moves = node.pos.legal_moves();
            let m = moves[rng.below(moves.len())];
            node = node.play(m);
            assert_eq!(node.hash, TzaarNode::new(node.pos).hash);
        }
    }

    #[test]
    fn history_keys_fit() {
        const { assert!(2 * POINTS * POINTS < HISTORY) };
    }
}
