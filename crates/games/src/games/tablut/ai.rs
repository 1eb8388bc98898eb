//! The Tablut player: the shared alpha-beta search ([`super::search`]) over the engine's move generator, with
//! an incrementally updated Zobrist hash and an evaluation of material, the king's free lines and squares from
//! which it would see the edge, its distance to the edge, the attackers around it and on the blockade squares.
//! Everything reads the variant's [`Ruleset`]: the squares closed to the king (camps, a closed throne) block
//! his lines, captures follow the variant's hostile squares and armed king, and where two attackers capture him
//! the evaluation and the shortcuts watch for that.

use std::sync::LazyLock;
use std::time::Duration;

use super::board::ADJACENT;
use crate::ai::search::{HISTORY, LateMoves, Node, Noise, Packed, Searcher, Table, WIN, splitmix64 as mix};
use crate::ai::{Level, LevelTable, Limits, Nodes, Report, cores};
use crate::games::tablut::{
    self, Bitboard, Direction, Game, KingCapture, Move, Position, RAYS, Ruleset, Side, Square, Variant,
    squares,
};

/// Evaluation weights, in hundredths of a soldier (roughly), from White's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    pub defender: i32,
    pub attacker: i32,
    /// Per open line from the king to the edge (when Black has to block it).
    pub open_line: i32,
    /// Per square the king reaches in one move that sees the edge.
    pub threat_square: i32,
    /// Per square the king reaches in one move that sees the edge along two lines (a fork next move).
    pub fork_square: i32,
    /// Per step of the king's distance to the nearest edge (a penalty).
    pub edge_distance: i32,
    /// Per attacker (or hostile square) next to the king (a penalty).
    pub king_pressure: i32,
    /// Per attacker on a blockade square.
    pub blockade: i32,
    /// Per square the king can reach.
    pub king_mobility: i32,
    /// Per square next to the king where an attacker's move would capture him now (a penalty, with White to
    /// move: with Black to move the search scores it as lost).
    pub king_danger: i32,
    /// Per move the king needs to reach an escape square on a board empty but for the squares closed to him
    /// ([`ESCAPE_MOVES`]; a penalty).
    pub escape_moves: i32,
}

/// The weights in use, tuned by self-play matches (`cargo run --release -p tabula-tools --bin tablut_match`).
pub const WEIGHTS: Weights = Weights {
    defender: 200,
    attacker: 100,
    open_line: 300,
    threat_square: 60,
    fork_square: 250,
    edge_distance: 40,
    king_pressure: 60,
    blockade: 30,
    king_mobility: 8,
    king_danger: 400,
    escape_moves: 0,
};

/// How a level plays: its evaluation's weights and how its search treats late moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    pub weights: &'static Weights,
    /// Late moves are pruned near the leaves and reduced by the logarithms of depth and move number; else
    /// only reduced by a ply or two.
    pub prune_late_moves: bool,
}

impl Style {
    /// The player of every level.
    pub const PRUNING: Style = Style { weights: &WEIGHTS, prune_late_moves: true };
    /// The baseline (`baseline5` in `tabula match`): the same weights, late moves only reduced by a ply or two.
    pub const REDUCING: Style = Style { weights: &WEIGHTS, prune_late_moves: false };

    fn late_moves(self) -> LateMoves {
        if self.prune_late_moves { LateMoves::Pruned } else { LateMoves::Reduced }
    }
}

impl Weights {
    /// The weights' names, in the order of [`Weights::to_array`].
    pub const NAMES: [&'static str; 11] = [
        "defender",
        "attacker",
        "open_line",
        "threat_square",
        "fork_square",
        "edge_distance",
        "king_pressure",
        "blockade",
        "king_mobility",
        "king_danger",
        "escape_moves",
    ];

    /// The weights in [`Weights::NAMES`] order, for tuners.
    pub fn to_array(&self) -> [i32; 11] {
        [
            self.defender,
            self.attacker,
            self.open_line,
            self.threat_square,
            self.fork_square,
            self.edge_distance,
            self.king_pressure,
            self.blockade,
            self.king_mobility,
            self.king_danger,
            self.escape_moves,
        ]
    }

