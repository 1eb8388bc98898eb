//! Tablut's move picker: the piece (the squares of the pieces that can move), then its destination (with the
//! soldiers it would capture); the session layer then previews the position after the move.

use image::RgbaImage;

use super::{Game, Move, Square, squares};
use crate::games::pick::{PickChoice, PickPath, Picker, notation};
use crate::games::{Engine, Phrase};
use crate::i18n::Lang;

fn piece_step() -> Phrase {
    Phrase::new("pick-step-piece", "Choose the piece to move")
}

fn destination_step() -> Phrase {
    Phrase::new("pick-step-destination", "Choose where it goes (× marks what it would capture)")
}

/// The squares a bitboard of captures holds, as a list for a label.
fn square_list(captured: super::Bitboard) -> String {
    squares(captured).map(|s| s.to_string()).collect::<Vec<_>>().join(" ")
}

impl Game {
    /// The legal moves with the soldiers each would capture.
    fn moves_with_captures(&self) -> Vec<(Move, super::Bitboard)> {
        let mut moves = Vec::new();
        Engine::legal_moves(self, &mut moves);
        moves.into_iter().map(|mv| (mv, self.position().play_unchecked(mv).1)).collect()
    }
}

impl Picker for Game {
    fn pick_paths(&self) -> Vec<PickPath> {
        let (piece, destination) = (piece_step(), destination_step());
        self.moves_with_captures()
            .into_iter()
            .map(|(mv, captured)| {
                let to = mv.to.to_string();
                let label = if captured == 0 {
                    notation(&to)
                } else {
                    let list = square_list(captured);
                    Phrase::new("pick-captures", format!("{to} (captures {list})"))
                        .str("square", &to)
                        .str("captured", list)
                };
                PickPath {
                    text: mv.to_string(),
                    choices: vec![
                        PickChoice::notation(mv.from.to_string(), &piece),
                        PickChoice::new(to, label, &destination),
                    ],
                }
            })
            .collect()
    }

    fn pick_picture(&self, chosen: &[&str], names: &[String], lang: Lang) -> RgbaImage {
        let moves = self.moves_with_captures();
        let from = chosen.first().and_then(|c| c.parse::<Square>().ok());
        let marks: Vec<(Square, super::Bitboard)> = match from {
            None => moves.iter().map(|(mv, _)| (mv.from, 0)).collect(),
            Some(from) => moves.iter().filter(|(mv, _)| mv.from == from).map(|(mv, c)| (mv.to, *c)).collect(),
        };
        super::picture::render_pick(self, from, &marks, names, lang)
    }
}
