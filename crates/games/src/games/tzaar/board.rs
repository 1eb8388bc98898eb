//! The 60-point TZAAR board: points, the six directions, and rays precomputed as bitboards.
//!
//! A point `(x, y)` has `x` = column index `0..=8` (`A`..`I`) and `y = row - 1 + max(0, x - 4)`, so that its six
//! neighbours are `(x±1, y)`, `(x, y±1)`, `(x+1, y+1)` and `(x-1, y-1)`. Points are numbered column by column and
//! upward within a column, skipping the centre hole `E5`; this order makes every step in a "positive" direction
//! increase the index, so the nearest stack along a ray is the lowest (or, going back, the highest) set bit.

use std::fmt;
use std::str::FromStr;

/// The number of points on the board.
pub(crate) const POINTS: usize = 60;

/// A set of points, one bit per point index.
pub(crate) type Bits = u64;

/// How many points each column `A`..`I` holds (column `E` counts the hole).
pub(crate) const COLUMN_LEN: [u8; 9] = [5, 6, 7, 8, 9, 8, 7, 6, 5];

const NONE: u8 = u8::MAX;

/// One of the 60 points, by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

/// The six line directions are the shared hex directions ([`Direction`]), clockwise from "up the column" (N) as the
/// board is drawn (column `A` on the left, row 1 at the bottom). The first three step to higher point indices.
pub use crate::games::hex::Direction;

/// The step `(dx, dy)` of a direction in board coordinates.
const fn step(d: Direction) -> (i8, i8) {
    match d {
        Direction::N => (0, 1),
        Direction::NE => (1, 1),
        Direction::SE => (1, 0),
        Direction::S => (0, -1),
        Direction::SW => (-1, -1),
        Direction::NW => (-1, 0),
    }
}

/// Whether stepping this way increases the point index.
pub(crate) const fn is_forward(d: Direction) -> bool {
    d.index() < 3
}

struct Tables {
    xy: [(u8, u8); POINTS],
    index: [[u8; 9]; 9],
    rays: [[Bits; 6]; POINTS],
}

const fn on_board(x: i32, y: i32) -> bool {
    x >= 0 && y >= 0 && x <= 8 && y <= 8 && (x - y).abs() <= 4 && !(x == 4 && y == 4)
}

const fn build() -> Tables {
    let mut tables = Tables { xy: [(0, 0); POINTS], index: [[NONE; 9]; 9], rays: [[0; 6]; POINTS] };
    let mut count = 0;
    let mut col = 0;
    while col < 9 {
        let mut up = 0;
        while up < 9 {
            if on_board(col, up) {
                tables.xy[count] = (col as u8, up as u8);
                tables.index[col as usize][up as usize] = count as u8;
                count += 1;
            }
            up += 1;
        }
        col += 1;
    }
    let mut point = 0;
    while point < POINTS {
        let mut dir = 0;
        while dir < 6 {
            let (dx, dy) = step(Direction::ALL[dir]);
            let (mut col, mut up) =
                (tables.xy[point].0 as i32 + dx as i32, tables.xy[point].1 as i32 + dy as i32);
            let mut mask = 0;
            // A ray ends at the board's edge or at the centre hole, which no line crosses.
            while on_board(col, up) {
                mask |= 1 << tables.index[col as usize][up as usize];
                col += dx as i32;
                up += dy as i32;
            }
            tables.rays[point][dir] = mask;
            dir += 1;
        }
        point += 1;
    }
    tables
}

static TABLES: Tables = build();

/// The points seen from `p` looking in direction `d`, up to the edge or the centre hole.
#[inline]
pub(crate) fn ray(p: Point, d: Direction) -> Bits {
    TABLES.rays[p.index()][d as usize]
}

/// The nearest point of `occupied` from `p` in direction `d`, if any (the hole blocks the view).
#[inline]
pub(crate) fn first_hit(p: Point, d: Direction, occupied: Bits) -> Option<Point> {
    let m = ray(p, d) & occupied;
    if m == 0 {
        None
    } else if is_forward(d) {
        Some(Point(m.trailing_zeros() as u8))
    } else {
        Some(Point(63 - m.leading_zeros() as u8))
    }
}

/// Iterates over the points of a bit set, lowest index first.
#[derive(Clone, Debug)]
pub(crate) struct Iter(Bits);

impl Iterator for Iter {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Point(i as u8))
    }
}

/// The points of a bit set.
#[inline]
pub(crate) fn points(bits: Bits) -> Iter {
    Iter(bits)
}

impl Point {
    /// Every point, in index order (column by column, from row 1 upward).
    pub(crate) fn all() -> impl Iterator<Item = Point> {
        (0..POINTS as u8).map(Point)
    }

    /// The point with this index, if it is one.
    pub(crate) fn from_index(i: usize) -> Option<Point> {
        (i < POINTS).then_some(Point(i as u8))
    }

