//! A TZAAR position: stacks on bitboards, whose move it is and which part of the turn, with the move
//! generator, the all-or-nothing `play`, the end-of-game rules and the one-line notation.

use std::fmt;
use std::ops::{Deref, Index, IndexMut};
use std::str::FromStr;

use super::board::{self, Bits, Dir, POINTS, Point, PointError, first_hit, points};

/// The two sides. White moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    /// 0 for White, 1 for Black: for tables indexed by side (hash keys, sprites).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// "White" or "Black".
    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }

    /// "white" or "black", as an adjective.
    pub const fn adjective(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }

    /// The seat that plays this side: 0 for White, 1 for Black.
    pub const fn seat(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }
}

/// A value for each side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BySide<T> {
    pub white: T,
    pub black: T,
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    #[inline]
    fn index(&self, side: Side) -> &T {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    #[inline]
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::White => &mut self.white,
            Side::Black => &mut self.black,
        }
    }
}

/// The three piece types. Only a stack's top piece counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Tzaar,
    Tzarra,
    Tott,
}

impl Kind {
    pub const ALL: [Kind; 3] = [Kind::Tzaar, Kind::Tzarra, Kind::Tott];

    /// The position in [`Kind::ALL`]: for tables indexed by type.
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn name(self) -> &'static str {
        match self {
            Kind::Tzaar => "Tzaar",
            Kind::Tzarra => "Tzarra",
            Kind::Tott => "Tott",
        }
    }

    /// The notation letter for White (uppercase); Black writes it in lowercase.
    pub const fn letter(self) -> char {
        match self {
            Kind::Tzaar => 'Z',
            Kind::Tzarra => 'A',
            Kind::Tott => 'T',
        }
    }

    /// How many pieces of this type each side owns.
    pub const fn count(self) -> u32 {
        match self {
            Kind::Tzaar => 6,
            Kind::Tzarra => 9,
            Kind::Tott => 15,
        }
    }
}

/// A value for each piece type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByKind<T> {
    pub tzaar: T,
    pub tzarra: T,
    pub tott: T,
}

impl<T> Index<Kind> for ByKind<T> {
    type Output = T;
    #[inline]
    fn index(&self, kind: Kind) -> &T {
        match kind {
            Kind::Tzaar => &self.tzaar,
            Kind::Tzarra => &self.tzarra,
            Kind::Tott => &self.tott,
        }
    }
}

impl<T> IndexMut<Kind> for ByKind<T> {
    #[inline]
    fn index_mut(&mut self, kind: Kind) -> &mut T {
        match kind {
            Kind::Tzaar => &mut self.tzaar,
            Kind::Tzarra => &mut self.tzarra,
            Kind::Tott => &mut self.tott,
        }
    }
}

/// The pieces each side starts with: 6 Tzaars, 9 Tzarras, 15 Totts.
pub const PIECES_PER_SIDE: u32 = 30;

/// One stack as a player sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stack {
    pub side: Side,
    /// The type of the top piece.
    pub kind: Kind,
    /// The number of pieces.
    pub height: u8,
}

/// Which part of a turn is due.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// White's first turn: a single move, which must capture.
    Opening,
    /// The start of a turn: a capture is due.
    Capture,
    /// The second move of a turn: a capture, a stacking move or a pass.
    Second,
}

impl Phase {
    /// The notation letter: `o`, `c` or `s`.
    pub const fn letter(self) -> char {
        match self {
            Phase::Opening => 'o',
            Phase::Capture => 'c',
            Phase::Second => 's',
        }
    }
}

/// One move. Small and `Copy`; [`Position::play`] checks it, [`Position::play_unchecked`] trusts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The stack on `from` takes the enemy stack on `to`.
    Capture { from: Point, to: Point },
    /// The stack on `from` goes on top of the own stack on `to`.
    Stack { from: Point, to: Point },
    /// The second move of a turn may be skipped.
    Pass,
}

impl Move {
    /// The point the move starts from, unless it is a pass.
    pub fn from(self) -> Option<Point> {
        match self {
            Move::Capture { from, .. } | Move::Stack { from, .. } => Some(from),
            Move::Pass => None,
        }
    }

