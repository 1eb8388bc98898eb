//! Moves: the small `Copy` [`Move`], its notation (`E4xD4`, `F4-F5`, `pass`), and [`MoveList`], the move list
//! that lives on the stack so that move generation never allocates.

use std::fmt;
use std::str::FromStr;

use super::board::{Point, PointError};

/// One move. Small and `Copy`; [`Position::play`](super::Position::play) checks it,
/// [`Position::play_unchecked`](super::Position::play_unchecked) trusts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The stack on `from` takes the enemy stack on `to`.
    Capture { from: Point, to: Point },
    /// The stack on `from` goes on top of the own stack on `to`.
    Stack { from: Point, to: Point },
    /// The second move of a turn may be skipped.
    Pass,
}

impl Move {
    /// The point the move starts from, unless it is a pass.
    pub(crate) fn from(self) -> Option<Point> {
        match self {
            Move::Capture { from, .. } | Move::Stack { from, .. } => Some(from),
            Move::Pass => None,
        }
    }

    /// The point the move ends on, unless it is a pass.
    pub(crate) fn to(self) -> Option<Point> {
        match self {
            Move::Capture { to, .. } | Move::Stack { to, .. } => Some(to),
            Move::Pass => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Capture { from, to } => write!(f, "{from}x{to}"),
            Move::Stack { from, to } => write!(f, "{from}-{to}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// Why a text is not a move in TZAAR notation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveParseError {
    #[error("can't read `{0}`: write a capture as E4xD4, a stacking move as F4-F5, or pass")]
    Unreadable(String),
    #[error("{0}")]
    Point(PointError),
}

impl FromStr for Move {
    type Err = MoveParseError;
    /// Reads `E4xD4`, `F4-F5` or `pass`, in any case.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        let unreadable = || MoveParseError::Unreadable(text.to_string());
        let sep = text
            .char_indices()
            .skip(1)
            .find(|&(_, c)| matches!(c, 'x' | 'X' | '-'))
            .ok_or_else(unreadable)?;
        let point = |name: &str| match name.parse::<Point>() {
            Ok(point) => Ok(point),
            Err(PointError::Unreadable(_)) => Err(unreadable()),
            Err(err) => Err(MoveParseError::Point(err)),
        };
        let (from, to) = (point(&text[..sep.0])?, point(&text[sep.0 + 1..])?);
        Ok(if sep.1 == '-' { Move::Stack { from, to } } else { Move::Capture { from, to } })
    }
}

/// The most single moves a position can offer: 30 stacks a side, six lines each, and the pass.
pub const MAX_MOVES: usize = 184;

/// A list of moves on the stack, so that move generation never allocates.
pub type MoveList = crate::games::MoveArray<Move, MAX_MOVES>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_and_print() {
        for text in ["E4xD4", "F4-F5", "pass"] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
        assert_eq!("e4xd4".parse::<Move>().unwrap().to_string(), "E4xD4");
        assert!(matches!("E4yD4".parse::<Move>(), Err(MoveParseError::Unreadable(_))));
        assert!(matches!("E4xE5".parse::<Move>(), Err(MoveParseError::Point(PointError::Hole))));
    }
}
