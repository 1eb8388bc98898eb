//! Hexagonal grids shared by the hex games: the six directions, which rotate, and axial cell coordinates.
//!
//! Directions are numbered clockwise from the top, 0 = N to 5 = NW, as the edges of a flat-topped hex (or the
//! corners of a pointy-topped one). Turning a piece by `k` steps clockwise maps its direction `d` to
//! `d.rotate_cw(k)`; the edge across from `d` on the neighbour is `d.opposite()`.

use std::fmt;

/// One of the six directions from a hex to a neighbour, clockwise from the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Direction {
    N,
    NE,
    SE,
    S,
    SW,
    NW,
}

impl Direction {
    /// Every direction, clockwise from N (so `ALL[d.index()] == d`).
    pub const ALL: [Direction; 6] =
        [Direction::N, Direction::NE, Direction::SE, Direction::S, Direction::SW, Direction::NW];

    /// The direction's number, 0 (N) to 5 (NW), clockwise.
    #[inline]
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    #[cfg(test)]
    /// The direction numbered `i` counted clockwise from N, modulo 6 (so 6 is N again).
    #[inline]
    pub(crate) const fn from_index(i: usize) -> Direction {
        Direction::ALL[i % 6]
    }

    /// The direction pointing the other way: the edge of the neighbour that touches this one.
    #[inline]
    #[must_use]
    pub const fn opposite(self) -> Direction {
        Direction::wrap(self as usize + 3)
    }

    /// The direction `steps` sixths of a turn clockwise from this one.
    #[inline]
    #[must_use]
    pub(crate) const fn rotate_cw(self, steps: u8) -> Direction {
        Direction::wrap(self as usize + (steps % 6) as usize)
    }

    /// The direction `steps` sixths of a turn counter-clockwise from this one.
    #[inline]
    #[must_use]
    pub(crate) const fn rotate_ccw(self, steps: u8) -> Direction {
        Direction::wrap(self as usize + 6 - (steps % 6) as usize)
    }

    /// The direction numbered `i`, for `i` below 12 (cheaper than [`Direction::from_index`] in hot loops).
    #[inline]
    const fn wrap(i: usize) -> Direction {
        Direction::ALL[if i >= 6 { i - 6 } else { i }]
    }

    /// How many sixths of a turn clockwise lead from this direction to `other` (0 to 5).
    #[inline]
    pub(crate) const fn steps_cw_to(self, other: Direction) -> u8 {
        ((other as usize + 6 - self as usize) % 6) as u8
    }

    /// The compass name: `N`, `NE`, `SE`, `S`, `SW`, `NW`.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Direction::N => "N",
            Direction::NE => "NE",
            Direction::SE => "SE",
            Direction::S => "S",
            Direction::SW => "SW",
            Direction::NW => "NW",
        }
    }

    /// The step `(dq, dr)` in axial coordinates of flat-topped hexes, with `r` growing southwards.
    #[inline]
    pub(crate) const fn axial(self) -> (i32, i32) {
        match self {
            Direction::N => (0, -1),
            Direction::NE => (1, -1),
            Direction::SE => (1, 0),
            Direction::S => (0, 1),
            Direction::SW => (-1, 1),
            Direction::NW => (-1, 0),
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A cell of an unbounded hex grid in axial coordinates (flat-topped hexes: `q` grows eastwards, `r` southwards).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hex {
    pub q: i32,
    pub r: i32,
}

impl Hex {
    pub(crate) const ORIGIN: Hex = Hex { q: 0, r: 0 };

    pub const fn new(q: i32, r: i32) -> Hex {
        Hex { q, r }
    }

    /// The neighbour in direction `dir`.
    #[inline]
    #[must_use]
    pub const fn step(self, dir: Direction) -> Hex {
        let (dq, dr) = dir.axial();
        Hex { q: self.q + dq, r: self.r + dr }
    }

    /// The six neighbours, in the order of [`Direction::ALL`].
    #[inline]
    pub(crate) fn neighbours(self) -> [Hex; 6] {
        std::array::from_fn(|i| self.step(Direction::ALL[i]))
    }

    /// The direction from `self` to `other`, if they are neighbours.
    #[cfg(test)]
    pub(crate) fn dir_to(self, other: Hex) -> Option<Direction> {
        Direction::ALL.into_iter().find(|&d| self.step(d) == other)
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.q, self.r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directions_rotate_and_turn_around() {
        for d in Direction::ALL {
            assert_eq!(Direction::from_index(d.index()), d);
            assert_eq!(d.opposite().opposite(), d);
            assert_ne!(d.opposite(), d);
            assert_eq!(d.rotate_cw(6), d);
            assert_eq!(d.rotate_cw(1).rotate_ccw(1), d);
            for k in 0..6 {
                assert_eq!(d.rotate_cw(k).rotate_ccw(k), d);
                assert_eq!(d.steps_cw_to(d.rotate_cw(k)), k);
            }
            let (dq, dr) = d.axial();
            assert_eq!(d.opposite().axial(), (-dq, -dr), "{d} and its opposite are inverse steps");
        }
        assert_eq!(Direction::N.rotate_cw(1), Direction::NE);
        assert_eq!(Direction::N.rotate_ccw(1), Direction::NW);
        assert_eq!(Direction::SW.opposite(), Direction::NE);
        assert_eq!(Direction::from_index(7), Direction::NE);
    }

    #[test]
    fn neighbours_are_one_step_away_and_found_again() {
        let h = Hex::new(2, -3);
        for (d, n) in Direction::ALL.into_iter().zip(h.neighbours()) {
            assert_eq!(h.dir_to(n), Some(d));
            assert_eq!(n.step(d.opposite()), h);
        }
        assert_eq!(h.dir_to(h), None);
        assert_eq!(Hex::new(-1, 4).to_string(), "-1,4");
    }
}
