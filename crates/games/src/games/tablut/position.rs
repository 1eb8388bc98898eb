//! The position: where the pieces stand and who moves; legal moves, playing a move, captures, perft.

use std::fmt;
use std::str::FromStr;

use super::board::neighbor;
use super::board::{
    ADJACENT, Bitboard, Direction, FULL, RAYS, SQUARES, Square, between, direction, reach, squares,
};
use super::outcome::{End, IllegalMove, Verdict};
use super::rules::{KingCapture, OccupiedThrone, Ruleset, Side, Variant};

/// A move: one piece from one square to another along a rank or file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// The most moves a position can have: each empty square is reached from at most four directions.
pub const MAX_MOVES: usize = 4 * SQUARES;

/// A fixed-capacity list of moves, so generating moves never allocates.
pub type MoveList = crate::games::MoveArray<Move, MAX_MOVES>;

/// Why a position in notation could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "can't read the position `{text}`: {why}; write the ranks from 9 down to 1 separated by `/` (a = attacker, \
     d = defender, k = king, a digit = that many empty squares), a space and `b` or `w` for the side to move, \
     like `3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 b`"
)]
pub struct PositionError {
    pub text: String,
    pub why: String,
}

/// A Tablut position: the pieces, the side to move, the variant's rules, and whether the king was just captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    attackers: Bitboard,
    defenders: Bitboard,
    king: Square,
    to_move: Side,
    variant: Variant,
    king_captured: bool,
}

/// The start position in notation.
pub const START: &str = "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 b";

impl Position {
    /// The start position of `variant`, with its first side to move.
    pub fn start(variant: Variant) -> Position {
        let mut p = parse_board(START, Variant::Seed).expect("the start position is valid");
        p.variant = variant;
        p.to_move = variant.rules().first;
        p
    }

    /// Reads a position in notation under the rules of `variant`.
    pub fn parse(text: &str, variant: Variant) -> Result<Position, PositionError> {
        parse_board(text, variant)
    }

    /// The rules in force.
    pub(crate) fn rules(&self) -> &'static Ruleset {
        self.variant.rules()
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The attackers' squares.
    pub fn attackers(&self) -> Bitboard {
        self.attackers
    }

    /// The defending soldiers' squares (without the king).
    pub fn defenders(&self) -> Bitboard {
        self.defenders
    }

    /// The king's square (where it was captured, if it was).
    pub fn king(&self) -> Square {
        self.king
    }

    /// Whether the last move captured the king.
    pub(crate) fn king_captured(&self) -> bool {
        self.king_captured
    }

    /// Every occupied square.
    pub fn occupied(&self) -> Bitboard {
        self.attackers | self.defenders | self.king.bit()
    }

    /// The squares of `side`'s pieces, king included for White.
    pub fn pieces(&self, side: Side) -> Bitboard {
        match side {
            Side::Black => self.attackers,
            Side::White => self.defenders | self.king.bit(),
        }
    }

    /// Who owns the piece on `sq`, if any.
    pub(crate) fn owner(&self, sq: Square) -> Option<Side> {
        let b = sq.bit();
        if self.attackers & b != 0 {
            Some(Side::Black)
        } else if (self.defenders | self.king.bit()) & b != 0 {
            Some(Side::White)
        } else {
            None
        }
    }

    /// The result decided by the board alone: the king captured or escaped.
    pub(crate) fn board_result(&self) -> Option<Verdict> {
        if self.king_captured {
            Some(Verdict { winner: Some(Side::Black), end: End::KingCaptured(self.king) })
        } else if self.rules().escape & self.king.bit() != 0 {
            Some(Verdict { winner: Some(Side::White), end: End::KingEscaped(self.king) })
        } else {
            None
        }
    }

    /// The result of the position (without history): the board result, or a loss for a side with no move.
    pub(crate) fn result(&self) -> Option<Verdict> {
        self.board_result().or_else(|| {
            (self.count_moves() == 0)
                .then_some(Verdict { winner: Some(self.to_move.opponent()), end: End::NoMoves(self.to_move) })
        })
    }

