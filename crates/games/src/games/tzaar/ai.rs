//! The TZAAR player: the shared alpha-beta search ([`super::search`]) over single moves, with the right side to
//! move (a turn's two moves are two plies of the same side, so the score changes sign only when the turn passes),
//! an incrementally updated Zobrist hash, and the security evaluation of [`super::eval`]; when few stacks remain,
//! a proof-number search ([`super::proof`]) first tries to settle the game exactly.
//!
//! The player before the security evaluation and the endgame search stays selectable ([`Style::MATERIAL`]), so
//! the arena can measure one against the other.

use std::time::{Duration, Instant};

use crate::ai::search::{Found, HISTORY, Node, Noise, Packed, Searcher, Table, WIN, splitmix64 as mix};
use crate::ai::{Level, LevelTable, Limits, Nodes, Report, cores};
use crate::games::tzaar::board::POINTS;
use crate::games::tzaar::eval::{self, LEARNT, TUNED, TYPE_VALUE, Weights};
use crate::games::tzaar::proof::{self, Proven};
use crate::games::tzaar::{Game, Kind, Move, Phase, Point, Position, Side, material};

/// Which evaluation a search uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval<'w> {
    /// The evaluation before the security one ([`material`]).
    Material,
    /// The security evaluation ([`eval`]) with these weights.
    Weights(&'w Weights),
}

/// Whether and how a player tries to prove endgames exactly before it searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Endgame {
    /// It never does.
    Off,
    /// At [`ENDGAME_STACKS`] stacks or fewer, with a third of the move's node budget (taken from the alpha-beta's)
    /// and nothing kept from one search to the next (the baseline's).
    Shared,
    /// At [`KEPT_ENDGAME_STACKS`] stacks or fewer, with a node budget of its own (tree nodes cost a tenth to a
    /// twentieth of a search node) and a quarter of the time, keeping what it settles in [`proof::known`].
    Kept,
}

/// How a player plays: its evaluation, and whether it tries to prove endgames exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style<'w> {
    pub eval: Eval<'w>,
    pub endgame: Endgame,
}

impl Style<'static> {
    /// The player of levels 2 to 5.
    pub(crate) const LEARNT: Style<'static> = Style { eval: Eval::Weights(&LEARNT), endgame: Endgame::Kept };
    /// Level 5 as it played before the learnt evaluation and the kept endgame search (`baseline5` in the arena).
    pub const TUNED: Style<'static> = Style { eval: Eval::Weights(&TUNED), endgame: Endgame::Shared };
    /// The player before the security evaluation and the endgame search (level 1's).
    pub const MATERIAL: Style<'static> = Style { eval: Eval::Material, endgame: Endgame::Off };
}

/// The shared proof-number search takes over at this many stacks on the board (both sides) or fewer.
pub(crate) const ENDGAME_STACKS: u32 = 20;

/// The kept proof-number search takes over at this many stacks on the board or fewer.
pub(crate) const KEPT_ENDGAME_STACKS: u32 = 24;

/// The most tree nodes one proof-number search makes (about 24 bytes each).
const PROOF_MAX_NODES: u64 = 1_500_000;

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

/// A position with its Zobrist hash and the evaluation it is judged by.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TzaarNode<'w> {
    pub(crate) pos: Position,
    hash: u64,
    eval: Eval<'w>,
}

impl<'w> TzaarNode<'w> {
    /// The node of `pos` with the current evaluation.
    #[cfg(test)]
    pub fn new(pos: Position) -> TzaarNode<'static> {
        TzaarNode::with_eval(pos, Style::LEARNT.eval)
    }

    /// The node of `pos`, judged by `eval`.
    pub(crate) fn with_eval(pos: Position, eval: Eval<'w>) -> Self {
        let mut hash = turn_key(&pos);
        for p in Point::all() {
            if let Some(s) = pos.stack(p) {
                hash ^= stack_key(s.side, s.kind, s.height, p);
            }
        }
        TzaarNode { pos, hash, eval }
    }
}

