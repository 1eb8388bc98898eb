//! How a game ends, and why a move is illegal: the results and errors of the position, with their messages.

use std::fmt;

use super::board::{Bitboard, Square, squares};
use super::position::Move;
use super::rules::Side;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The attackers surrounded the king on this square.
    KingCaptured(Square),
    /// The king reached this edge square.
    KingEscaped(Square),
    /// This side had no legal move on its turn.
    NoMoves(Side),
    /// The same position with the same side to move occurred for the n-th time (the start included), which
    /// the rules count as a draw.
    Repetition(u8),
}

/// The result of a finished game: the winner (none for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Verdict {
    pub winner: Option<Side>,
    pub end: End,
}

impl Verdict {
    /// The result in notation: `black`, `white` or `draw`.
    pub fn notation(&self) -> &'static str {
        self.winner.map_or("draw", Side::name)
    }

    /// Why the game ended, in a few words ("the king escaped to a1").
    pub fn reason(&self) -> String {
        match self.end {
            End::KingCaptured(sq) => format!("the king was captured on {sq}"),
            End::KingEscaped(sq) => format!("the king escaped to {sq}"),
            End::NoMoves(side) => format!("{side} had no legal move"),
            End::Repetition(n) => format!("the same position occurred a {} time", ordinal(n)),
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(side) => write!(f, "{side} won: {}", self.reason()),
            None => write!(f, "a draw: {}", self.reason()),
        }
    }
}

/// Why a move is not legal in a position. The message says why and how to do it right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The game has ended.
    GameOver(Verdict),
    /// The starting square is empty.
    NoPiece(Square),
    /// The piece on the starting square belongs to the other side.
    NotYourPiece { square: Square, to_move: Side },
    /// The two squares are the same.
    NoDistance(Square),
    /// The two squares share no rank or file.
    NotStraight(Move),
    /// A piece stands between the two squares.
    Blocked { mv: Move, at: Square },
    /// The destination is occupied.
    Occupied(Square),
    /// The destination is the throne.
    Throne,
    /// The path crosses the throne where the rules forbid it.
    ThroneInTheWay(Move),
    /// The path or destination is a camp the piece may not enter.
    Camp { mv: Move, at: Square },
    /// The move lists captured squares that it does not capture.
    WrongCaptures { mv: Move, actual: Bitboard },
}

/// "second", "third", ... for a repetition count.
fn ordinal(n: u8) -> String {
    match n {
        2 => "second".to_string(),
        3 => "third".to_string(),
        4 => "fourth".to_string(),
        n => format!("{n}th"),
    }
}

fn list(bb: Bitboard) -> String {
    let names: Vec<String> = squares(bb).map(|s| s.to_string()).collect();
    match names.len() {
        0 => "nothing".to_string(),
        1 => names[0].clone(),
        n => format!("{} and {}", names[..n - 1].join(", "), names[n - 1]),
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalMove::GameOver(result) => {
                write!(f, "the game is over ({result}): no more moves can be played")
            }
            IllegalMove::NoPiece(sq) => {
                write!(f, "there is no piece on {sq}: start the move from a square with one of your pieces")
            }
            IllegalMove::NotYourPiece { square, to_move } => write!(
                f,
                "the piece on {square} is {}'s, but it is {to_move}'s turn: move one of {}",
                to_move.opponent(),
                match to_move {
                    Side::Black => "the attackers",
                    Side::White => "the defenders or the king",
                }
            ),
            IllegalMove::NoDistance(sq) => {
                write!(f, "{sq}-{sq} goes nowhere: a piece must move at least one square")
            }
            IllegalMove::NotStraight(mv) => write!(
                f,
                "{mv} is not a straight line: pieces move like a chess rook, along a rank or a file"
            ),
            IllegalMove::Blocked { mv, at } => write!(
                f,
                "the path from {} to {} is blocked at {at}: pieces cannot jump over other pieces",
                mv.from, mv.to
            ),
            IllegalMove::Occupied(sq) => {
                write!(f, "{sq} is already occupied: a piece must stop on an empty square")
            }
            IllegalMove::Throne => write!(
                f,
                "no piece may stop on the throne {}: stop before it, or pass over it if the rules allow",
                Square::THRONE
            ),
            IllegalMove::ThroneInTheWay(mv) => {
                write!(f, "{mv} crosses the throne {}, which no piece may pass: go around it", Square::THRONE)
            }
            IllegalMove::Camp { mv, at } => write!(
                f,
                "{mv} enters the camp at {at}: only an attacker that starts the move in that camp may stop on or \
                 cross its squares"
            ),
            IllegalMove::WrongCaptures { mv, actual } => write!(
                f,
                "{mv} captures {}, not what the move says: leave out the `x...` part or list the captured squares",
                list(actual)
            ),
        }
    }
}

impl std::error::Error for IllegalMove {}
