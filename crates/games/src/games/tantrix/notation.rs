//! The notation of placements (`23@1,-1:4`) and positions (`placed tiles | hand | bag count`), read in two
//! steps as the house does: text to a value here, then the value to a legal move in [`super::Position::check`].

use std::fmt;
use std::str::FromStr;

use super::board::{Board, LIMIT, Placement, in_range};
use super::position::Position;
use super::tiles::{Colour, Tile};
use crate::games::hex::{Direction, Hex};

/// The notation of a placement could not be read: the text (at most 60 characters of it) and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveParseError {
    pub(crate) text: String,
    pub(crate) why: Unreadable,
}

/// What is wrong in a placement's notation, beyond its shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unreadable {
    /// Not `tile@q,r:k`.
    Shape,
    /// The tile number is not 1 to 56.
    Tile,
    /// The cell is off the grid.
    Cell,
    /// The rotation is not 0 to 5.
    Rotation,
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match self.why {
            Unreadable::Shape => String::new(),
            Unreadable::Tile => "tiles are numbered 1 to 56; ".to_string(),
            Unreadable::Cell => format!("cells run from -{LIMIT} to {LIMIT}; "),
            Unreadable::Rotation => "the rotation is 0 to 5; ".to_string(),
        };
        write!(f, "can't read `{}`: {why}{PLACEMENT_FORMAT}", self.text)
    }
}

impl std::error::Error for MoveParseError {}

impl crate::games::Describe for MoveParseError {
    fn describe(&self) -> crate::games::Phrase {
        let key = match self.why {
            Unreadable::Shape => "tantrix-unreadable",
            Unreadable::Tile => "tantrix-unreadable-tile",
            Unreadable::Cell => "tantrix-unreadable-cell",
            Unreadable::Rotation => "tantrix-unreadable-rotation",
        };
        let phrase = crate::games::Phrase::new(key, self.to_string()).typed("text", &self.text);
        if self.why == Unreadable::Cell { phrase.str("limit", LIMIT) } else { phrase }
    }
}

const PLACEMENT_FORMAT: &str =
    "write a placement as tile@q,r:k, e.g. 23@1,-1:4 (tile 1-56 from your hand, cell q,r, rotation k 0-5)";

fn unreadable(text: &str, why: Unreadable) -> MoveParseError {
    MoveParseError { text: text.chars().take(60).collect(), why }
}

impl FromStr for Placement {
    type Err = MoveParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let s = text.trim();
        let err = |why: Unreadable| unreadable(s, why);
        let shape = || err(Unreadable::Shape);
        let (tile, rest) = s.split_once('@').ok_or_else(shape)?;
        let (cell, rot) = rest.split_once(':').ok_or_else(shape)?;
        let (q, r) = cell.split_once(',').ok_or_else(shape)?;
        let tile: u8 = tile.trim().parse().map_err(|_| shape())?;
        let tile = Tile::new(tile).ok_or_else(|| err(Unreadable::Tile))?;
        let q: i32 = q.trim().parse().map_err(|_| shape())?;
        let r: i32 = r.trim().parse().map_err(|_| shape())?;
        let cell = Hex::new(q, r);
        if !in_range(cell) {
            return Err(err(Unreadable::Cell));
        }
        let rot: u8 = rot.trim().parse().map_err(|_| shape())?;
        if rot > 5 {
            return Err(err(Unreadable::Rotation));
        }
        Ok(Placement { tile, cell, rot })
    }
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}:{}", self.tile, self.cell, self.rot)
    }
}

const POSITION_FORMAT: &str = "write the placed tiles as tile@q,r:k separated by spaces, then ` | ` and the tile \
     numbers in the hand, then ` | ` and the number of tiles left in the bag, e.g. \
     `53@0,0:2 9@1,-1:0 | 11 18 20 21 42 44 | 49`";

/// Drops the spaces around `@`, `,` and `:` so each placement is one word.
fn squeeze(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        if ch.is_whitespace() {
            let glued_before = out.ends_with(['@', ',', ':']);
            while chars.peek().is_some_and(|c| c.is_whitespace()) {
                chars.next();
            }
            let glued_after = chars.peek().is_some_and(|c| matches!(c, '@' | ',' | ':'));
            if !glued_before && !glued_after {
                out.push(' ');
            }
        } else {
            out.push(ch);
        }
    }
    out
}

/// Reads placements separated by spaces (spaces around `@`, `,` and `:` are allowed).
/// Writes placements in notation, separated by spaces (a puzzle's layout, as it is stored).
pub(crate) fn write_placements(f: &mut fmt::Formatter<'_>, placed: &[Placement]) -> fmt::Result {
    for (i, p) in placed.iter().enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{p}")?;
    }
    Ok(())
}