#[inline]
fn lacks(pos: &Position, side: Side) -> bool {
    pos.lacks_type(side)
}

impl Packed for Move {
    fn pack(self) -> u32 {
        match self {
            Move::Capture { from, to } => 1 << 12 | (from.index() as u32) << 6 | to.index() as u32,
            Move::Stack { from, to } => 2 << 12 | (from.index() as u32) << 6 | to.index() as u32,
            Move::Pass => 0,
        }
    }

    fn unpack(bits: u32) -> Self {
        let point = |i: u32| Point::from_index(i as usize);
        match (bits >> 12, point((bits >> 6) & 0x3f), point(bits & 0x3f)) {
            (1, Some(from), Some(to)) => Move::Capture { from, to },
            (2, Some(from), Some(to)) => Move::Stack { from, to },
            _ => Move::Pass,
        }
    }
}

impl Node for TzaarNode<'_> {
    type Move = Move;
    type Side = Side;
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
        TzaarNode { pos: next, hash, eval: self.eval }
    }

    #[inline]
    fn eval(&self) -> i32 {
        match self.eval {
            Eval::Material => material::evaluate(&self.pos),
            Eval::Weights(w) => eval::evaluate(&self.pos, w),
        }
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
///
/// A search one move deep (level 1) keeps the material evaluation: level 1 is there to be beaten by beginners, and
/// one move deep the security evaluation alone already beats the greedy player 19 games in 20 (the material one
/// wins 7 in 20).
pub fn think(game: &Game, limits: &Limits) -> Report<Move> {
    let style = if limits.max_depth == Some(1) { Style::MATERIAL } else { Style::LEARNT };
    think_with(game, limits, style)
}

/// [`think`], played in `style`.
pub fn think_with(game: &Game, limits: &Limits, style: Style<'_>) -> Report<Move> {
    let mut report = Report::nothing();
    if game.position().end().is_some() {
        return report;
    }
    let root = TzaarNode::with_eval(*game.position(), style.eval);
    let claim = cores::claim(limits.threads);
    let mut turn = Turn {
        table: Table::for_budget(limits.max_nodes),
        rng: Noise::new(limits.seed),
        style,
        lost: false,
        threads: claim.threads(),
    };
    // The first move gets most of the budget; the second reuses the table and gets what is left (at least a
    // quarter), since the first search has already looked at the positions it reaches.
    let first_limits = Limits { max_nodes: limits.max_nodes.map(|n| n - n / 4), ..limits.clone() };
    let found = turn.one_move(&root, &first_limits);
    let Some(m1) = found.mv else { return report };
    report.moves.push(m1);
    report.depth = found.depth;
    report.nodes = found.nodes;
    report.score = found.score;
    report.elapsed = found.elapsed;
    let child = root.play(m1);
    if root.pos.phase() == Phase::Capture && child.pos.phase() == Phase::Second && child.decided().is_none() {
        let rest = limits.time.saturating_sub(found.elapsed).max(limits.time / 8);
        let nodes = limits.max_nodes.map(|n| n.saturating_sub(found.nodes).max(n / 4));
        let second_limits = Limits { time: rest, max_nodes: nodes, ..limits.clone() };
        let second = turn.one_move(&child, &second_limits);
        if let Some(m2) = second.mv {
            report.moves.push(m2);
        }
        report.nodes += second.nodes;
        report.elapsed += second.elapsed;
    }
    report
}

/// The smallest node budget worth a proof-number search.
const MIN_PROOF_NODES: u64 = 2_000;

/// The searches of one turn: the table and noise they share, and what the endgame search found.
struct Turn<'w> {
    table: Table<Move>,
    rng: Noise,
    style: Style<'w>,
    /// Whether the endgame search proved the turn lost (then the second move does not try again).
    lost: bool,
    /// The threads the alpha-beta may search on.
    threads: usize,
}