    /// The weights from an array in [`Weights::NAMES`] order.
    pub fn from_array(a: [i32; 11]) -> Weights {
        Weights {
            defender: a[0],
            attacker: a[1],
            open_line: a[2],
            threat_square: a[3],
            fork_square: a[4],
            edge_distance: a[5],
            king_pressure: a[6],
            blockade: a[7],
            king_mobility: a[8],
            king_danger: a[9],
            escape_moves: a[10],
        }
    }
}

/// `ESCAPE_MOVES[variant][square]`: the fewest moves the king needs from the square to an escape square on a
/// board empty but for the squares closed to him, and never stopping on the throne: J.A.R.L.'s term (the
/// OpenTafl tournament's winner). On the open Seed and Linnaeus boards it is 1 off the edge almost everywhere;
/// under Ashton the camps close the middle lines, so the second and third lines are one move from escape and the
/// middle cross two.
pub(crate) static ESCAPE_MOVES: LazyLock<[[u8; 81]; 3]> =
    LazyLock::new(|| Variant::ALL.map(|v| escape_moves(v.rules())));

/// See [`ESCAPE_MOVES`]; a square the king never stands on (a camp) gets 0.
fn escape_moves(rules: &Ruleset) -> [u8; 81] {
    let blocked = rules.closed_to(Side::White);
    let throne = Square::THRONE.bit();
    let mut moves = [u8::MAX; 81];
    let mut frontier = rules.escape & !blocked;
    for s in squares(frontier) {
        moves[s.index()] = 0;
    }
    let mut k = 0;
    while frontier != 0 {
        k += 1;
        let mut next = 0;
        for (s, m) in moves.iter_mut().enumerate() {
            let open = *m == u8::MAX && blocked & !throne & (1u128 << s) == 0;
            if open && (0..4).any(|d| reach(s, d, blocked) & frontier & !throne != 0) {
                next |= 1u128 << s;
                *m = k;
            }
        }
        frontier = next;
    }
    moves.map(|m| if m == u8::MAX { 0 } else { m })
}

/// Zobrist keys: `[attacker, defender, king][square]`.
const ZOBRIST: [[u64; 81]; 3] = {
    let mut t = [[0u64; 81]; 3];
    let mut p = 0;
    while p < 3 {
        let mut s = 0;
        while s < 81 {
            t[p][s] = mix((p * 81 + s) as u64 + 0x7ab1);
            s += 1;
        }
        p += 1;
    }
    t
};
const ZOBRIST_WHITE: u64 = mix(0xdead_beef);

/// `NEIGHBOUR[square][dir]`, 255 off the board.
const NEIGHBOUR: [[u8; 4]; 81] = {
    let mut t = [[255u8; 4]; 81];
    let mut s = 0;
    while s < 81 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let steps = [(0, 1), (0, -1), (1, 0), (-1, 0)];
        let mut d = 0;
        while d < 4 {
            let (nf, nr) = (f + steps[d].0, r + steps[d].1);
            if nf >= 0 && nf < 9 && nr >= 0 && nr < 9 {
                t[s][d] = (nr * 9 + nf) as u8;
            }
            d += 1;
        }
        s += 1;
    }
    t
};

const THRONE: usize = 40;

/// Squares where attackers hold the blockade near the corners (c2, b3 and their mirror images).
const BLOCKADE: Bitboard = {
    let squares = [2 + 9, 1 + 2 * 9, 6 + 9, 7 + 2 * 9, 1 + 6 * 9, 2 + 7 * 9, 7 + 6 * 9, 6 + 7 * 9];
    let mut bb = 0u128;
    let mut i = 0;
    while i < squares.len() {
        bb |= 1u128 << squares[i];
        i += 1;
    }
    bb
};

/// The squares a rook on `from` reaches in direction `d` (the engine's order) before the first of `occ`.
#[inline]
fn reach(from: usize, d: usize, occ: Bitboard) -> Bitboard {
    tablut::reach(Square::from_index(from).expect("a board square"), Direction::ALL[d], occ)
}

/// The number of lines from `sq` to the edge with nothing on them (`occ` holds the pieces and the squares
/// closed to the king).
#[inline]
fn open_lines(sq: usize, occ: Bitboard) -> u32 {
    (0..4).map(|d| u32::from(RAYS[sq][d] & occ == 0)).sum()
}

