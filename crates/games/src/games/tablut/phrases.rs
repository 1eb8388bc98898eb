//! Tablut's sentences as [`Phrase`]s: why a move is refused, what a move did, how a game ended. Each phrase's
//! English is the `Display` of the value it describes.

use super::board::{Bitboard, Square, SquareError, squares};
use super::notation::MoveParseError;
use super::outcome::{End, IllegalMove, Verdict};
use super::rules::{Side, UnknownVariant, Variant};
use crate::games::{Describe, Phrase};

/// A side's name ("White"), translated.
pub(super) fn side(side: Side) -> Phrase {
    match side {
        Side::White => Phrase::new("seat-white", side.title()),
        Side::Black => Phrase::new("seat-black", side.title()),
    }
}

fn square_list(bb: Bitboard) -> Phrase {
    let names: Vec<String> = squares(bb).map(|s| s.to_string()).collect();
    Phrase::list(&names)
}

impl Describe for MoveParseError {
    fn describe(&self) -> Phrase {
        Phrase::new("tablut-unreadable", self.to_string()).typed("text", &self.0).code("example", "e8-d8")
    }
}

impl Describe for SquareError {
    fn describe(&self) -> Phrase {
        Phrase::new("tablut-unreadable-square", self.to_string()).typed("text", &self.0).code("example", "e5")
    }
}

impl Describe for UnknownVariant {
    fn describe(&self) -> Phrase {
        let names: Vec<String> = Variant::ALL.iter().map(|v| v.name().to_string()).collect();
        let (last, rest) = names.split_last().expect("Tablut has variants");
        let choices = Phrase::new("engine-list-or", format!("{} or {last}", rest.join(", ")))
            .str("first", rest.join(", "))
            .str("last", last);
        Phrase::new("tablut-unknown-variant", self.to_string())
            .typed("text", &self.0)
            .phrase("choices", choices)
    }
}

impl Verdict {
    /// Why the game ended, as a phrase ("the king escaped to a1").
    pub fn reason_phrase(self) -> Phrase {
        let english = self.reason();
        match self.end {
            End::KingCaptured(sq) => Phrase::new("effect-king-captured", english).str("square", sq),
            End::KingEscaped(sq) => Phrase::new("effect-king-escaped", english).str("square", sq),
            End::NoMoves(who) => Phrase::new("end-no-moves", english).phrase("side", side(who)),
            End::Repetition(n) => Phrase::new("end-repetition", english).number("count", usize::from(n)),
        }
    }

    /// The result with its reason ("White won: the king escaped to a1"), as a phrase.
    pub(crate) fn phrase(self) -> Phrase {
        match self.winner {
            Some(winner) => Phrase::new("tablut-won", self.to_string())
                .phrase("side", side(winner))
                .phrase("reason", self.reason_phrase()),
            None => Phrase::new("tablut-draw", self.to_string()).phrase("reason", self.reason_phrase()),
        }
    }
}

impl Describe for IllegalMove {
    fn describe(&self) -> Phrase {
        let english = self.to_string();
        match *self {
            IllegalMove::GameOver(result) => {
                Phrase::new("tablut-game-over", english).phrase("result", result.phrase())
            }
            IllegalMove::NoPiece(sq) => Phrase::new("tablut-no-piece", english).str("square", sq),
            IllegalMove::NotYourPiece { square, to_move: Side::Black } => {
                Phrase::new("tablut-not-yours-black", english).str("square", square)
            }
            IllegalMove::NotYourPiece { square, to_move: Side::White } => {
                Phrase::new("tablut-not-yours-white", english).str("square", square)
            }
            IllegalMove::NoDistance(sq) => Phrase::new("tablut-no-distance", english).str("square", sq),
            IllegalMove::NotStraight(mv) => Phrase::new("tablut-not-straight", english).str("move", mv),
            IllegalMove::Blocked { mv, at } => {
                Phrase::new("tablut-blocked", english).str("from", mv.from).str("to", mv.to).str("at", at)
            }
            IllegalMove::Occupied(sq) => Phrase::new("tablut-occupied", english).str("square", sq),
            IllegalMove::Throne => Phrase::new("tablut-throne", english).str("throne", Square::THRONE),
            IllegalMove::ThroneInTheWay(mv) => {
                Phrase::new("tablut-throne-in-the-way", english).str("move", mv).str("throne", Square::THRONE)
            }
            IllegalMove::Camp { mv, at } => Phrase::new("tablut-camp", english).str("move", mv).str("at", at),
            IllegalMove::WrongCaptures { mv, actual: 0 } => {
                Phrase::new("tablut-captures-nothing", english).str("move", mv).code("captures", "x...")
            }
            IllegalMove::WrongCaptures { mv, actual } => Phrase::new("tablut-wrong-captures", english)
                .str("move", mv)
                .phrase("squares", square_list(actual))
                .code("captures", "x..."),
        }
    }
}

/// What a move did beyond moving ("captured d3 and f3, the king escaped to a1"), if anything.
pub(super) fn effect(captured: Bitboard, end: Option<End>) -> Option<Phrase> {
    let mut parts = Vec::new();
    if captured != 0 {
        let list = square_list(captured);
        parts.push(Phrase::new("effect-captured", format!("captured {list}")).phrase("squares", list));
    }
    match end {
        Some(End::KingCaptured(sq)) => {
            parts.push(
                Phrase::new("effect-captured-king", format!("captured the king on {sq}")).str("square", sq),
            );
        }
        Some(End::KingEscaped(sq)) => {
            parts.push(
                Phrase::new("effect-king-escaped", format!("the king escaped to {sq}")).str("square", sq),
            );
        }
        _ => {}
    }
    Phrase::joined(parts, ", ")
}

impl Describe for super::PositionError {
    fn describe(&self) -> Phrase {
        Phrase::new("tablut-unreadable-position", self.to_string())
            .typed("text", &self.text)
            .str("why", &self.why)
            .code("slash", "/")
            .code("b", "b")
            .code("w", "w")
            .code("example", super::START)
    }
}

/// Tablut's tactics: the king escapes (White) or is captured (Black) within two turns, or the one move that saves.
impl crate::games::tactic::Tactics for super::Game {
    const WIN_TURNS: u32 = 2;

    fn goal_phrase(&self, goal: crate::games::tactic::Goal) -> Phrase {
        use crate::games::tactic::Goal;
        let mover = self.position().to_move();
        let who = side(mover);
        match (goal, mover) {
            (Goal::Win { turns }, Side::White) => Phrase::new(
                "tactic-escape",
                format!("{} to move: the king escapes in {}", mover.title(), moves(turns)),
            )
            .phrase("side", who)
            .number("turns", usize::from(turns)),
            (Goal::Win { turns }, Side::Black) => Phrase::new(
                "tactic-capture",
                format!("{} to move: capture the king in {}", mover.title(), moves(turns)),
            )
            .phrase("side", who)
            .number("turns", usize::from(turns)),
            _ => crate::games::tactic::generic_goal(goal, who, mover.title()),
        }
    }
}

/// "one move", "2 moves": how a goal counts its moves in English.
fn moves(turns: u8) -> String {
    if turns == 1 { "one move".to_string() } else { format!("{turns} moves") }
}
