//! Tantrix's sentences as [`Phrase`]s: why a placement or a start is refused, what a placement did, how a game
//! ended, what the player to move must fill first. Each phrase's English is the `Display` of what it describes.

use std::collections::BTreeSet;

use super::StartError;
use super::position::IllegalMove;
use super::tiles::Colour;
use super::{Game, Tile};
use crate::games::hex::Direction;
use crate::games::{Describe, Phrase};

/// A colour as a seat's name ("Red"), translated.
pub(super) fn title(colour: Colour) -> Phrase {
    let key = match colour {
        Colour::Red => "seat-red",
        Colour::Blue => "seat-blue",
        Colour::Yellow => "seat-yellow",
        Colour::Green => "seat-green",
    };
    Phrase::new(key, colour.title())
}

/// A colour inside a sentence ("red"), translated.
pub(super) fn colour(colour: Colour) -> Phrase {
    let key = match colour {
        Colour::Red => "tantrix-red",
        Colour::Blue => "tantrix-blue",
        Colour::Yellow => "tantrix-yellow",
        Colour::Green => "tantrix-green",
    };
    Phrase::new(key, colour.name())
}

/// An edge's compass name ("NE"), translated.
fn dir(d: Direction) -> Phrase {
    let key = match d {
        Direction::N => "tantrix-dir-n",
        Direction::NE => "tantrix-dir-ne",
        Direction::SE => "tantrix-dir-se",
        Direction::S => "tantrix-dir-s",
        Direction::SW => "tantrix-dir-sw",
        Direction::NW => "tantrix-dir-nw",
    };
    Phrase::new(key, d.name())
}

fn tiles(hand: &[Tile]) -> String {
    hand.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
}

impl Describe for IllegalMove {
    fn describe(&self) -> Phrase {
        let english = self.to_string();
        match self {
            IllegalMove::GameOver => Phrase::new("tantrix-game-over", english),
            IllegalMove::NotInHand { tile, hand } if hand.is_empty() => {
                Phrase::new("tantrix-hand-empty", english).str("tile", tile)
            }
            IllegalMove::NotInHand { tile, hand } => {
                Phrase::new("tantrix-not-in-hand", english).str("tile", tile).str("hand", tiles(hand))
            }
            IllegalMove::Taken { cell, by } => {
                Phrase::new("tantrix-taken", english).str("cell", cell).str("tile", by)
            }
            IllegalMove::FirstAtOrigin { tile } => {
                Phrase::new("tantrix-first-at-origin", english).str("tile", tile)
            }
            IllegalMove::NotAdjacent { cell } => {
                Phrase::new("tantrix-not-adjacent", english).str("cell", cell)
            }
            IllegalMove::Clash { edge, tile, rot, ours, theirs, neighbour, at } => {
                Phrase::new("tantrix-clash", english)
                    .phrase("edge", dir(*edge))
                    .str("tile", tile)
                    .str("rotation", rot)
                    .phrase("ours", colour(*ours))
                    .str("neighbour", neighbour)
                    .str("at", at)
                    .phrase("theirs", colour(*theirs))
            }
            IllegalMove::ForcedFirst { space, example } => {
                Phrase::new("tantrix-forced-first", english).str("space", space).str("example", example)
            }
            IllegalMove::SameColourSpace { space, colour: c } => {
                Phrase::new("tantrix-same-colour-space", english)
                    .str("space", space)
                    .phrase("colour", colour(*c))
            }
            IllegalMove::FourNeighbours { space } => {
                Phrase::new("tantrix-four-neighbours", english).str("space", space)
            }
            IllegalMove::ControlledSide { space } => {
                Phrase::new("tantrix-controlled-side", english).str("space", space)
            }
        }
    }
}

impl Describe for StartError {
    fn describe(&self) -> Phrase {
        let english = self.to_string();
        match self {
            StartError::NotAColour(letter) => {
                Phrase::new("tantrix-not-a-colour", english).code("letter", letter)
            }
            StartError::Twice(c) => Phrase::new("tantrix-colour-twice", english).phrase("colour", colour(*c)),
            StartError::Count { given, seats, example } => Phrase::new("tantrix-colour-count", english)
                .number("given", *given)
                .number("seats", *seats)
                .str("example", example),
            StartError::NotPlaying { colour: c, colours } => Phrase::new("tantrix-not-playing", english)
                .phrase("colour", title(*c))
                .str("colours", colours),
            StartError::Hands { bag, dealt, others } => Phrase::new("tantrix-hands", english)
                .number("bag", *bag)
                .number("dealt", *dealt)
                .number("others", *others),
            StartError::NoPlacement(c) => {
                Phrase::new("tantrix-no-placement", english).phrase("colour", title(*c))
            }
        }
    }
}