    /// The point the move ends on, unless it is a pass.
    pub fn to(self) -> Option<Point> {
        match self {
            Move::Capture { to, .. } | Move::Stack { to, .. } => Some(to),
            Move::Pass => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Capture { from, to } => write!(f, "{from}x{to}"),
            Move::Stack { from, to } => write!(f, "{from}-{to}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// Why a text is not a move in TZAAR notation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveParseError {
    #[error("can't read `{0}`: write a capture as E4xD4, a stacking move as F4-F5, or pass")]
    Unreadable(String),
    #[error("{0}")]
    Point(PointError),
}

impl FromStr for Move {
    type Err = MoveParseError;
    /// Reads `E4xD4`, `F4-F5` or `pass`, in any case.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        let unreadable = || MoveParseError::Unreadable(text.to_string());
        let sep = text
            .char_indices()
            .skip(1)
            .find(|&(_, c)| matches!(c, 'x' | 'X' | '-'))
            .ok_or_else(unreadable)?;
        let point = |name: &str| match name.parse::<Point>() {
            Ok(point) => Ok(point),
            Err(PointError::Unreadable(_)) => Err(unreadable()),
            Err(err) => Err(MoveParseError::Point(err)),
        };
        let (from, to) = (point(&text[..sep.0])?, point(&text[sep.0 + 1..])?);
        Ok(if sep.1 == '-' { Move::Stack { from, to } } else { Move::Capture { from, to } })
    }
}

/// The most single moves a position can offer: 30 stacks a side, six lines each, and the pass.
pub const MAX_MOVES: usize = 184;

/// A list of moves on the stack, so that move generation never allocates.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    pub const fn new() -> Self {
        MoveList { moves: [Move::Pass; MAX_MOVES], len: 0 }
    }

    #[inline]
    fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// How a finished position ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// `side` has no stack topped by `kind` any more.
    LostType { side: Side, kind: Kind },
    /// `side` cannot capture at the start of its turn.
    CannotCapture { side: Side },
}

impl End {
    /// The side that lost.
    pub fn loser(self) -> Side {
        match self {
            End::LostType { side, .. } | End::CannotCapture { side } => side,
        }
    }

    /// The side that won.
    pub fn winner(self) -> Side {
        self.loser().other()
    }
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            End::LostType { side, kind } => write!(f, "{} has no {} left on top", side.name(), kind.name()),
            End::CannotCapture { side } => write!(f, "{} cannot capture", side.name()),
        }
    }
}

/// Why a move is not legal in a position. Each message says why and how to do it right.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("the game is over: {0}, so {winner} has won", winner = .0.winner().name())]
    GameOver(End),
    #[error(
        "a capture is due first: the first move of a turn must take an enemy stack (e.g. E4xD4); stacking and passing are only for the second move"
    )]
    CaptureDue,
    #[error("there is no stack on {0}: a move starts from one of your stacks")]
    NoStack(Point),
    #[error("{point} holds a {owner} stack: {mover} moves the {mover_adj} stacks", owner = .owner.adjective(), mover = .owner.other().name(), mover_adj = .owner.other().adjective())]
    NotYours { point: Point, owner: Side },
    #[error("a move must leave {0}: name two different points")]
    SamePoint(Point),
    #[error("{from} and {to} are not on one line: a move goes straight along one of the six lines")]
    NotInLine { from: Point, to: Point },
    #[error("the path from {from} to {to} crosses the centre hole E5: no move crosses the centre")]
    CrossesHole { from: Point, to: Point },
    #[error(
        "the path from {from} to {to} is blocked at {at}: a move must stop at the first stack in its line"
    )]
    Blocked { from: Point, to: Point, at: Point },
    #[error("there is nothing on {to} to capture or stack on: a move ends on the first stack in its line")]
    Empty { from: Point, to: Point },
    #[error(
        "{to} holds your own stack, which cannot be captured; stack on it with {from}-{to} as a second move"
    )]
    OwnTarget { from: Point, to: Point },
    #[error("{to} holds an enemy stack: capture it with {from}x{to}")]
    EnemyTarget { from: Point, to: Point },
    #[error("the {target_side} stack on {to} (height {target}) is taller than the {mover} stack on {from} (height {mover_height}): capture only stacks no taller than yours", target_side = .mover.other().adjective(), mover = .mover.adjective())]
    Taller { from: Point, to: Point, mover: Side, mover_height: u8, target: u8 },
}

/// Why a position text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "can't read the position `{text}`: {why}; write the columns A to I separated by `/`, each from row 1 upward \
     (`.` empty, Z/A/T a white Tzaar/Tzarra/Tott, z/a/t black, then the height if over 1), then the side to move \
     (w or b) and the phase (o, c or s)"
)]
pub struct PositionError {
    pub text: String,
    pub why: String,
}