impl Turn<'_> {
    /// One move: a proven win if the endgame search finds one, else alpha-beta's choice (which, in a proven loss,
    /// is the longest resistance: it scores a loss `n` moves away as `n` better than one at once).
    fn one_move(&mut self, node: &TzaarNode<'_>, limits: &Limits) -> Found<Move> {
        let start = Instant::now();
        let mut limits = limits.clone();
        let mut proof_nodes = 0;
        let stacks = (node.pos.stacks_of(Side::White) | node.pos.stacks_of(Side::Black)).count_ones();
        let (most_stacks, budget, share) = match self.style.endgame {
            Endgame::Off => (0, 0, 1),
            Endgame::Shared => (
                ENDGAME_STACKS,
                limits.max_nodes.map_or(PROOF_MAX_NODES, |n| (n / 3).min(PROOF_MAX_NODES)),
                3,
            ),
            Endgame::Kept => {
                (KEPT_ENDGAME_STACKS, limits.max_nodes.map_or(PROOF_MAX_NODES, |n| n.min(PROOF_MAX_NODES)), 4)
            }
        };
        if !self.lost
            && limits.max_depth.is_none()
            && limits.noise == 0.0
            && stacks <= most_stacks
            && budget >= MIN_PROOF_NODES
        {
            let deadline = start + limits.time / share;
            let proof = if self.style.endgame == Endgame::Kept {
                proof::prove_keeping(&node.pos, budget as usize, deadline, proof::known())
            } else {
                proof::prove(&node.pos, budget as usize, deadline)
            };
            proof_nodes = proof.nodes;
            match proof.proven {
                Proven::Win(m) => {
                    return Found {
                        mv: Some(m),
                        score: WIN - 2,
                        depth: 1,
                        nodes: proof_nodes,
                        elapsed: start.elapsed(),
                    };
                }
                Proven::Loss => self.lost = true,
                Proven::Unknown => {}
            }
            if self.style.endgame == Endgame::Shared {
                limits.max_nodes = limits.max_nodes.map(|n| n.saturating_sub(proof_nodes).max(1));
            }
            limits.time = limits.time.saturating_sub(start.elapsed());
        }
        let max_depth = limits.max_depth.unwrap_or(64);
        let mut found = Searcher::new(&self.table, &limits, &[]).run_parallel(
            self.threads,
            node,
            max_depth,
            limits.noise,
            NOISE_SPREAD,
            &mut self.rng,
        );
        found.nodes += proof_nodes;
        found.elapsed = start.elapsed();
        found
    }
}

/// The material a greedy player sees after a turn, from `me`'s side.
fn material(pos: &Position, me: Side) -> i32 {
    if lacks(pos, me.opponent()) {
        return WIN;
    }
    if lacks(pos, me) {
        return -WIN;
    }
    let value = |side: Side| -> i32 {
        Kind::ALL.iter().map(|&k| TYPE_VALUE[(pos.count(side, k) as usize).min(15)]).sum::<i32>()
            + pos.pieces(side) as i32
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

impl crate::games::Player for Game {
    const LEVELS: &'static LevelTable = &LEVEL_TABLE;

    fn think(&self, limits: &Limits) -> Report<Move> {
        think(self, limits)
    }

    fn think_baseline(&self, limits: &Limits) -> Report<Move> {
        let style = if limits.max_depth == Some(1) { Style::MATERIAL } else { Style::TUNED };
        think_with(self, limits, style)
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
    fn moves_survive_packing() {
        let pos = Position::standard();
        let mut moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
        let black = pos.play_unchecked(moves[0]);
        let second = black.play_unchecked(black.legal_moves()[0]);
        assert_eq!(second.phase(), Phase::Second);
        moves.extend(black.legal_moves().iter().copied());
        moves.extend(second.legal_moves().iter().copied());
        assert!(moves.iter().any(|m| matches!(m, Move::Stack { .. })) && moves.contains(&Move::Pass));
        for m in moves {
            assert!(m.pack() < 1 << 21);
            assert_eq!(Move::unpack(m.pack()), m);
        }
    }

    #[test]
    fn history_keys_fit() {
        const { assert!(2 * POINTS * POINTS < HISTORY) };
    }
}
