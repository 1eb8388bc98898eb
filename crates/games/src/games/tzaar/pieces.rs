//! The pieces: the two sides, the three piece types, a stack as a player sees it, and small tables indexed by
//! side ([`BySide`]) or by type ([`ByKind`]).

use std::ops::{Index, IndexMut};

/// The two sides. White moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    /// 0 for White, 1 for Black: for tables indexed by side (hash keys, sprites).
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[must_use]
    pub(crate) const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// "White" or "Black".
    pub(crate) const fn title(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }

    /// The result word for a win of this side: `white` or `black`.
    pub(crate) const fn name(self) -> &'static str {
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

    /// The side played by `seat`, if it is 0 or 1.
    pub(crate) const fn from_seat(seat: usize) -> Option<Side> {
        match seat {
            0 => Some(Side::White),
            1 => Some(Side::Black),
            _ => None,
        }
    }
}

/// A value for each side.
pub use crate::games::BySide;

impl crate::games::WhiteOrBlack for Side {
    fn is_white(self) -> bool {
        self == Side::White
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
    pub(crate) const ALL: [Kind; 3] = [Kind::Tzaar, Kind::Tzarra, Kind::Tott];

    /// The position in [`Kind::ALL`]: for tables indexed by type.
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    pub(crate) const fn name(self) -> &'static str {
        match self {
            Kind::Tzaar => "Tzaar",
            Kind::Tzarra => "Tzarra",
            Kind::Tott => "Tott",
        }
    }

    /// The notation letter for White (uppercase); Black writes it in lowercase.
    pub(crate) const fn letter(self) -> char {
        match self {
            Kind::Tzaar => 'Z',
            Kind::Tzarra => 'A',
            Kind::Tott => 'T',
        }
    }

    /// How many pieces of this type each side owns.
    pub(crate) const fn count(self) -> u32 {
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
    pub(crate) tzaar: T,
    pub(crate) tzarra: T,
    pub(crate) tott: T,
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
    pub(crate) kind: Kind,
    /// The number of pieces.
    pub height: u8,
}

impl crate::games::GameSide for Side {
    fn seat(self) -> usize {
        Side::seat(self)
    }
    fn from_seat(seat: usize) -> Option<Side> {
        Side::from_seat(seat)
    }
    fn name(self) -> std::borrow::Cow<'static, str> {
        Side::name(self).into()
    }
}
