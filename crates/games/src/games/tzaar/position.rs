//! A TZAAR position: stacks on bitboards, whose move it is and which part of the turn, with the move
//! generator, the all-or-nothing `play` and the end-of-game rules. Its notation is in `notation.rs`, its perft in
//! `perft.rs`.

use std::fmt;

use super::board::{Bits, Direction, POINTS, Point, first_hit, points};
use super::moves::{Move, MoveList};
use super::notation::STANDARD;
use super::pieces::{ByKind, BySide, Kind, Side, Stack};

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
    pub(crate) const fn letter(self) -> char {
        match self {
            Phase::Opening => 'o',
            Phase::Capture => 'c',
            Phase::Second => 's',
        }
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
    pub(crate) fn loser(self) -> Side {
        match self {
            End::LostType { side, .. } | End::CannotCapture { side } => side,
        }
    }

    /// The side that won.
    pub(crate) fn winner(self) -> Side {
        self.loser().opponent()
    }
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            End::LostType { side, kind } => write!(f, "{} has no {} left on top", side.title(), kind.name()),
            End::CannotCapture { side } => write!(f, "{} cannot capture", side.title()),
        }
    }
}

/// Why a move is not legal in a position. Each message says why and how to do it right.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("the game is over: {0}, so {winner} has won", winner = .0.winner().title())]
    GameOver(End),
    #[error(
        "a capture is due first: the first move of a turn must take an enemy stack (e.g. E4xD4); stacking and passing are only for the second move"
    )]
    CaptureDue,
    #[error("there is no stack on {0}: a move starts from one of your stacks")]
    NoStack(Point),
    #[error("{point} holds a {owner} stack: {mover} moves the {mover_adj} stacks", owner = .owner.name(), mover = .owner.opponent().title(), mover_adj = .owner.opponent().name())]
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
    #[error("the {target_side} stack on {to} (height {target}) is taller than the {mover} stack on {from} (height {mover_height}): capture only stacks no taller than yours", target_side = .mover.opponent().name(), mover = .mover.name())]
    Taller { from: Point, to: Point, mover: Side, mover_height: u8, target: u8 },
}
/// A TZAAR position.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(super) colour: BySide<Bits>,
    pub(super) kind: ByKind<Bits>,
    pub(super) height: [u8; POINTS],
    to_move: Side,
    phase: Phase,
}
impl Position {
    /// An empty board with `to_move` to play in `phase`.
    pub(crate) fn empty(to_move: Side, phase: Phase) -> Self {
        Position { colour: BySide::default(), kind: ByKind::default(), height: [0; POINTS], to_move, phase }
    }

    /// The standard start.
    pub fn standard() -> Self {
        STANDARD.parse().expect("the standard start is valid notation")
    }

    /// A position of single pieces, one on every point, in point order (column `A` row 1 first), White to open.
    pub(crate) fn from_pieces(pieces: &[(Side, Kind); POINTS]) -> Self {
        let mut pos = Position::empty(Side::White, Phase::Opening);
        for (p, &(side, kind)) in Point::all().zip(pieces) {
            pos.put(p, Stack { side, kind, height: 1 });
        }
        pos
    }

    pub(super) fn put(&mut self, p: Point, s: Stack) {
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
    pub(super) fn occupied(&self) -> Bits {
        self.colour.white | self.colour.black
    }

    /// Whether `side` has lost a type: some type tops none of its stacks.
    #[inline]
    pub(crate) fn lacks_type(&self, side: Side) -> bool {
        let c = self.colour[side];
        c & self.kind.tzaar == 0 || c & self.kind.tzarra == 0 || c & self.kind.tott == 0
    }

    fn lost_type(&self, side: Side) -> Option<End> {
        Kind::ALL.into_iter().find(|&k| self.count(side, k) == 0).map(|kind| End::LostType { side, kind })
    }

    /// How the game ended, if it has: a side lacking a type has lost; so has a side that cannot capture at the
    /// start of its turn.
    pub fn end(&self) -> Option<End> {
        if let Some(end) = self.lost_type(self.to_move.opponent()).or_else(|| self.lost_type(self.to_move)) {
            return Some(end);
        }
        if self.phase != Phase::Second && !self.has_capture() {
            return Some(End::CannotCapture { side: self.to_move });
        }
        None
    }

    /// Whether the side to move has any capture.
    pub(crate) fn has_capture(&self) -> bool {
        let (me, them) = (self.colour[self.to_move], self.colour[self.to_move.opponent()]);
        let occ = me | them;
        points(me).any(|s| {
            let h = self.height[s.index()];
            Direction::ALL.into_iter().any(|d| {
                first_hit(s, d, occ).is_some_and(|t| them & t.bit() != 0 && self.height[t.index()] <= h)
            })
        })
    }

    /// Appends the captures of the side to move.
    #[inline]
    pub(super) fn gen_captures(&self, list: &mut MoveList) {
        let (me, them) = (self.colour[self.to_move], self.colour[self.to_move.opponent()]);
        let occ = me | them;
        for from in points(me) {
            let h = self.height[from.index()];
            for d in Direction::ALL {
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
    pub(super) fn gen_second(&self, list: &mut MoveList) {
        let (me, them) = (self.colour[self.to_move], self.colour[self.to_move.opponent()]);
        let occ = me | them;
        for from in points(me) {
            let h = self.height[from.index()];
            for d in Direction::ALL {
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
    /// The single moves of the current phase without the end-of-game check (for searches, which test the end
    /// themselves: a position where a type is lost must not be asked).
    pub(crate) fn moves_unchecked(&self) -> MoveList {
        let mut list = MoveList::new(Move::Pass);
        self.pseudo_moves(&mut list);
        list
    }

    /// The points whose top piece is `kind`, either side.
    #[inline]
    pub(crate) fn kinds(&self, kind: Kind) -> Bits {
        self.kind[kind]
    }

    /// The height of the stack on `p` (0 when empty).
    #[inline]
    pub(crate) fn height(&self, p: Point) -> u8 {
        self.height[p.index()]
    }

    /// The legal single moves of the current phase (none once the game is over).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new(Move::Pass);
        if self.end().is_some() {
            return list;
        }
        self.pseudo_moves(&mut list);
        list
    }

    /// The moves of the current phase, without the end-of-game check.
    pub(super) fn pseudo_moves(&self, list: &mut MoveList) {
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
                p.colour[me.opponent()] &= !tb;
                p.height[to.index()] = hf;
            } else {
                p.height[to.index()] += hf;
            }
            p.height[from.index()] = 0;
        }
        match self.phase {
            Phase::Opening | Phase::Second => {
                p.to_move = me.opponent();
                p.phase = Phase::Capture;
            }
            Phase::Capture => p.phase = Phase::Second,
        }
        p
    }

    /// Checks that `m` is legal here, saying why not.
    pub fn check(&self, m: Move) -> Result<(), IllegalMove> {
        if let Some(end) = self.end() {
            return Err(IllegalMove::GameOver(end));
        }
        let (from, to) = match m {
            Move::Pass | Move::Stack { .. } if self.phase != Phase::Second => {
                return Err(IllegalMove::CaptureDue);
            }
            Move::Pass => return Ok(()),
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
            _ => Ok(()),
        }
    }

    /// Plays `m` if it is legal: the new position, or why not. `self` is never changed.
    pub fn play(&self, m: Move) -> Result<Position, IllegalMove> {
        self.check(m).map(|()| self.play_unchecked(m))
    }
}
