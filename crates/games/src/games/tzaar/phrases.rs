//! TZAAR's sentences as [`Phrase`]s: why a move is refused, what a move did, how a game ended, what the player to
//! move must do. Each phrase's English is the `Display` of the value it describes.

use super::{
    End, Game, IllegalMove, Kind, LayoutError, MoveParseError, Phase, PointError, PositionError, Side,
};
use crate::games::{Describe, Phrase};

/// A side's name ("White"), translated.
pub(super) fn side(side: Side) -> Phrase {
    match side {
        Side::White => Phrase::new("seat-white", side.title()),
        Side::Black => Phrase::new("seat-black", side.title()),
    }
}

impl Describe for PointError {
    fn describe(&self) -> Phrase {
        let english = self.to_string();
        match self {
            PointError::Unreadable(text) => {
                Phrase::new("tzaar-unreadable-point", english).typed("text", text)
            }
            PointError::Hole => Phrase::new("tzaar-hole", english).code("point", "E5"),
            PointError::OffBoard(text) => Phrase::new("tzaar-off-board", english).typed("text", text),
        }
    }
}

impl Describe for MoveParseError {
    fn describe(&self) -> Phrase {
        match self {
            MoveParseError::Unreadable(text) => {
                Phrase::new("tzaar-unreadable", self.to_string()).typed("text", text)
            }
            MoveParseError::Point(e) => e.describe(),
        }
    }
}

/// The refusal of an empty turn.
pub(super) fn no_move() -> Phrase {
    Phrase::new(
        "tzaar-no-move",
        "there is no move: write a capture as E4xD4, a stacking move as F4-F5, or pass",
    )
}

/// The refusal of a text that goes on past the end of the turn.
pub(super) fn past_turn(text: &str) -> Phrase {
    Phrase::new(
        "tzaar-past-turn",
        format!("`{text}` goes past the end of this turn: play one turn at a time"),
    )
    .typed("text", text)
}

impl Describe for PositionError {
    fn describe(&self) -> Phrase {
        Phrase::new("tzaar-unreadable-position", self.to_string())
            .typed("text", &self.text)
            .phrase("why", self.why.clone())
            .code("slash", "/")
            .code("dot", ".")
    }
}

impl Describe for LayoutError {
    fn describe(&self) -> Phrase {
        let english = self.to_string();
        match self {
            LayoutError::Unknown(text) => Phrase::new("tzaar-unknown-variant", english).typed("text", text),
            LayoutError::Seed(text) => {
                Phrase::new("tzaar-bad-seed", english).typed("text", text).str("max", u64::MAX)
            }
            LayoutError::Position(e) => e.describe(),
        }
    }
}

/// Why a position ended as [`End`]'s `Display` says it ("Black has no Tott left on top").
fn end(end: End) -> Phrase {
    match end {
        End::LostType { side: who, kind } => Phrase::new("tzaar-end-on-top", end.to_string())
            .phrase("side", side(who))
            .str("kind", kind.name()),
        End::CannotCapture { side: who } => {
            Phrase::new("tzaar-end-cannot-capture", end.to_string()).phrase("side", side(who))
        }
    }
}

impl Describe for IllegalMove {
    fn describe(&self) -> Phrase {
        let english = self.to_string();
        match *self {
            IllegalMove::GameOver(e) => Phrase::new("tzaar-game-over", english)
                .phrase("end", end(e))
                .phrase("winner", side(e.winner())),
            IllegalMove::CaptureDue => Phrase::new("tzaar-capture-due", english),
            IllegalMove::NoStack(p) => Phrase::new("tzaar-no-stack", english).str("point", p),
            IllegalMove::NotYours { point, owner: Side::White } => {
                Phrase::new("tzaar-not-yours-white", english).str("point", point)
            }
            IllegalMove::NotYours { point, owner: Side::Black } => {
                Phrase::new("tzaar-not-yours-black", english).str("point", point)
            }
            IllegalMove::SamePoint(p) => Phrase::new("tzaar-same-point", english).str("point", p),
            IllegalMove::NotInLine { from, to } => {
                Phrase::new("tzaar-not-in-line", english).str("from", from).str("to", to)
            }
            IllegalMove::CrossesHole { from, to } => {
                Phrase::new("tzaar-crosses-hole", english).str("from", from).str("to", to)
            }
            IllegalMove::Blocked { from, to, at } => {
                Phrase::new("tzaar-blocked", english).str("from", from).str("to", to).str("at", at)
            }
            IllegalMove::Empty { to, .. } => Phrase::new("tzaar-empty", english).str("to", to),
            IllegalMove::OwnTarget { from, to } => {
                Phrase::new("tzaar-own-target", english).str("from", from).str("to", to)
            }
            IllegalMove::EnemyTarget { from, to } => {
                Phrase::new("tzaar-enemy-target", english).str("from", from).str("to", to)
            }
            IllegalMove::Taller { from, to, mover, mover_height, target } => {
                let key = match mover {
                    Side::White => "tzaar-taller-white",
                    Side::Black => "tzaar-taller-black",
                };
                Phrase::new(key, english)
                    .str("from", from)
                    .str("to", to)
                    .str("height", mover_height)
                    .str("target", target)
            }
        }
    }
}