/// Open lines from `sq` whose first square is not the throne (the empty throne is hostile to the king).
#[inline]
fn safe_open_lines(sq: usize, occ: Bitboard) -> u32 {
    (0..4).map(|d| u32::from(RAYS[sq][d] & occ == 0 && NEIGHBOUR[sq][d] as usize != THRONE)).sum()
}

/// Whether the king on `king` is on the throne or next to it, where three or four attackers capture him.
#[inline]
fn near_throne(king: usize) -> bool {
    (ADJACENT[king] | (1u128 << king)) & Square::THRONE.bit() != 0
}

/// The squares next to the king where an attacker arriving would capture him under the variant's rules (before
/// asking whether an attacker can get there): beside a hostile square away from the throne where two capture him,
/// else the one square missing from a full ring of attackers (and the throne).
#[inline]
fn capture_squares(rules: &Ruleset, pos: &Position) -> Bitboard {
    let king = pos.king().index();
    let around = ADJACENT[king];
    let empty = around & !pos.occupied();
    if rules.king_capture == KingCapture::Sandwich && !near_throne(king) {
        let hostile = pos.attackers() | rules.king_stand_ins;
        if around & hostile == 0 {
            return 0;
        }
        let mut out = 0;
        for (a, b) in [(0, 1), (1, 0), (2, 3), (3, 2)] {
            let (na, nb) = (NEIGHBOUR[king][a], NEIGHBOUR[king][b]);
            if na != 255 && nb != 255 && hostile & (1u128 << nb) != 0 {
                out |= empty & (1u128 << na);
            }
        }
        out
    } else {
        let missing = around & !(pos.attackers() | Square::THRONE.bit());
        if missing.is_power_of_two() && around.count_ones() == 4 { missing & empty } else { 0 }
    }
}

/// How many squares next to the king an attacker could move to now and capture him (as if Black were to move).
fn king_threats(pos: &Position) -> u32 {
    let rules = pos.rules();
    let targets = capture_squares(rules, pos);
    if targets == 0 {
        return 0;
    }
    let black = pos.with_side_to_move(Side::Black);
    let occ = pos.occupied();
    let mut n = 0;
    for to in squares(targets) {
        let capture = (0..4).any(|d| {
            let hit = RAYS[to.index()][d] & occ;
            if hit == 0 {
                return false;
            }
            let first = if Direction::ALL[d].ascending() { hit.trailing_zeros() } else { hit.ilog2() };
            let Some(from) = Square::from_index(first as usize) else { return false };
            let mv = Move { from, to };
            pos.attackers() & from.bit() != 0
                && black.check(mv).is_ok()
                && black.play_unchecked(mv).0.king_captured()
        });
        n += u32::from(capture);
    }
    n
}

/// A position with its Zobrist hash.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TablutNode {
    pub(crate) pos: Position,
    hash: u64,
    /// The evaluation's weights ([`WEIGHTS`] but in self-play matches between weights).
    weights: &'static Weights,
}

impl TablutNode {
    pub fn new(pos: Position) -> Self {
        let mut hash = if pos.to_move() == Side::White { ZOBRIST_WHITE } else { 0 };
        for s in squares(pos.attackers()) {
            hash ^= ZOBRIST[0][s.index()];
        }
        for s in squares(pos.defenders()) {
            hash ^= ZOBRIST[1][s.index()];
        }
        hash ^= ZOBRIST[2][pos.king().index()];
        TablutNode { pos, hash, weights: &WEIGHTS }
    }

    /// The position after `mv` with its hash and the soldiers captured.
    pub(crate) fn play_move(&self, mv: Move) -> (Self, Bitboard) {
        let pos = &self.pos;
        let (next, captured) = pos.play_unchecked(mv);
        let (piece, victim) = if pos.to_move() == Side::Black {
            (0, 1)
        } else if mv.from == pos.king() {
            (2, 0)
        } else {
            (1, 0)
        };
        let mut hash =
            self.hash ^ ZOBRIST_WHITE ^ ZOBRIST[piece][mv.from.index()] ^ ZOBRIST[piece][mv.to.index()];
        for s in squares(captured) {
            hash ^= ZOBRIST[victim][s.index()];
        }
        (TablutNode { pos: next, hash, weights: self.weights }, captured)
    }

