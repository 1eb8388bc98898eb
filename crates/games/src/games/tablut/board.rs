//! Board geometry: squares, bitboards over the 81 squares, and precomputed rays and neighbours.
//!
//! A square's index is `rank * 9 + file` (a1 = 0, i1 = 8, a9 = 72, i9 = 80); a set of squares is a `u128`
//! whose bit `i` stands for square `i`.

use std::fmt;
use std::str::FromStr;

/// Squares on a side of the board.
pub const SIZE: u8 = 9;
/// Squares on the board.
pub(crate) const SQUARES: usize = 81;

/// A set of squares, one bit per square.
pub type Bitboard = u128;

/// One square of the 9x9 board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The throne, the king's starting square.
    pub const THRONE: Square = Square(4 * 9 + 4);

    /// The square at `file` (0 = a) and `rank` (0 = rank 1), if both are on the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < SIZE && rank < SIZE { Some(Square(rank * SIZE + file)) } else { None }
    }

    /// The square with index `index` (`rank * 9 + file`), if it is on the board.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARES { Some(Square(index as u8)) } else { None }
    }

    /// `rank * 9 + file`.
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 for file a .. 8 for file i.
    pub const fn file(self) -> u8 {
        self.0 % SIZE
    }

    /// 0 for rank 1 .. 8 for rank 9.
    pub const fn rank(self) -> u8 {
        self.0 / SIZE
    }

    /// The one-square set.
    pub const fn bit(self) -> Bitboard {
        1u128 << self.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), char::from(b'1' + self.rank()))
    }
}

/// Why a square's name could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("can't read the square `{0}`: write a file a-i then a rank 1-9, like `e5`")]
pub struct SquareError(pub String);

impl FromStr for Square {
    type Err = SquareError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().as_bytes();
        let err = || SquareError(s.trim().to_string());
        match t {
            [f, r] => {
                let f = f.to_ascii_lowercase();
                if (b'a'..=b'i').contains(&f) && (b'1'..=b'9').contains(r) {
                    Ok(Square((r - b'1') * SIZE + (f - b'a')))
                } else {
                    Err(err())
                }
            }
            _ => Err(err()),
        }
    }
}

/// The four directions a piece moves in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Towards rank 9 (index + 9).
    North = 0,
    /// Towards rank 1 (index - 9).
    South = 1,
    /// Towards file i (index + 1).
    East = 2,
    /// Towards file a (index - 1).
    West = 3,
}

impl Direction {
    pub(crate) const ALL: [Direction; 4] =
        [Direction::North, Direction::South, Direction::East, Direction::West];

    /// Whether squares along this direction have growing indices.
    pub(crate) const fn ascending(self) -> bool {
        matches!(self, Direction::North | Direction::East)
    }
}

/// Iterates the squares of a set in index order.
pub fn squares(mut bb: Bitboard) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if bb == 0 {
            None
        } else {
            let i = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            Some(Square(i))
        }
    })
}

/// All 81 squares.
pub(crate) const FULL: Bitboard = (1u128 << SQUARES) - 1;

/// The squares on the edge of the board.
pub const EDGE: Bitboard = {
    let mut bb = 0u128;
    let mut i = 0;
    while i < SQUARES {
        let (f, r) = (i % 9, i / 9);
        if f == 0 || f == 8 || r == 0 || r == 8 {
            bb |= 1u128 << i;
        }
        i += 1;
    }
    bb
};

const NONE: u8 = u8::MAX;

const fn offset(i: usize, dir: usize) -> u8 {
    let (f, r) = ((i % 9) as i32, (i / 9) as i32);
    let (df, dr) = match dir {
        0 => (0, 1),
        1 => (0, -1),
        2 => (1, 0),
        _ => (-1, 0),
    };
    let (nf, nr) = (f + df, r + dr);
    if nf < 0 || nf > 8 || nr < 0 || nr > 8 { NONE } else { (nr * 9 + nf) as u8 }
}

/// `NEIGHBOR[square][direction]`: the adjacent square, or `NONE` off the board.
const NEIGHBOR: [[u8; 4]; SQUARES] = {
    let mut t = [[NONE; 4]; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let mut d = 0;
        while d < 4 {
            t[i][d] = offset(i, d);
            d += 1;
        }
        i += 1;
    }
    t
};

/// `RAYS[square][direction]`: every square from the next one in that direction to the edge.
pub const RAYS: [[Bitboard; 4]; SQUARES] = {
    let mut t = [[0u128; 4]; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let mut d = 0;
        while d < 4 {
            let mut bb = 0u128;
            let mut s = offset(i, d);
            while s != NONE {
                bb |= 1u128 << s;
                s = offset(s as usize, d);
            }
            t[i][d] = bb;
            d += 1;
        }
        i += 1;
    }
    t
};

/// `ADJACENT[square]`: the up to four orthogonal neighbours.
pub(crate) const ADJACENT: [Bitboard; SQUARES] = {
    let mut t = [0u128; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let mut d = 0;
        while d < 4 {
            let s = offset(i, d);
            if s != NONE {
                t[i] |= 1u128 << s;
            }
            d += 1;
        }
        i += 1;
    }
    t
};

/// The squares a rook on `from` reaches in `dir` before the first square of `blockers`.
#[inline]
pub fn reach(from: Square, dir: Direction, blockers: Bitboard) -> Bitboard {
    let ray = RAYS[from.index()][dir as usize];
    let hit = ray & blockers;
    if hit == 0 {
        return ray;
    }
    let first = if dir.ascending() { hit.trailing_zeros() } else { hit.ilog2() };
    ray & !(RAYS[first as usize][dir as usize] | (1u128 << first))
}

/// The squares strictly between two squares on one line (empty if they are not on one line).
pub(crate) fn between(a: Square, b: Square) -> Bitboard {
    for dir in Direction::ALL {
        let ray = RAYS[a.index()][dir as usize];
        if ray & b.bit() != 0 {
            return ray & !RAYS[b.index()][dir as usize] & !b.bit();
        }
    }
    0
}

/// The direction from `a` to `b` if they share a rank or file.
pub(crate) fn direction(a: Square, b: Square) -> Option<Direction> {
    Direction::ALL.into_iter().find(|&d| RAYS[a.index()][d as usize] & b.bit() != 0)
}

/// The neighbour `dir` of `sq` as a raw index, `None` off the board (for the hot capture loop).
#[inline]
pub(crate) fn neighbor(sq: usize, dir: usize) -> Option<usize> {
    let n = NEIGHBOR[sq][dir];
    if n == NONE { None } else { Some(n as usize) }
}
