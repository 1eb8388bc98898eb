//! The rules as data: one [`Ruleset`] value per variant, read by the move generator and the capture code.

use std::fmt;
use std::str::FromStr;

use super::board::{Bitboard, EDGE, Square};

/// A side of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The attackers (16 soldiers), seat 0.
    Black,
    /// The defenders (the king and 8 guards), seat 1.
    White,
}

impl Side {
    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }

    /// The seat that plays this side: Black is seat 0, White seat 1.
    pub const fn seat(self) -> usize {
        match self {
            Side::Black => 0,
            Side::White => 1,
        }
    }

    /// The side played by `seat`, if it is 0 or 1.
    pub const fn from_seat(seat: usize) -> Option<Side> {
        match seat {
            0 => Some(Side::Black),
            1 => Some(Side::White),
            _ => None,
        }
    }

    /// The result word for a win of this side: `black` or `white`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Black => "black",
            Side::White => "white",
        }
    }

    /// "Black" or "White".
    pub const fn title(self) -> &'static str {
        match self {
            Side::Black => "Black",
            Side::White => "White",
        }
    }

    /// How a player reads the side: "Black (attackers)".
    pub const fn label(self) -> &'static str {
        match self {
            Side::Black => "Black (attackers)",
            Side::White => "White (defenders)",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

/// One value per side.
pub use crate::games::BySide;

impl crate::games::Colour for Side {
    fn is_white(self) -> bool {
        self == Side::White
    }
}

/// How the king is captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingCapture {
    /// Attackers on all four sides, or on three when the fourth is the throne.
    Surrounded,
    /// On the throne: four attackers; next to it: three and the throne; elsewhere: a sandwich between the
    /// moving attacker and another attacker (or a square hostile to the king).
    Sandwich,
}

/// A complete Tablut ruleset. Every rule the engine applies is read from here, so a variant is a new value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ruleset {
    /// The variant's name as players type it.
    pub name: &'static str,
    /// The side that makes the first move.
    pub first: Side,
    /// Whether pieces may cross the empty throne (nobody may ever stop on it).
    pub throne_passable: bool,
    /// Whose soldiers are captured against the empty throne.
    pub empty_throne_hostile: BySide<bool>,
    /// Whose soldiers are captured against the throne while the king sits on it.
    pub occupied_throne_hostile: BySide<bool>,
    /// Whether the king captures and serves as the other side of a sandwich.
    pub armed_king: bool,
    /// How the king is captured.
    pub king_capture: KingCapture,
    /// The camps: groups of squares that only an attacker still inside the same camp may move within.
    /// White pieces never enter or cross them; an attacker that left its camp cannot come back.
    pub camps: [Bitboard; 4],
    /// Whether empty camp squares serve as the other side of a sandwich (for both sides, king included).
    pub camps_hostile: bool,
    /// The squares where the king escapes.
    pub escape: Bitboard,
}

/// The default ruleset, the one this project was founded on.
pub const SEED: Ruleset = Ruleset {
    name: "seed",
    first: Side::Black,
    throne_passable: true,
    empty_throne_hostile: BySide { black: true, white: true },
    occupied_throne_hostile: BySide { black: false, white: false },
    armed_king: false,
    king_capture: KingCapture::Surrounded,
    camps: [0; 4],
    camps_hostile: false,
    escape: EDGE,
};

impl Ruleset {
    /// All camp squares.
    pub const fn all_camps(&self) -> Bitboard {
        self.camps[0] | self.camps[1] | self.camps[2] | self.camps[3]
    }

    /// The camp containing `sq`, or the empty set.
    pub fn camp_of(&self, sq: Square) -> Bitboard {
        self.camps.iter().copied().find(|c| c & sq.bit() != 0).unwrap_or(0)
    }
}

/// The rulesets this engine knows, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// See [`SEED`].
    #[default]
    Seed,
}

impl Variant {
    pub const ALL: [Variant; 1] = [Variant::Seed];

    /// The rules of this variant.
    pub const fn rules(self) -> &'static Ruleset {
        match self {
            Variant::Seed => &SEED,
        }
    }

    /// The name as typed by players.
    pub const fn name(self) -> &'static str {
        self.rules().name
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for a ruleset name that is not one of ours.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("there is no Tablut variant called `{0}`: choose {list}", list = variant_list())]
pub struct UnknownVariant(pub String);

fn variant_list() -> String {
    Variant::ALL.iter().map(|v| v.name()).collect::<Vec<_>>().join(", ")
}

impl FromStr for Variant {
    type Err = UnknownVariant;
    /// Reads a variant name; the empty string is the default (seed).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        if t.is_empty() {
            return Ok(Variant::Seed);
        }
        Variant::ALL.into_iter().find(|v| v.name() == t).ok_or_else(|| UnknownVariant(s.trim().to_string()))
    }
}

impl crate::games::Side for Side {
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