    /// An estimate of how many soldiers `mv` captures, for move ordering: `anvils` are the squares hostile to
    /// the opponent's soldiers before the move.
    #[inline]
    fn capture_estimate(&self, mv: Move, anvils: Bitboard) -> u32 {
        let pos = &self.pos;
        let victims = match pos.to_move() {
            Side::Black => pos.defenders(),
            Side::White if mv.from == pos.king() && !pos.rules().armed_king => return 0,
            Side::White => pos.attackers(),
        };
        let anvils = anvils & !mv.from.bit();
        let to = mv.to.index();
        let mut n = 0;
        for (d, &v) in NEIGHBOUR[to].iter().enumerate() {
            if v != 255 && victims & (1u128 << v) != 0 {
                let far = NEIGHBOUR[v as usize][d];
                n += u32::from(far != 255 && anvils & (1u128 << far) != 0);
            }
        }
        n
    }

    /// The evaluation from White's side.
    pub(crate) fn eval_white(&self, w: &Weights) -> i32 {
        let pos = &self.pos;
        let rules = pos.rules();
        let pieces = pos.occupied();
        // What stops the king: the pieces, and the squares closed to White (camps, a closed throne).
        let occ = pieces | rules.closed_to(Side::White);
        let king = pos.king().index();
        let attackers = pos.attackers();
        let mut score =
            w.defender * pos.defenders().count_ones() as i32 - w.attacker * attackers.count_ones() as i32;
        score += w.open_line * open_lines(king, occ) as i32;
        let (f, r) = (king % 9, king / 9);
        let dist = f.min(8 - f).min(r).min(8 - r) as i32;
        score -= w.edge_distance * dist;
        let mut reachable = 0;
        for d in 0..4 {
            reachable |= reach(king, d, occ);
        }
        reachable &= !Square::THRONE.bit();
        let occ_no_king = occ & !pos.king().bit();
        let (mut threats, mut forks) = (0, 0);
        for s in squares(reachable) {
            let n = open_lines(s.index(), occ_no_king);
            threats += i32::from(n >= 1);
            forks += i32::from(n >= 2);
        }
        score += w.threat_square * threats + w.fork_square * forks;
        score += w.king_mobility * reachable.count_ones() as i32;
        let mut hostile = attackers | rules.king_stand_ins;
        if pieces & Square::THRONE.bit() == 0 {
            hostile |= Square::THRONE.bit();
        }
        let around =
            (0..4).filter(|&d| NEIGHBOUR[king][d] != 255 && hostile & (1u128 << NEIGHBOUR[king][d]) != 0);
        score -= w.king_pressure * around.count() as i32;
        score -= w.blockade * (attackers & BLOCKADE).count_ones() as i32;
        score -= w.king_danger * king_threats(pos) as i32;
        score -= w.escape_moves * i32::from(ESCAPE_MOVES[pos.variant().index()][king]);
        score
    }
}

impl Packed for Move {
    fn pack(self) -> u32 {
        (self.from.index() as u32) << 7 | self.to.index() as u32
    }

    fn unpack(bits: u32) -> Self {
        let square = |i: u32| Square::from_index(i as usize).unwrap_or(Square::THRONE);
        Move { from: square(bits >> 7), to: square(bits & 0x7f) }
    }
}