/// What a placement did: a forced fill or the free move, the tile drawn, the end of the game.
pub(super) fn effect(forced: bool, drew: Option<Tile>, end: Option<&Phrase>) -> Option<Phrase> {
    let mut parts = vec![if forced {
        Phrase::new("tantrix-filled-forced", "filled a forced space")
    } else {
        Phrase::new("tantrix-free-move", "free move")
    }];
    if let Some(t) = drew {
        parts.push(Phrase::new("tantrix-drew", format!("drew tile {t}")).str("tile", t));
    }
    if let Some(reason) = end {
        parts.push(
            Phrase::new("tantrix-game-over-effect", format!("game over: {reason}"))
                .phrase("reason", reason.clone()),
        );
    }
    Phrase::joined(parts, "; ")
}

/// The end of a game where `stuck` has tiles but no legal free move.
pub(super) fn no_free_move(stuck: Colour) -> Phrase {
    Phrase::new(
        "tantrix-no-free-move",
        format!("{} has tiles but no legal free move, so the game is drawn", stuck.title()),
    )
    .phrase("colour", title(stuck))
}

/// The end of a game by scores: the one best chain, or a tie, with every colour's score ("Red 12, Blue 9").
pub(super) fn scored(colours: &[Colour], scores: &[u32], winner: Option<usize>) -> Phrase {
    let table: Vec<Phrase> = colours
        .iter()
        .zip(scores)
        .map(|(c, s)| {
            Phrase::new("tantrix-score", format!("{} {s}", c.title()))
                .phrase("colour", title(*c))
                .str("score", s)
        })
        .collect();
    let table = Phrase::joined(table, ", ").unwrap_or_else(|| Phrase::as_written(""));
    match winner {
        Some(w) => {
            Phrase::new("tantrix-best-chain", format!("{} has the best chain ({table})", colours[w].title()))
                .phrase("colour", title(colours[w]))
                .phrase("scores", table)
        }
        None if scores.iter().any(|&s| s != scores[0]) => places(colours, scores),
        None => {
            Phrase::new("tantrix-tied", format!("the best chains are tied ({table})")).phrase("scores", table)
        }
    }
}

/// "first", "second"… for a place.
fn ordinal(place: usize) -> &'static str {
    ["first", "second", "third", "fourth"].get(place.wrapping_sub(1)).copied().unwrap_or("last")
}

/// The places of a game whose best scores are shared by some but not all: "Red and Yellow share first place with
/// 11; Blue is third with 10".
fn places(colours: &[Colour], scores: &[u32]) -> Phrase {
    let mut levels: Vec<u32> = scores.to_vec();
    levels.sort_unstable_by(|a, b| b.cmp(a));
    levels.dedup();
    let groups = levels.into_iter().map(|score| {
        let place = 1 + scores.iter().filter(|&&s| s > score).count();
        let members: Vec<Colour> =
            colours.iter().zip(scores).filter(|&(_, &s)| s == score).map(|(&c, _)| c).collect();
        let english = ordinal(place);
        match members.as_slice() {
            [alone] => Phrase::new("tantrix-place", format!("{} is {english} with {score}", alone.title()))
                .phrase("colour", title(*alone))
                .number("place", place)
                .str("score", score),
            [rest @ .., last] => {
                let listed = Phrase::joined(rest.iter().map(|&c| title(c)).collect(), ", ")
                    .unwrap_or_else(|| Phrase::as_written(""));
                let both = Phrase::new("tantrix-and", format!("{listed} and {}", last.title()))
                    .phrase("first", listed)
                    .phrase("last", title(*last));
                Phrase::new("tantrix-place-shared", format!("{both} share {english} place with {score}"))
                    .phrase("colours", both)
                    .number("place", place)
                    .str("score", score)
            }
            [] => Phrase::as_written(""),
        }
    });
    Phrase::joined(groups.collect(), "; ").unwrap_or_else(|| Phrase::as_written(""))
}

/// The forced spaces the player to move must fill first, if any.
pub(super) fn prompt(game: &Game) -> Option<Phrase> {
    let forced = game.forced_spaces();
    let fills: BTreeSet<String> = game
        .legal_moves()
        .iter()
        .filter(|p| forced.contains(&p.cell))
        .map(|p| format!("({})", p.cell))
        .collect();
    if fills.is_empty() {
        return None;
    }
    let count = fills.len();
    let cells = fills.into_iter().collect::<Vec<_>>().join(", ");
    let english = format!(
        "Forced space{} to fill first: {cells}; the suggestions start with them.",
        if count == 1 { "" } else { "s" }
    );
    Some(Phrase::new("prompt-forced-spaces", english).number("count", count).str("cells", cells))
}