/// What a capture took ("captured a black Tott (height 2)").
pub(super) fn captured(owner: Side, kind: Kind, height: u8) -> Phrase {
    let (key, english) = match (owner, height > 1) {
        (Side::White, false) => ("tzaar-captured-white", format!("captured a white {}", kind.name())),
        (Side::Black, false) => ("tzaar-captured-black", format!("captured a black {}", kind.name())),
        (Side::White, true) => {
            ("tzaar-captured-white-tall", format!("captured a white {} (height {height})", kind.name()))
        }
        (Side::Black, true) => {
            ("tzaar-captured-black-tall", format!("captured a black {} (height {height})", kind.name()))
        }
    };
    let phrase = Phrase::new(key, english).str("kind", kind.name());
    if height > 1 { phrase.str("height", height) } else { phrase }
}

/// A stacking move's effect.
pub(super) fn stacked(height: u8) -> Phrase {
    Phrase::new("tzaar-stacked", format!("stacked to height {height}")).str("height", height)
}

/// A pass's effect.
pub(super) fn passed() -> Phrase {
    Phrase::new("tzaar-passed", "passed")
}

impl Game {
    /// Why the game ended, as a phrase ("Black has no Tott left"), once it has.
    pub(crate) fn end_description(&self) -> Option<Phrase> {
        let end = self.position().end()?;
        let english = self.end_phrase()?;
        let who = side(end.loser());
        Some(match end {
            End::LostType { kind, .. } if self.buried_own_last() => {
                Phrase::new("tzaar-end-buried", english).phrase("side", who).str("kind", kind.name())
            }
            End::LostType { kind, .. } => {
                Phrase::new("tzaar-end-lost-type", english).phrase("side", who).str("kind", kind.name())
            }
            End::CannotCapture { .. } => Phrase::new("tzaar-end-cannot-capture", english).phrase("side", who),
        })
    }

    /// Why the game ended and who won ("Black has no Tott left, so White wins"), once it has.
    pub(super) fn reason(&self) -> Option<Phrase> {
        let end = self.position().end()?;
        let why = self.end_description()?;
        let winner = end.winner();
        Some(
            Phrase::new("tzaar-so-wins", format!("{why}, so {} wins", winner.title()))
                .phrase("end", why)
                .phrase("winner", side(winner)),
        )
    }
}

/// What the player to move must do in each phase of a turn.
pub(super) fn prompt(game: &Game) -> Phrase {
    match game.position().phase() {
        Phase::Opening => Phrase::new("prompt-opening-capture", "White's opening turn is a single capture."),
        Phase::Capture => Phrase::new(
            "prompt-turn-capture",
            "Start the turn with a capture; you may send both moves at once (`E4xD4 F4-F5`).",
        )
        .code("example", "E4xD4 F4-F5"),
        Phase::Second => Phrase::new(
            "prompt-second-move",
            "Second move of the turn: a capture, stacking onto your own stack, or `pass`.",
        )
        .code("pass", "pass"),
    }
}

/// TZAAR's tactics: win this turn, or the one turn that saves the game.
impl crate::games::tactic::Tactics for Game {
    fn goal_phrase(&self, goal: crate::games::tactic::Goal) -> Phrase {
        let mover = self.position().to_move();
        crate::games::tactic::generic_goal(goal, side(mover), mover.title())
    }
}