impl Node for TablutNode {
    type Move = Move;
    type Side = Side;
    const REPEATS: bool = true;

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
        let pos = &self.pos;
        if let Some(result) = pos.board_result() {
            return Some(if result.winner == Some(pos.to_move()) { WIN } else { -WIN });
        }
        let king = pos.king().index();
        let rules = pos.rules();
        let occ = pos.occupied() | rules.closed_to(Side::White);
        if pos.to_move() == Side::Black && king_threats(pos) > 0 {
            return Some(WIN - 1);
        }
        match pos.to_move() {
            Side::White if open_lines(king, occ) > 0 => Some(WIN - 1),
            // Black can neither block two lines with one move nor fill two squares around the king; where two
            // attackers capture him, no square next to him may be hostile either (one move would close a pair).
            Side::Black
                if safe_open_lines(king, occ) >= 2
                    && (rules.king_capture == KingCapture::Surrounded
                        || near_throne(king)
                        || ADJACENT[king] & (pos.attackers() | rules.king_stand_ins) == 0) =>
            {
                Some(-(WIN - 2))
            }
            _ => None,
        }
    }

    fn legal_moves(&self, out: &mut Vec<(Move, i32)>) {
        let pos = &self.pos;
        let rules = pos.rules();
        let occ = pos.occupied() | rules.closed_to(Side::White);
        let king = pos.king();
        let king_lines: Bitboard =
            (0..4).map(|d| RAYS[king.index()][d]).filter(|&ray| ray & occ == 0).fold(0, |a, b| a | b);
        let anvils = pos.anvils(rules, pos.to_move().opponent());
        for &mv in pos.legal_moves().iter() {
            let mut score = 100 * self.capture_estimate(mv, anvils) as i32;
            if mv.from == king {
                let n = open_lines(mv.to.index(), occ & !king.bit()) as i32;
                score += 40 * n;
            } else if pos.to_move() == Side::Black && king_lines & mv.to.bit() != 0 {
                score += 60;
            }
            out.push((mv, score));
        }
    }

    #[inline]
    fn play(&self, mv: Move) -> Self {
        self.play_move(mv).0
    }

    #[inline]
    fn eval(&self) -> i32 {
        let s = self.eval_white(self.weights);
        if self.pos.to_move() == Side::White { s } else { -s }
    }

    #[inline]
    fn history_key(&self, mv: Move) -> usize {
        let k = mv.from.index() * 81 + mv.to.index();
        debug_assert!(k < HISTORY);
        k
    }
}

/// The five levels: level 5's node budget is its time at a million nodes a second (one core of a modest machine).
pub const LEVEL_TABLE: LevelTable = LevelTable {
    nodes_per_second: 1_000_000,
    min_nodes: 100,
    min_time: Duration::ZERO,
    levels: [
        Level { time_divisor: 8, max_depth: Some(1), nodes: Nodes::Fixed(2_000), noise: 0.9 },
        Level { time_divisor: 4, max_depth: Some(3), nodes: Nodes::Share(1, 40), noise: 0.1 },
        Level { time_divisor: 2, max_depth: Some(4), nodes: Nodes::Share(1, 15), noise: 0.05 },
        Level { time_divisor: 1, max_depth: None, nodes: Nodes::Share(1, 6), noise: 0.0 },
        Level { time_divisor: 1, max_depth: None, nodes: Nodes::Share(1, 1), noise: 0.0 },
    ],
};

/// The spread of the noise at `noise` = 1 is so large the choice is uniform; below, a random bonus up to
/// `noise * NOISE_SPREAD` is added to each root move's exact score.
const NOISE_SPREAD: i32 = 1_500;

/// The hashes of the game's positions so far (the current one last), for the repetition rule.
fn history(game: &Game) -> Vec<u64> {
    let mut node = TablutNode::new(*game.start());
    let mut out = Vec::with_capacity(game.moves().len() + 1);
    // Where the start does not count as having arisen (Ashton), its recurrence is no draw.
    if game.start().rules().repetition.start_counts {
        out.push(node.hash);
    }
    for &mv in game.moves() {
        node = node.play_move(mv).0;
        out.push(node.hash);
    }
    let keep = out.len().saturating_sub(100);
    out.split_off(keep)
}

/// A draw by repetition is worth this much less than an even position to the side that searches (half an
/// attacker): a level plays on rather than repeat when it is not worse off, so stronger levels convert more games.
const CONTEMPT: i32 = 50;

/// The evaluation of `pos` from White's side with `weights`: a sum of the weights times counts on the board, so
/// that a tuner can read each count with a weight of one and the others zero (`tools/tune_tablut.rs`).
pub fn evaluate(pos: &Position, weights: &Weights) -> i32 {
    TablutNode::new(*pos).eval_white(weights)
}