/// The number of points listed for each column in the position notation (column `E` skips the hole).
const LISTED: [usize; 9] = [5, 6, 7, 8, 8, 8, 7, 6, 5];

/// A TZAAR position.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    colour: BySide<Bits>,
    kind: ByKind<Bits>,
    height: [u8; POINTS],
    to_move: Side,
    phase: Phase,
}

/// The standard start position, in notation.
pub const STANDARD: &str = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w o";

impl Position {
    /// An empty board with `to_move` to play in `phase`.
    pub fn empty(to_move: Side, phase: Phase) -> Self {
        Position { colour: BySide::default(), kind: ByKind::default(), height: [0; POINTS], to_move, phase }
    }

    /// The standard start.
    pub fn standard() -> Self {
        STANDARD.parse().expect("the standard start is valid notation")
    }

    /// A position of single pieces, one on every point, in point order (column `A` row 1 first), White to open.
    pub fn from_pieces(pieces: &[(Side, Kind); POINTS]) -> Self {
        let mut pos = Position::empty(Side::White, Phase::Opening);
        for (p, &(side, kind)) in Point::all().zip(pieces) {
            pos.put(p, Stack { side, kind, height: 1 });
        }
        pos
    }

    fn put(&mut self, p: Point, s: Stack) {
        self.colour[s.side] |= p.bit();
        self.kind[s.kind] |= p.bit();
        self.height[p.index()] = s.height;
    }

    /// The side whose move it is (in a finished game: the side that would move).
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Which part of the turn is due.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The stack on `p`, if any.
    pub fn stack(&self, p: Point) -> Option<Stack> {
        let b = p.bit();
        let side = if self.colour.white & b != 0 {
            Side::White
        } else if self.colour.black & b != 0 {
            Side::Black
        } else {
            return None;
        };
        let kind = Kind::ALL.into_iter().find(|&k| self.kind[k] & b != 0)?;
        Some(Stack { side, kind, height: self.height[p.index()] })
    }

    /// The points holding `side`'s stacks.
    pub fn stacks_of(&self, side: Side) -> Bits {
        self.colour[side]
    }

    /// How many of `side`'s stacks have a `kind` on top.
    pub fn count(&self, side: Side, kind: Kind) -> u32 {
        (self.colour[side] & self.kind[kind]).count_ones()
    }

    /// The number of `side`'s pieces on the board, in all its stacks.
    pub fn pieces(&self, side: Side) -> u32 {
        points(self.colour[side]).map(|p| self.height[p.index()] as u32).sum()
    }

    #[inline]
    fn occupied(&self) -> Bits {
        self.colour.white | self.colour.black
    }

    /// Whether `side` has lost a type: some type tops none of its stacks.
    #[inline]
    pub fn lacks_type(&self, side: Side) -> bool {
        let c = self.colour[side];
        c & self.kind.tzaar == 0 || c & self.kind.tzarra == 0 || c & self.kind.tott == 0
    }

    fn lost_type(&self, side: Side) -> Option<End> {
        Kind::ALL.into_iter().find(|&k| self.count(side, k) == 0).map(|kind| End::LostType { side, kind })
    }

    /// How the game ended, if it has: a side lacking a type has lost; so has a side that cannot capture at the
    /// start of its turn.
    pub fn end(&self) -> Option<End> {
        if let Some(end) = self.lost_type(self.to_move.other()).or_else(|| self.lost_type(self.to_move)) {
            return Some(end);
        }
        if self.phase != Phase::Second && !self.has_capture() {
            return Some(End::CannotCapture { side: self.to_move });
        }
        None
    }

    /// Whether the side to move has any capture.
    pub fn has_capture(&self) -> bool {
        let (me, them) = (self.colour[self.to_move], self.colour[self.to_move.other()]);
        let occ = me | them;
        points(me).any(|s| {
            let h = self.height[s.index()];
            Dir::ALL.into_iter().any(|d| {
                first_hit(s, d, occ).is_some_and(|t| them & t.bit() != 0 && self.height[t.index()] <= h)
            })
        })
    }

    /// Appends the captures of the side to move.
    #[inline]
    fn gen_captures(&self, list: &mut MoveList) {
        let (me, them) = (self.colour[self.to_move], self.colour[self.to_move.other()]);
        let occ = me | them;
        for from in points(me) {
            let h = self.height[from.index()];
            for d in Dir::ALL {
                if let Some(to) = first_hit(from, d, occ)
                    && them & to.bit() != 0
                    && self.height[to.index()] <= h
                {
                    list.push(Move::Capture { from, to });
                }
            }
        }
    }