    /// Calls `f(from, targets)` for every piece of the side to move with at least one move.
    #[inline]
    fn for_each_piece(&self, mut f: impl FnMut(Square, Bitboard)) {
        if self.board_result().is_some() {
            return;
        }
        let rules = self.rules();
        let closed = self.occupied() | rules.closed_to(self.to_move);
        let camps = if self.to_move == Side::Black { rules.all_camps() } else { 0 };
        for from in squares(self.pieces(self.to_move)) {
            // An attacker may cross and stop in its own camp only; every other camp is closed to it.
            let blockers = if camps == 0 { closed } else { closed | (camps & !rules.camp_of(from)) };
            let mut targets = 0;
            for dir in Direction::ALL {
                targets |= reach(from, dir, blockers);
            }
            targets &= !Square::THRONE.bit();
            if targets != 0 {
                f(from, targets);
            }
        }
    }

    /// Squares that block the piece on `from` (of the side to move), besides the pieces themselves.
    fn blockers(&self, from: Square) -> Bitboard {
        let rules = self.rules();
        let camps = match self.to_move {
            Side::Black => rules.all_camps() & !rules.camp_of(from),
            Side::White => 0,
        };
        self.occupied() | rules.closed_to(self.to_move) | camps
    }

    /// Every legal move, by starting square then direction. Empty once the game is decided on the board.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new(Move { from: Square::THRONE, to: Square::THRONE });
        self.for_each_piece(|from, targets| {
            for to in squares(targets) {
                list.push(Move { from, to });
            }
        });
        list
    }

    /// The number of legal moves, without listing them.
    pub fn count_moves(&self) -> u32 {
        let mut n = 0;
        self.for_each_piece(|_, targets| n += targets.count_ones());
        n
    }

    /// Checks that `mv` is legal here, saying why not.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if let Some(result) = self.board_result() {
            return Err(IllegalMove::GameOver(result));
        }
        let Move { from, to } = mv;
        match self.owner(from) {
            None => return Err(IllegalMove::NoPiece(from)),
            Some(side) if side != self.to_move => {
                return Err(IllegalMove::NotYourPiece { square: from, to_move: self.to_move });
            }
            Some(_) => {}
        }
        if from == to {
            return Err(IllegalMove::NoDistance(from));
        }
        let Some(dir) = direction(from, to) else { return Err(IllegalMove::NotStraight(mv)) };
        let occ = self.occupied();
        let path = between(from, to);
        let nearest = |bb: Bitboard| {
            let i = if dir.ascending() { bb.trailing_zeros() } else { bb.ilog2() };
            Square::from_index(i as usize).expect("a blocker is on the board")
        };
        let blockers = self.blockers(from);
        let hit = path & blockers;
        if hit != 0 {
            let at = nearest(hit);
            return Err(if occ & at.bit() != 0 {
                IllegalMove::Blocked { mv, at }
            } else if at == Square::THRONE {
                IllegalMove::ThroneInTheWay(mv)
            } else {
                IllegalMove::Camp { mv, at }
            });
        }
        if occ & to.bit() != 0 {
            return Err(IllegalMove::Occupied(to));
        }
        if to == Square::THRONE {
            return Err(IllegalMove::Throne);
        }
        if blockers & to.bit() != 0 {
            return Err(IllegalMove::Camp { mv, at: to });
        }
        debug_assert!(RAYS[from.index()][dir as usize] & to.bit() != 0);
        Ok(())
    }

    /// Plays a legal move: the new position, or why the move is illegal (all or nothing).
    pub fn play(&self, mv: Move) -> Result<Position, IllegalMove> {
        self.check(mv)?;
        Ok(self.play_unchecked(mv).0)
    }

    /// Plays a move known to be legal; returns the new position and the soldiers it captured.
    #[inline]
    pub(crate) fn play_unchecked(&self, mv: Move) -> (Position, Bitboard) {
        let rules = self.rules();
        let mut p = *self;
        let step = mv.from.bit() | mv.to.bit();
        let captured;
        match self.to_move {
            Side::Black => {
                p.attackers ^= step;
                captured = p.captures(rules, Side::Black, mv.to);
                p.defenders &= !captured;
                p.king_captured = p.king_taken(rules, mv.to);
            }
            Side::White => {
                let by_king = mv.from == self.king;
                if by_king {
                    p.king = mv.to;
                } else {
                    p.defenders ^= step;
                }
                captured =
                    if by_king && !rules.armed_king { 0 } else { p.captures(rules, Side::White, mv.to) };
                p.attackers &= !captured;
            }
        }
        p.to_move = self.to_move.opponent();
        (p, captured)
    }

    /// Squares hostile to `victim`'s soldiers (the far side of a sandwich), after the mover has moved.
    #[inline]
    pub(crate) fn anvils(&self, rules: &Ruleset, victim: Side) -> Bitboard {
        let hostility = &rules.hostile[victim];
        let mut bb = hostility.squares
            | match victim {
                Side::White => self.attackers,
                Side::Black => self.defenders | if rules.armed_king { self.king.bit() } else { 0 },
            };
        let throne = Square::THRONE.bit();
        if self.king != Square::THRONE {
            if hostility.empty_throne {
                bb |= throne;
            }
        } else if hostility.occupied_throne == OccupiedThrone::Besieged
            && (ADJACENT[Square::THRONE.index()] & self.attackers).count_ones() >= 3
        {
            bb |= throne;
        }
        bb
    }

    /// The soldiers captured by `mover`'s piece that has just arrived on `to`.
    #[inline]
    fn captures(&self, rules: &Ruleset, mover: Side, to: Square) -> Bitboard {
        let victim = mover.opponent();
        let soldiers = match victim {
            Side::White => self.defenders,
            Side::Black => self.attackers,
        };
        if ADJACENT[to.index()] & soldiers == 0 {
            return 0;
        }
        let anvils = self.anvils(rules, victim);
        let mut captured = 0;
        for dir in 0..4 {
            if let Some(n) = neighbor(to.index(), dir)
                && soldiers & (1u128 << n) != 0
                && let Some(far) = neighbor(n, dir)
                && anvils & (1u128 << far) != 0
            {
                captured |= 1u128 << n;
            }
        }
        captured
    }

    /// Whether the attacker that has just arrived on `to` captured the king.
    #[inline]
    fn king_taken(&self, rules: &Ruleset, to: Square) -> bool {
        let k = self.king;
        let around = ADJACENT[k.index()];
        if around & to.bit() == 0 {
            return false;
        }
        let throne = Square::THRONE.bit();
        match rules.king_capture {
            KingCapture::Surrounded => around & !(self.attackers | throne) == 0 && around.count_ones() == 4,
            KingCapture::Sandwich if (around | k.bit()) & throne != 0 => {
                around & !(self.attackers | throne) == 0
            }
            KingCapture::Sandwich => {
                let dir = direction(to, k).expect("the mover is next to the king") as usize;
                neighbor(k.index(), dir)
                    .is_some_and(|far| (self.attackers | rules.king_stand_ins) & (1u128 << far) != 0)
            }
        }
    }

    /// The number of move sequences of exactly `depth` plies (a finished game has no continuation).
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => u64::from(self.count_moves()),
            _ => self.legal_moves().iter().map(|&mv| self.play_unchecked(mv).0.perft(depth - 1)).sum(),
        }
    }

    /// Each legal move with the perft count below it (`depth` counts the move itself), in move order.
    pub fn perft_divide(&self, depth: u32) -> Vec<(Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        self.legal_moves().iter().map(|&mv| (mv, self.play_unchecked(mv).0.perft(depth - 1))).collect()
    }

    /// Nodes at `depth` and how many of the last ply's moves captured something (slower than [`Self::perft`]).
    pub fn perft_captures(&self, depth: u32) -> (u64, u64) {
        if depth == 0 {
            return (1, 0);
        }
        let mut total = (0, 0);
        for &mv in self.legal_moves().iter() {
            let (child, captured) = self.play_unchecked(mv);
            if depth == 1 {
                total.0 += 1;
                total.1 += u64::from(captured != 0 || child.king_captured);
            } else {
                let (n, c) = child.perft_captures(depth - 1);
                total.0 += n;
                total.1 += c;
            }
        }
        total
    }

    /// The same board with the other side to move (for tests and analysis).
    #[must_use]
    pub(crate) fn with_side_to_move(mut self, side: Side) -> Position {
        self.to_move = side;
        self
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..9).rev() {
            let mut empty = 0;
            for file in 0..9 {
                let sq = Square::new(file, rank).expect("on the board");
                let c = if sq == self.king {
                    'k'
                } else if self.attackers & sq.bit() != 0 {
                    'a'
                } else if self.defenders & sq.bit() != 0 {
                    'd'
                } else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    write!(f, "{empty}")?;
                    empty = 0;
                }
                write!(f, "{c}")?;
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {}", if self.to_move == Side::Black { 'b' } else { 'w' })
    }
}