/// Whether `pos` is quiet: nothing decided in one move (the shortcuts of the search) and no capture for the side
/// to move, so that its evaluation says what the position is worth (a tuner's sample).
pub fn is_quiet(pos: &Position) -> bool {
    let node = TablutNode::new(*pos);
    node.decided().is_none() && pos.legal_moves().iter().all(|&mv| pos.play_unchecked(mv).1 == 0)
}

/// Chooses a move for the side to move. Returns no move only when the game is over.
pub fn think(game: &Game, limits: &Limits) -> Report<Move> {
    think_with(game, limits, Style::PRUNING)
}

/// [`think`] in another style: for self-play matches between weights and searches (`tools/tablut_match.rs`).
pub fn think_with(game: &Game, limits: &Limits, style: Style) -> Report<Move> {
    search(game, limits, style, &Table::for_budget(limits.max_nodes))
}

/// A player that keeps its transposition table from one move to the next, as the Tablut Challenge's champions
/// do: what its last searches learnt of the positions a move or two on orders and cuts the next one, so the same
/// budget looks deeper. One game at a time (the Tablut Challenge client, a match), since the table is large
/// (about 24 MB); the bot's many games think afresh ([`think`]).
pub struct Thinker {
    table: Table<Move>,
    style: Style,
}

impl Thinker {
    /// A player in `style` ([`Style::PRUNING`] is the one in use) with an empty table.
    pub fn new(style: Style) -> Thinker {
        Thinker { table: Table::new(KEPT_TABLE_BITS), style }
    }

    /// [`think`], with the table of the earlier searches.
    pub fn think(&mut self, game: &Game, limits: &Limits) -> Report<Move> {
        search(game, limits, self.style, &self.table)
    }
}

/// The kept table's size: 2^20 entries, as a search of a million nodes or more gets.
const KEPT_TABLE_BITS: u32 = 20;

fn search(game: &Game, limits: &Limits, style: Style, table: &Table<Move>) -> Report<Move> {
    let root = TablutNode { weights: style.weights, ..TablutNode::new(*game.position()) };
    if game.result().is_some() {
        return Report::nothing();
    }
    let hist = history(game);
    let claim = cores::claim(limits.threads);
    let mut searcher = Searcher::new(table, limits, &hist).contempt(CONTEMPT).late_moves(style.late_moves());
    let mut rng = Noise::new(limits.seed);
    let max_depth = limits.max_depth.unwrap_or(64);
    let found =
        searcher.run_parallel(claim.threads(), &root, max_depth, limits.noise, NOISE_SPREAD, &mut rng);
    Report {
        moves: found.mv.into_iter().collect(),
        depth: found.depth,
        nodes: found.nodes,
        score: found.score,
        elapsed: found.elapsed,
    }
}

/// The one-ply greedy move: a win if there is one, else the most captures, ties broken by `seed`.
pub fn greedy(game: &Game, seed: u64) -> Vec<String> {
    if game.result().is_some() {
        return Vec::new();
    }
    let pos = game.position();
    let me = pos.to_move();
    let mut rng = Noise::new(seed);
    let mut best: Option<(i32, u64, Move)> = None;
    for &mv in pos.legal_moves().iter() {
        let (next, captured) = pos.play_unchecked(mv);
        let value = match next.board_result() {
            Some(r) if r.winner == Some(me) => 1_000,
            _ => captured.count_ones() as i32,
        };
        let tie = rng.next_u64();
        if best.is_none_or(|(v, t, _)| (value, tie) > (v, t)) {
            best = Some((value, tie, mv));
        }
    }
    best.map(|(_, _, mv)| mv.to_string()).into_iter().collect()
}

impl crate::games::Player for Game {
    /// Two random plies open an AI match, since Tablut always starts from the same position.
    const ARENA_OPENING_PLIES: usize = 2;

    const LEVELS: &'static LevelTable = &LEVEL_TABLE;

    fn think(&self, limits: &Limits) -> Report<Move> {
        think(self, limits)
    }

    fn think_baseline(&self, limits: &Limits) -> Report<Move> {
        think_with(self, limits, Style::REDUCING)
    }

    fn greedy(&self, seed: u64) -> Vec<String> {
        greedy(self, seed)
    }
}

#[cfg(test)]
#[path = "ai_tests.rs"]
mod tests;