    /// Appends every second move: captures, stacking moves and the pass.
    #[inline]
    fn gen_second(&self, list: &mut MoveList) {
        let (me, them) = (self.colour[self.to_move], self.colour[self.to_move.other()]);
        let occ = me | them;
        for from in points(me) {
            let h = self.height[from.index()];
            for d in Dir::ALL {
                if let Some(to) = first_hit(from, d, occ) {
                    if me & to.bit() != 0 {
                        list.push(Move::Stack { from, to });
                    } else if self.height[to.index()] <= h {
                        list.push(Move::Capture { from, to });
                    }
                }
            }
        }
        list.push(Move::Pass);
    }

    /// The number of second moves (pass included) without listing them: the bulk count of perft's last move.
    #[inline]
    fn count_second(&self) -> u64 {
        let me = self.colour[self.to_move];
        let occ = self.occupied();
        let mut n = 1;
        for from in points(me) {
            let h = self.height[from.index()];
            for d in Dir::ALL {
                if let Some(to) = first_hit(from, d, occ) {
                    n += u64::from(me & to.bit() != 0 || self.height[to.index()] <= h);
                }
            }
        }
        n
    }

    /// The single moves of the current phase without the end-of-game check (for searches, which test the end
    /// themselves: a position where a type is lost must not be asked).
    pub fn moves_unchecked(&self) -> MoveList {
        let mut list = MoveList::new();
        self.pseudo_moves(&mut list);
        list
    }

    /// The points whose top piece is `kind`, either side.
    #[inline]
    pub fn kinds(&self, kind: Kind) -> Bits {
        self.kind[kind]
    }

    /// The height of the stack on `p` (0 when empty).
    #[inline]
    pub fn height(&self, p: Point) -> u8 {
        self.height[p.index()]
    }