/// A cell written `q,r` (spaces allowed around the numbers), as a puzzle's places are written.
pub(crate) fn parse_cell(place: &str) -> Option<Hex> {
    let (q, r) = place.split_once(',')?;
    Some(Hex::new(q.trim().parse().ok()?, r.trim().parse().ok()?))
}

pub(crate) fn parse_placements(text: &str) -> Result<Vec<Placement>, MoveParseError> {
    squeeze(text).split_whitespace().map(str::parse).collect()
}

/// Why a position line (or its board, or its parts) is not a Tantrix position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// More than three parts separated by `|`.
    #[error("can't read the position: it has {0} parts; {format}", format = POSITION_FORMAT)]
    Parts(usize),
    /// A placed tile's notation.
    #[error("{0}")]
    Placement(MoveParseError),
    /// Two tiles on one cell.
    #[error("cell {cell} holds two tiles ({first} and {second}): each cell holds one")]
    SameCell { cell: Hex, first: Tile, second: Tile },
    /// One tile placed twice.
    #[error("tile {0} is placed twice: each of the 56 tiles exists once")]
    PlacedTwice(Tile),
    /// Two neighbours whose shared edge does not match.
    #[error(
        "the board is not consistent: colours clash on the {direction} edge of {placement} ({ours}) against tile \
         {tile} ({theirs}); every shared edge must match"
    )]
    Clash { direction: Direction, placement: Placement, ours: Colour, tile: Tile, theirs: Colour },
    /// A word of the hand that is not a tile number (at most 30 characters of it).
    #[error("can't read the hand: `{0}` is not a tile number 1-56; {format}", format = POSITION_FORMAT)]
    Hand(String),
    /// A bag count that is not a number (at most 30 characters of it).
    #[error("can't read the bag count `{0}`: it is a number 0-56; {format}", format = POSITION_FORMAT)]
    Bag(String),
    /// One tile both on the board and in the hand, or twice in the hand.
    #[error("tile {0} appears twice: each of the 56 tiles exists once")]
    Twice(Tile),
    /// A hand of more than 6 tiles.
    #[error("the hand holds {0} tiles: a hand has at most 6")]
    HandSize(usize),
    /// More tiles in the bag than are left.
    #[error("the bag can hold at most {left} tiles here, not {bag}")]
    BagSize { left: usize, bag: u8 },
}

/// Reads the placed tiles of a position line, checking cells are distinct and shared edges match.
pub(crate) fn parse_board(text: &str) -> Result<Board, PositionError> {
    let mut board = Board::new();
    for word in squeeze(text).split_whitespace() {
        let p: Placement = word.parse().map_err(PositionError::Placement)?;
        if let Some(t) = board.get(p.cell) {
            return Err(PositionError::SameCell { cell: p.cell, first: t.tile, second: p.tile });
        }
        if board.placements().iter().any(|q| q.tile == p.tile) {
            return Err(PositionError::PlacedTwice(p.tile));
        }
        for d in Direction::ALL {
            if let Some(t) = board.get(p.cell.step(d)) {
                let (ours, theirs) = (p.tile.edge(p.rot, d), t.edge(d.opposite()));
                if ours != theirs {
                    return Err(PositionError::Clash {
                        direction: d,
                        placement: p,
                        ours,
                        tile: t.tile,
                        theirs,
                    });
                }
            }
        }
        board.put(p);
    }
    Ok(board)
}

impl FromStr for Position {
    type Err = PositionError;
    /// Reads `placed tiles | hand | bag count`; the hand and bag may be left out (an empty hand, an empty bag).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let parts: Vec<&str> = text.split('|').collect();
        if parts.len() > 3 {
            return Err(PositionError::Parts(parts.len()));
        }
        let board = parse_board(parts[0])?;
        let mut hand = Vec::new();
        if let Some(h) = parts.get(1) {
            for w in h.split_whitespace() {
                let t =
                    w.parse::<u8>().ok().and_then(Tile::new).ok_or_else(|| PositionError::Hand(short(w)))?;
                hand.push(t);
            }
        }
        let bag = match parts.get(2) {
            None => 0,
            Some(b) => b.trim().parse::<u8>().map_err(|_| PositionError::Bag(short(b.trim())))?,
        };
        Position::new(board, &hand, bag)
    }
}

fn short(s: &str) -> String {
    s.chars().take(30).collect()
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tiles: Vec<String> = self.board().placements().iter().map(ToString::to_string).collect();
        let hand: Vec<String> = self.hand().iter().map(ToString::to_string).collect();
        let text = format!("{} | {} | {}", tiles.join(" "), hand.join(" "), self.bag());
        f.write_str(text.trim_start())
    }
}
