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
    pub(crate) const fn opponent(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }

    /// The seat that plays this side: Black is seat 0, White seat 1, in every variant (so under rules where White
    /// moves first, seat 1 moves first).
    pub(crate) const fn seat(self) -> usize {
        match self {
            Side::Black => 0,
            Side::White => 1,
        }
    }

    /// The side played by `seat`, if it is 0 or 1.
    pub(crate) const fn from_seat(seat: usize) -> Option<Side> {
        match seat {
            0 => Some(Side::Black),
            1 => Some(Side::White),
            _ => None,
        }
    }

    /// The result word for a win of this side: `black` or `white`.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Side::Black => "black",
            Side::White => "white",
        }
    }

    /// "Black" or "White".
    pub(crate) const fn title(self) -> &'static str {
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

impl crate::games::WhiteOrBlack for Side {
    fn is_white(self) -> bool {
        self == Side::White
    }
}

/// How the king is captured (by the attackers' move, the moving attacker being one of the captors).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingCapture {
    /// Attackers on all four sides, or on three when the fourth is the throne.
    Surrounded,
    /// On the throne: four attackers; next to it: three and the throne; elsewhere: a sandwich between the
    /// moving attacker and an attacker or a square of [`Ruleset::king_stand_ins`] on the opposite side.
    Sandwich,
}

/// What the throne does to a side's soldiers while the king sits on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OccupiedThrone {
    /// Not hostile (an armed king still closes sandwiches as a piece).
    Neutral,
    /// Hostile while attackers hold three of its four neighbours: the Linnaean capture of the defender on the
    /// fourth.
    Besieged,
}

/// What a side's soldiers are captured against, besides the enemy's pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hostility {
    /// Squares hostile whether empty or occupied (Ashton's throne and camps).
    pub(crate) squares: Bitboard,
    /// Whether the empty throne is hostile.
    pub(crate) empty_throne: bool,
    /// What the throne with the king on it does.
    pub(crate) occupied_throne: OccupiedThrone,
}

/// When a repeated position ends the game in a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repetition {
    /// The occurrence of the same position (placement and side to move) that draws.
    pub(crate) draws_at: u8,
    /// Whether the start position counts as having occurred before any move.
    pub(crate) start_counts: bool,
}

/// A complete Tablut ruleset. Every rule the engine applies is read from here, so a variant is a new value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ruleset {
    /// The variant's name as players type it.
    pub(crate) name: &'static str,
    /// The variant's name as players read it.
    pub(crate) title: &'static str,
    /// The side that makes the first move.
    pub(crate) first: Side,
    /// Whether pieces may cross the empty throne (nobody may ever stop on it).
    pub(crate) throne_passable: bool,
    /// The camps: groups of squares that only an attacker still inside the same camp may stop on or cross.
    /// White pieces never enter or cross them; an attacker that left its camp cannot come back.
    pub(crate) camps: [Bitboard; 4],
    /// Whether the king captures and serves as the other side of a sandwich against attackers.
    pub(crate) armed_king: bool,
    /// What each side's soldiers are captured against, besides enemy pieces.
    pub(crate) hostile: BySide<Hostility>,
    /// How the king is captured.
    pub(crate) king_capture: KingCapture,
    /// Squares that stand in for an attacker opposite the mover in a [`KingCapture::Sandwich`] away from the
    /// throne (Ashton's camps).
    pub(crate) king_stand_ins: Bitboard,
    /// The squares where the king escapes.
    pub(crate) escape: Bitboard,
    /// When a repeated position draws.
    pub(crate) repetition: Repetition,
}

/// The throne as a set.
const THRONE: Bitboard = Square::THRONE.bit();

/// The set of the named squares (`b"a4"`), at compile time.
const fn set(names: &[&[u8; 2]]) -> Bitboard {
    let mut bb = 0;
    let mut i = 0;
    while i < names.len() {
        let [f, r] = *names[i];
        bb |= 1u128 << ((r - b'1') as u32 * 9 + (f - b'a') as u32);
        i += 1;
    }
    bb
}

/// Ashton's four T-shaped camps, the attackers' start squares.
const CAMPS: [Bitboard; 4] = [
    set(&[b"a4", b"a5", b"a6", b"b5"]),
    set(&[b"d1", b"e1", b"f1", b"e2"]),
    set(&[b"i4", b"i5", b"i6", b"h5"]),
    set(&[b"d9", b"e9", b"f9", b"e8"]),
];
/// Every camp square.
const CAMP_SQUARES: Bitboard = CAMPS[0] | CAMPS[1] | CAMPS[2] | CAMPS[3];
/// The middle square of each camp, not hostile to attackers in Ashton.
const CAMP_MIDDLES: Bitboard = set(&[b"a5", b"e1", b"i5", b"e9"]);

/// The hostility of the seed rules: the empty throne, to both sides.
const THRONE_WHEN_EMPTY: Hostility =
    Hostility { squares: 0, empty_throne: true, occupied_throne: OccupiedThrone::Neutral };

/// The default ruleset, the one this project was founded on.
pub const SEED: Ruleset = Ruleset {
    name: "seed",
    title: "Seed",
    first: Side::Black,
    throne_passable: true,
    camps: [0; 4],
    armed_king: false,
    hostile: BySide { black: THRONE_WHEN_EMPTY, white: THRONE_WHEN_EMPTY },
    king_capture: KingCapture::Surrounded,
    king_stand_ins: 0,
    escape: EDGE,
    repetition: Repetition { draws_at: 3, start_counts: true },
};