    /// The legal single moves of the current phase (none once the game is over).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.end().is_some() {
            return list;
        }
        self.pseudo_moves(&mut list);
        list
    }

    /// The moves of the current phase, without the end-of-game check.
    fn pseudo_moves(&self, list: &mut MoveList) {
        match self.phase {
            Phase::Opening | Phase::Capture => self.gen_captures(list),
            Phase::Second => self.gen_second(list),
        }
    }

    /// The kind on top of `p`, which must hold a stack.
    #[inline]
    fn kind_at(&self, b: Bits) -> Kind {
        if self.kind.tzaar & b != 0 {
            Kind::Tzaar
        } else if self.kind.tzarra & b != 0 {
            Kind::Tzarra
        } else {
            Kind::Tott
        }
    }

    /// Plays a move known to be legal (from [`Position::legal_moves`] or [`Position::check`]).
    #[inline]
    #[must_use]
    pub fn play_unchecked(&self, m: Move) -> Position {
        let mut p = *self;
        let me = self.to_move;
        if let Move::Capture { from, to } | Move::Stack { from, to } = m {
            let (fb, tb) = (from.bit(), to.bit());
            let moving = self.kind_at(fb);
            let covered = self.kind_at(tb);
            p.kind[covered] &= !tb;
            p.kind[moving] = (p.kind[moving] & !fb) | tb;
            p.colour[me] = (p.colour[me] & !fb) | tb;
            let hf = self.height[from.index()];
            if let Move::Capture { .. } = m {
                p.colour[me.other()] &= !tb;
                p.height[to.index()] = hf;
            } else {
                p.height[to.index()] += hf;
            }
            p.height[from.index()] = 0;
        }
        match self.phase {
            Phase::Opening | Phase::Second => {
                p.to_move = me.other();
                p.phase = Phase::Capture;
            }
            Phase::Capture => p.phase = Phase::Second,
        }
        p
    }

    /// Checks that `m` is legal here, saying why not.
    pub fn check(&self, m: Move) -> Result<Move, IllegalMove> {
        if let Some(end) = self.end() {
            return Err(IllegalMove::GameOver(end));
        }
        let (from, to) = match m {
            Move::Pass | Move::Stack { .. } if self.phase != Phase::Second => {
                return Err(IllegalMove::CaptureDue);
            }
            Move::Pass => return Ok(m),
            Move::Capture { from, to } | Move::Stack { from, to } => (from, to),
        };
        let mover = self.stack(from).ok_or(IllegalMove::NoStack(from))?;
        if mover.side != self.to_move {
            return Err(IllegalMove::NotYours { point: from, owner: mover.side });
        }
        if from == to {
            return Err(IllegalMove::SamePoint(from));
        }
        let (dir, steps) = from.line_to(to).ok_or(IllegalMove::NotInLine { from, to })?;
        let mut at = from;
        for _ in 1..steps {
            at = at.step(dir).ok_or(IllegalMove::CrossesHole { from, to })?;
            if self.stack(at).is_some() {
                return Err(IllegalMove::Blocked { from, to, at });
            }
        }
        if at.step(dir) != Some(to) {
            return Err(IllegalMove::CrossesHole { from, to });
        }
        let target = self.stack(to).ok_or(IllegalMove::Empty { from, to })?;
        match m {
            Move::Capture { .. } if target.side == mover.side => Err(IllegalMove::OwnTarget { from, to }),
            Move::Capture { .. } if target.height > mover.height => Err(IllegalMove::Taller {
                from,
                to,
                mover: mover.side,
                mover_height: mover.height,
                target: target.height,
            }),
            Move::Stack { .. } if target.side != mover.side => Err(IllegalMove::EnemyTarget { from, to }),
            _ => Ok(m),
        }
    }

    /// Plays `m` if it is legal: the new position, or why not. `self` is never changed.
    pub fn play(&self, m: Move) -> Result<Position, IllegalMove> {
        self.check(m).map(|m| self.play_unchecked(m))
    }

    /// Turn perft: the number of sequences of `depth` whole turns from here. White's opening is one capture; a
    /// later turn is a capture and a second move (pass included); a turn whose first capture ends the game is one
    /// sequence; from a position in its second move, the rest of the turn counts as the first turn.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.lacks_type(Side::White) || self.lacks_type(Side::Black) {
            return 0;
        }
        match self.phase {
            Phase::Opening => {
                let mut list = MoveList::new();
                self.gen_captures(&mut list);
                if depth == 1 {
                    return list.len as u64;
                }
                list.iter().map(|&m| self.play_unchecked(m).perft(depth - 1)).sum()
            }
            Phase::Capture => self.perft_turn(depth),
            Phase::Second => self.perft_second(depth),
        }
    }

    /// Perft from the start of a turn (a capture is due).
    fn perft_turn(&self, depth: u32) -> u64 {
        let mut list = MoveList::new();
        self.gen_captures(&mut list);
        let opponent = self.to_move.other();
        let mut total = 0;
        for &c in list.iter() {
            let p1 = self.play_unchecked(c);
            if p1.lacks_type(opponent) {
                total += u64::from(depth == 1);
            } else if depth == 1 {
                total += p1.count_second();
            } else {
                total += p1.perft_second(depth);
            }
        }
        total
    }

    /// Perft from a second move: each second move ends the turn.
    fn perft_second(&self, depth: u32) -> u64 {
        if depth == 1 {
            return self.count_second();
        }
        let mut list = MoveList::new();
        self.gen_second(&mut list);
        let mut total = 0;
        for &m in list.iter() {
            let p2 = self.play_unchecked(m);
            if !(p2.lacks_type(Side::White) || p2.lacks_type(Side::Black)) {
                total += p2.perft_turn(depth - 1);
            }
        }
        total
    }

    /// Each whole turn from here (as in [`Position::perft`]) with the number of sequences of `depth - 1` further
    /// turns after it; `depth` must be at least 1.
    pub fn perft_divide(&self, depth: u32) -> Vec<(Vec<Move>, u64)> {
        let mut out = Vec::new();
        if depth == 0 || self.end().is_some() {
            return out;
        }
        let mut list = MoveList::new();
        self.pseudo_moves(&mut list);
        for &m in list.iter() {
            let p1 = self.play_unchecked(m);
            if self.phase != Phase::Capture || p1.end().is_some() {
                out.push((vec![m], p1.perft(depth - 1)));
                continue;
            }
            let mut second = MoveList::new();
            p1.gen_second(&mut second);
            for &m2 in second.iter() {
                out.push((vec![m, m2], p1.play_unchecked(m2).perft(depth - 1)));
            }
        }
        out
    }
}

impl fmt::Display for Position {
    /// The one-line notation, e.g. the standard start
    /// `ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w o`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for col in 0..9 {
            if col > 0 {
                f.write_str("/")?;
            }
            for row in 1..=board::COLUMN_LEN[col] as usize {
                let Some(p) = Point::from_column_row(col, row) else { continue };
                match self.stack(p) {
                    None => f.write_str(".")?,
                    Some(s) => {
                        let c = s.kind.letter();
                        let c = if s.side == Side::White { c } else { c.to_ascii_lowercase() };
                        write!(f, "{c}")?;
                        if s.height > 1 {
                            write!(f, "{}", s.height)?;
                        }
                    }
                }
            }
        }
        let side = if self.to_move == Side::White { 'w' } else { 'b' };
        write!(f, " {side} {}", self.phase.letter())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