impl FromStr for Position {
    type Err = PositionError;
    /// Reads a position under the seed rules.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_board(s, Variant::Seed)
    }
}

fn parse_board(text: &str, variant: Variant) -> Result<Position, PositionError> {
    let err = |why: String| PositionError { text: text.trim().to_string(), why };
    let mut parts = text.split_whitespace();
    let board = parts.next().ok_or_else(|| err("it is empty".to_string()))?;
    let side = match parts.next().map(str::to_ascii_lowercase).as_deref() {
        Some("b") => Side::Black,
        Some("w") => Side::White,
        Some(other) => return Err(err(format!("the side to move is `{other}`, not `b` or `w`"))),
        None => return Err(err("the side to move (`b` or `w`) is missing after the board".to_string())),
    };
    if let Some(extra) = parts.next() {
        return Err(err(format!("there is something after the side to move: `{extra}`")));
    }
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 9 {
        return Err(err(format!("it has {} ranks, not 9", ranks.len())));
    }
    let (mut attackers, mut defenders, mut kings) = (0u128, 0u128, Vec::new());
    for (row, text_rank) in ranks.iter().enumerate() {
        let rank = 8 - row as u8;
        let mut file = 0u32;
        for c in text_rank.chars() {
            if let Some(d) = c.to_digit(10).filter(|&d| d > 0) {
                file += d;
                continue;
            }
            let Some(sq) = u8::try_from(file).ok().and_then(|f| Square::new(f, rank)) else {
                file += 1;
                continue;
            };
            match c.to_ascii_lowercase() {
                'a' => attackers |= sq.bit(),
                'd' => defenders |= sq.bit(),
                'k' => kings.push(sq),
                _ => {
                    return Err(err(format!(
                        "rank {} has `{c}`, which is not a, d, k or a digit 1-9",
                        rank + 1
                    )));
                }
            }
            file += 1;
        }
        if file != 9 {
            return Err(err(format!("rank {} has {file} squares, not 9", rank + 1)));
        }
    }
    let king = match kings[..] {
        [k] => k,
        [] => return Err(err("there is no king".to_string())),
        _ => return Err(err(format!("there are {} kings, not one", kings.len()))),
    };
    if (attackers | defenders) & Square::THRONE.bit() != 0 {
        return Err(err(format!(
            "a soldier stands on the throne {}, where only the king may be",
            Square::THRONE
        )));
    }
    debug_assert_eq!((attackers | defenders) & !FULL, 0);
    Ok(Position { attackers, defenders, king, to_move: side, variant, king_captured: false })
}
