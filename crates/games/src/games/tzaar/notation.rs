//! The one-line position notation: `ttttT/TaaaAT/.../tTTTT w o` (the columns `A` to `I` from row 1 upward, then
//! the side to move and the phase), read with [`FromStr`] and written with [`Display`](fmt::Display).

use std::fmt;
use std::str::FromStr;

use super::board::{self, Point};
use super::phrases::side as side_phrase;
use super::pieces::{Kind, PIECES_PER_SIDE, Side, Stack};
use super::position::{Phase, Position};
use crate::games::Phrase;

/// The standard start position, in notation.
pub const STANDARD: &str = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w o";

/// Why a position text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "can't read the position `{text}`: {why}; write the columns A to I separated by `/`, each from row 1 upward \
     (`.` empty, Z/A/T a white Tzaar/Tzarra/Tott, z/a/t black, then the height if over 1), then the side to move \
     (w or b) and the phase (o, c or s)"
)]
pub struct PositionError {
    pub text: String,
    /// What is wrong with it, as a phrase of its own (its `Display` is the English above).
    pub why: Phrase,
}

/// The number of points listed for each column in the position notation (column `E` skips the hole).
const LISTED: [usize; 9] = [5, 6, 7, 8, 8, 8, 7, 6, 5];

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
        let side = if self.to_move() == Side::White { 'w' } else { 'b' };
        write!(f, " {side} {}", self.phase().letter())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

/// Why the pieces of a position read from notation cannot be a TZAAR position (too many of a side or a type, or
/// both sides short of a type), if they cannot.
fn counts(pos: &Position) -> Result<(), Phrase> {
    for side in Side::BOTH {
        if pos.pieces(side) > PIECES_PER_SIDE {
            let english = format!("{} has more than 30 pieces", side.title());
            return Err(Phrase::new("tzaar-position-pieces", english).phrase("side", side_phrase(side)));
        }
        for kind in Kind::ALL {
            if pos.count(side, kind) > kind.count() {
                let english = format!("{} has more than {} {}s", side.title(), kind.count(), kind.name());
                let why = Phrase::new("tzaar-position-kind", english)
                    .phrase("side", side_phrase(side))
                    .number("count", kind.count() as usize)
                    .str("kind", kind.name());
                return Err(why);
            }
        }
    }
    if pos.lacks_type(Side::White) && pos.lacks_type(Side::Black) {
        let english = "both sides lack a piece type, which no game can reach";
        return Err(Phrase::new("tzaar-position-both-lack", english));
    }
    Ok(())
}

impl FromStr for Position {
    type Err = PositionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        let fail = |why: Phrase| PositionError { text: text.to_string(), why };
        let mut parts = text.split_whitespace();
        let (Some(board_text), Some(side), Some(phase), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(fail(Phrase::new(
                "tzaar-position-parts",
                "it needs three parts separated by spaces: the board, the side and the phase",
            )));
        };
        let to_move = match side {
            "w" | "W" => Side::White,
            "b" | "B" => Side::Black,
            _ => {
                let english = format!("the side to move is `{side}`, not w or b");
                return Err(fail(Phrase::new("tzaar-position-side", english).typed("side", side)));
            }
        };
        let phase = match phase {
            "o" | "O" => Phase::Opening,
            "c" | "C" => Phase::Capture,
            "s" | "S" => Phase::Second,
            _ => {
                let english = format!("the phase is `{phase}`, not o, c or s");
                return Err(fail(Phrase::new("tzaar-position-phase", english).typed("phase", phase)));
            }
        };
        if phase == Phase::Opening && to_move == Side::Black {
            let english = "the opening phase `o` is White's first turn, so the side must be w";
            return Err(fail(Phrase::new("tzaar-position-opening", english).code("o", "o")));
        }
        let mut pos = Position::empty(to_move, phase);
        let columns: Vec<&str> = board_text.split('/').collect();
        if columns.len() != 9 {
            let count = columns.len();
            let english =
                format!("the board has {count} column{} instead of 9", if count == 1 { "" } else { "s" });
            return Err(fail(Phrase::new("tzaar-position-columns", english).number("count", count)));
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
                        let english = format!("an empty point in column {name} has a height");
                        return Err(fail(
                            Phrase::new("tzaar-position-empty-height", english).str("column", name),
                        ));
                    }
                    continue;
                }
                let side = if c.is_ascii_uppercase() { Side::White } else { Side::Black };
                let Some(kind) = Kind::ALL.into_iter().find(|k| k.letter() as u8 == c.to_ascii_uppercase())
                else {
                    let letter = (c as char).to_string();
                    let english = format!("`{letter}` in column {name} is not a piece letter");
                    let why = Phrase::new("tzaar-position-letter", english)
                        .typed("letter", letter)
                        .str("column", name);
                    return Err(fail(why));
                };
                let height = if digits.is_empty() { 1 } else { digits.parse::<u32>().unwrap_or(u32::MAX) };
                if height == 0 || height > PIECES_PER_SIDE {
                    let english = format!("the stack on {p} has height {digits}, not 1 to 30");
                    let why =
                        Phrase::new("tzaar-position-height", english).str("point", p).str("height", digits);
                    return Err(fail(why));
                }
                pos.put(p, Stack { side, kind, height: height as u8 });
            }
            if listed != LISTED[col] {
                let expected = LISTED[col];
                let english = format!("column {name} lists {listed} points instead of {expected}");
                let why = Phrase::new("tzaar-position-listed", english)
                    .str("column", name)
                    .number("listed", listed)
                    .number("expected", expected);
                return Err(fail(why));
            }
        }
        counts(&pos).map_err(fail)?;
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
}