impl FromStr for Position {
    type Err = PositionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        let fail = |why: String| PositionError { text: text.to_string(), why };
        let mut parts = text.split_whitespace();
        let (Some(board_text), Some(side), Some(phase), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(fail(
                "it needs three parts separated by spaces: the board, the side and the phase".into(),
            ));
        };
        let to_move = match side {
            "w" | "W" => Side::White,
            "b" | "B" => Side::Black,
            _ => return Err(fail(format!("the side to move is `{side}`, not w or b"))),
        };
        let phase = match phase {
            "o" | "O" => Phase::Opening,
            "c" | "C" => Phase::Capture,
            "s" | "S" => Phase::Second,
            _ => return Err(fail(format!("the phase is `{phase}`, not o, c or s"))),
        };
        if phase == Phase::Opening && to_move == Side::Black {
            return Err(fail("the opening phase `o` is White's first turn, so the side must be w".into()));
        }
        let mut pos = Position::empty(to_move, phase);
        let columns: Vec<&str> = board_text.split('/').collect();
        if columns.len() != 9 {
            return Err(fail(format!("the board has {} columns instead of 9", columns.len())));
        }
        for (col, column) in columns.iter().enumerate() {
            let name = (b'A' + col as u8) as char;
            let mut bytes = column.bytes().peekable();
            let mut listed = 0;
            while let Some(c) = bytes.next() {
                let mut digits = String::new();
                while let Some(d) = bytes.next_if(u8::is_ascii_digit) {
                    digits.push(d as char);
                }
                listed += 1;
                if listed > LISTED[col] {
                    continue;
                }
                let row = if col == 4 && listed >= 5 { listed + 1 } else { listed };
                let p = Point::from_column_row(col, row).expect("listed points exist");
                if c == b'.' {
                    if !digits.is_empty() {
                        return Err(fail(format!("an empty point in column {name} has a height")));
                    }
                    continue;
                }
                let side = if c.is_ascii_uppercase() { Side::White } else { Side::Black };
                let Some(kind) = Kind::ALL.into_iter().find(|k| k.letter() as u8 == c.to_ascii_uppercase())
                else {
                    return Err(fail(format!("`{}` in column {name} is not a piece letter", c as char)));
                };
                let height = if digits.is_empty() { 1 } else { digits.parse::<u32>().unwrap_or(u32::MAX) };
                if height == 0 || height > PIECES_PER_SIDE {
                    return Err(fail(format!("the stack on {p} has height {digits}, not 1 to 30")));
                }
                pos.put(p, Stack { side, kind, height: height as u8 });
            }
            if listed != LISTED[col] {
                return Err(fail(format!("column {name} lists {listed} points instead of {}", LISTED[col])));
            }
        }
        for side in Side::BOTH {
            if pos.pieces(side) > PIECES_PER_SIDE {
                return Err(fail(format!("{} has more than 30 pieces", side.name())));
            }
            for kind in Kind::ALL {
                if pos.count(side, kind) > kind.count() {
                    return Err(fail(format!(
                        "{} has more than {} {}s",
                        side.name(),
                        kind.count(),
                        kind.name()
                    )));
                }
            }
        }
        if pos.lacks_type(Side::White) && pos.lacks_type(Side::Black) {
            return Err(fail("both sides lack a piece type, which no game can reach".into()));
        }
        Ok(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_start_round_trips_and_counts() {
        let p = Position::standard();
        assert_eq!(p.to_string(), STANDARD);
        for side in Side::BOTH {
            assert_eq!(p.count(side, Kind::Tzaar), 6);
            assert_eq!(p.count(side, Kind::Tzarra), 9);
            assert_eq!(p.count(side, Kind::Tott), 15);
        }
        assert_eq!(p.perft(1), 42);
    }

    #[test]
    fn moves_read_and_print() {
        for text in ["E4xD4", "F4-F5", "pass"] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
        assert_eq!("e4xd4".parse::<Move>().unwrap().to_string(), "E4xD4");
        assert!(matches!("E4yD4".parse::<Move>(), Err(MoveParseError::Unreadable(_))));
        assert!(matches!("E4xE5".parse::<Move>(), Err(MoveParseError::Point(PointError::Hole))));
    }
}
