//! Moves as text: `e8-d8`, optionally with the captured squares `d1-d3xe3`. Reading is the first of two steps;
//! [`super::Position::resolve`] then checks the move against a position.

use std::fmt;
use std::str::FromStr;

use super::board::{Bitboard, Square, squares};
use super::position::Move;

/// A move as written: two squares and, if the writer listed them, the captured squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveText {
    pub from: Square,
    pub to: Square,
    /// The squares after `x`, if any were written.
    pub captures: Option<Bitboard>,
}

impl MoveText {
    /// The plain move.
    pub fn mv(&self) -> Move {
        Move { from: self.from, to: self.to }
    }

    /// A move with its captures, as a record writes it (no suffix when nothing was captured).
    pub(crate) fn record(mv: Move, captured: Bitboard) -> MoveText {
        MoveText { from: mv.from, to: mv.to, captures: (captured != 0).then_some(captured) }
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)?;
        for sq in squares(self.captures.unwrap_or(0)) {
            write!(f, "x{sq}")?;
        }
        Ok(())
    }
}

/// Why a text is not a move in Tablut notation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "can't read the move `{0}`: write the starting and the target square joined by a dash, like `e8-d8` \
     (files a-i, ranks 1-9)"
)]
pub struct MoveParseError(pub String);

fn square_at(s: &[u8]) -> Option<Square> {
    match s {
        [f, r] if (b'a'..=b'i').contains(f) && (b'1'..=b'9').contains(r) => Square::new(f - b'a', r - b'1'),
        _ => None,
    }
}

impl FromStr for MoveText {
    type Err = MoveParseError;
    /// Reads `e8-d8`, `E8 - D8`, `e8d8`, `d1-d3xe3` or `d1-d3xe3xc3` (also `xe3/c3` or `xe3,c3`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || MoveParseError(s.trim().to_string());
        let t: Vec<u8> =
            s.bytes().filter(|b| !b.is_ascii_whitespace()).map(|b| b.to_ascii_lowercase()).collect();
        if !s.is_ascii() || t.len() < 4 {
            return Err(err());
        }
        let from = square_at(&t[..2]).ok_or_else(err)?;
        let rest = if t[2] == b'-' { &t[3..] } else { &t[2..] };
        let to = square_at(rest.get(..2).ok_or_else(err)?).ok_or_else(err)?;
        let tail = &rest[2..];
        let captures = if tail.is_empty() {
            None
        } else {
            if tail[0] != b'x' {
                return Err(err());
            }
            let mut bb = 0;
            for part in tail[1..].split(|&b| matches!(b, b'x' | b'/' | b',')) {
                bb |= square_at(part).ok_or_else(err)?.bit();
            }
            Some(bb)
        };
        Ok(MoveText { from, to, captures })
    }
}