/// The common reconstruction (aagenielsen.dk, OpenTafl): an armed king, captured by two away from the throne,
/// and the Linnaean capture against the king's throne.
pub const LINNAEUS: Ruleset = Ruleset {
    name: "linnaeus",
    title: "Linnaeus",
    armed_king: true,
    hostile: BySide {
        black: THRONE_WHEN_EMPTY,
        white: Hostility { occupied_throne: OccupiedThrone::Besieged, ..THRONE_WHEN_EMPTY },
    },
    king_capture: KingCapture::Sandwich,
    ..SEED
};

/// The Tablut Challenge rules (University of Bologna): White first, camps, a throne nobody crosses, hostile
/// camps and throne, an armed king captured by two or against a camp, and the second repetition draws.
pub const ASHTON: Ruleset = Ruleset {
    name: "ashton",
    title: "Ashton",
    first: Side::White,
    throne_passable: false,
    camps: CAMPS,
    armed_king: true,
    hostile: BySide {
        black: Hostility {
            squares: THRONE | (CAMP_SQUARES & !CAMP_MIDDLES),
            empty_throne: true,
            occupied_throne: OccupiedThrone::Neutral,
        },
        white: Hostility {
            squares: THRONE | CAMP_SQUARES,
            empty_throne: true,
            occupied_throne: OccupiedThrone::Neutral,
        },
    },
    king_capture: KingCapture::Sandwich,
    king_stand_ins: CAMP_SQUARES,
    escape: EDGE,
    repetition: Repetition { draws_at: 2, start_counts: false },
};

impl Ruleset {
    /// All camp squares.
    pub(crate) const fn all_camps(&self) -> Bitboard {
        self.camps[0] | self.camps[1] | self.camps[2] | self.camps[3]
    }

    /// The camp containing `sq`, or the empty set.
    #[inline]
    pub(crate) fn camp_of(&self, sq: Square) -> Bitboard {
        self.camps.iter().copied().find(|c| c & sq.bit() != 0).unwrap_or(0)
    }

    /// Squares no piece of `side` may stop on or cross wherever it starts: the closed throne, and the camps for
    /// White (an attacker's own camp is opened by [`Self::camp_of`] its starting square).
    #[inline]
    pub(crate) const fn closed_to(&self, side: Side) -> Bitboard {
        let throne = if self.throne_passable { 0 } else { THRONE };
        match side {
            Side::White => throne | self.all_camps(),
            Side::Black => throne,
        }
    }

    /// How these rules differ from the seed rules, a few words each, for the picture's caption.
    pub fn differences(&self) -> Vec<&'static str> {
        let mut out = Vec::new();
        if self.first != SEED.first {
            out.push(match self.first {
                Side::Black => "Black moves first",
                Side::White => "White moves first",
            });
        }
        if self.armed_king != SEED.armed_king {
            out.push(if self.armed_king { "armed king" } else { "unarmed king" });
        }
        if (self.king_capture, self.king_stand_ins) != (SEED.king_capture, SEED.king_stand_ins) {
            out.push(match (self.king_capture, self.king_stand_ins != 0) {
                (KingCapture::Surrounded, _) => "king captured by 4 (or 3 and the throne)",
                (KingCapture::Sandwich, false) => "king captured by 2 off the throne",
                (KingCapture::Sandwich, true) => "king captured by 2 or a camp off the throne",
            });
        }
        let hostile = self.hostile.white.squares | self.hostile.black.squares;
        let camps_hostile = self.all_camps() != 0 && hostile & self.all_camps() != 0;
        out.extend(
            match (self.all_camps() != 0, self.throne_passable, camps_hostile && hostile & THRONE != 0) {
                (true, false, true) => Some("closed, hostile camps and throne"),
                (true, false, false) => Some("closed camps and throne"),
                (true, true, _) => Some("closed camps"),
                (false, false, _) => Some("closed throne"),
                (false, true, _) => None,
            },
        );
        if self.hostile.white.occupied_throne == OccupiedThrone::Besieged {
            out.push("Linnaean capture");
        }
        if self.repetition != SEED.repetition {
            out.push(if self.repetition.draws_at == 2 {
                "2nd repetition draws"
            } else {
                "3rd repetition draws"
            });
        }
        out
    }
}

/// The rulesets this engine knows, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// See [`SEED`].
    #[default]
    Seed,
    /// See [`LINNAEUS`].
    Linnaeus,
    /// See [`ASHTON`].
    Ashton,
}

impl Variant {
    pub const ALL: [Variant; 3] = [Variant::Seed, Variant::Linnaeus, Variant::Ashton];

    /// The rules of this variant.
    #[inline]
    pub const fn rules(self) -> &'static Ruleset {
        match self {
            Variant::Seed => &SEED,
            Variant::Linnaeus => &LINNAEUS,
            Variant::Ashton => &ASHTON,
        }
    }

    /// The name as typed by players.
    pub const fn name(self) -> &'static str {
        self.rules().name
    }

    /// The position of the variant in [`Variant::ALL`].
    pub(crate) const fn index(self) -> usize {
        self as usize
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
    let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.concat(),
    }
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