    /// The point at board coordinates `(x, y)`, if it exists (the hole does not).
    pub(crate) fn from_xy(x: i32, y: i32) -> Option<Point> {
        on_board(x, y).then(|| Point(TABLES.index[x as usize][y as usize]))
    }

    /// The point in column `col` (0 = `A`) and row `row` (from 1), if it exists.
    pub(crate) fn from_column_row(col: usize, row: usize) -> Option<Point> {
        if col > 8 || row == 0 || row > COLUMN_LEN[col] as usize {
            return None;
        }
        let y = row as i32 - 1 + (col as i32 - 4).max(0);
        Point::from_xy(col as i32, y)
    }

    /// The point's index, `0..60`, column by column from row 1 upward.
    #[inline]
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }

    /// The point as a one-bit set.
    #[inline]
    pub(crate) const fn bit(self) -> Bits {
        1 << self.0
    }

    /// Board coordinates `(x, y)` as described in the module docs.
    pub(crate) fn xy(self) -> (i32, i32) {
        let (x, y) = TABLES.xy[self.index()];
        (x as i32, y as i32)
    }

    /// Column index, 0 for `A`.
    pub(crate) fn column(self) -> usize {
        TABLES.xy[self.index()].0 as usize
    }

    /// Row number, from 1 at the column's lower end.
    pub(crate) fn row(self) -> usize {
        let (x, y) = self.xy();
        (y + 1 - (x - 4).max(0)) as usize
    }

    /// The neighbour in direction `d`, if there is one.
    pub(crate) fn step(self, d: Direction) -> Option<Point> {
        let (x, y) = self.xy();
        let (dx, dy) = step(d);
        Point::from_xy(x + dx as i32, y + dy as i32)
    }

    /// The direction from `self` to `other` and the number of steps, when they lie on one line (ignoring the
    /// hole).
    pub(crate) fn line_to(self, other: Point) -> Option<(Direction, i32)> {
        let (x0, y0) = self.xy();
        let (x1, y1) = other.xy();
        let (dx, dy) = (x1 - x0, y1 - y0);
        let n = dx.abs().max(dy.abs());
        if n == 0 {
            return None;
        }
        let dir = Direction::ALL.into_iter().find(|d| {
            let (sx, sy) = step(*d);
            sx as i32 * n == dx && sy as i32 * n == dy
        })?;
        Some((dir, n))
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.column() as u8) as char, self.row())
    }
}

/// Why a point could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PointError {
    #[error("can't read the point `{0}`: write a column letter A to I and a row number, e.g. E4")]
    Unreadable(String),
    #[error("`E5` is the centre hole, not a point: no stack can stand there")]
    Hole,
    #[error(
        "`{0}` is not on the board: columns A to I hold 5, 6, 7, 8, 9, 8, 7, 6 and 5 points, numbered from 1 at \
         the bottom"
    )]
    OffBoard(String),
}

impl FromStr for Point {
    type Err = PointError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let mut chars = t.chars();
        let Some(c) = chars.next().filter(char::is_ascii_alphabetic) else {
            return Err(PointError::Unreadable(t.to_string()));
        };
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(PointError::Unreadable(t.to_string()));
        }
        let row: usize = digits.parse().map_err(|_| PointError::Unreadable(t.to_string()))?;
        let col = (c.to_ascii_uppercase() as u8).wrapping_sub(b'A') as usize;
        if col == 4 && row == 5 {
            return Err(PointError::Hole);
        }
        Point::from_column_row(col, row).ok_or_else(|| PointError::OffBoard(t.to_ascii_uppercase()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixty_points_with_names_round_tripping() {
        assert_eq!(Point::all().count(), 60);
        for p in Point::all() {
            assert_eq!(p.to_string().parse::<Point>(), Ok(p));
        }
        assert_eq!("E5".parse::<Point>(), Err(PointError::Hole));
        assert!(matches!("A6".parse::<Point>(), Err(PointError::OffBoard(_))));
    }

    #[test]
    fn a1_touches_a2_b1_b2() {
        let a1: Point = "A1".parse().unwrap();
        let mut n: Vec<String> =
            Direction::ALL.iter().filter_map(|&d| a1.step(d)).map(|p| p.to_string()).collect();
        n.sort();
        assert_eq!(n, ["A2", "B1", "B2"]);
    }

    #[test]
    fn rays_stop_at_the_hole() {
        let e4: Point = "E4".parse().unwrap();
        assert_eq!(ray(e4, Direction::N), 0);
        assert_eq!(ray(e4, Direction::S).count_ones(), 3);
        for p in Point::all() {
            for d in Direction::ALL {
                for q in points(ray(p, d)) {
                    assert_eq!(q > p, is_forward(d));
                }
            }
        }
    }
}
