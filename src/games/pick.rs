//! The move picker's steps: every legal move (or, where a turn has several moves, every whole turn) as the
//! choices a player taps to reach it (a piece, then a destination; a tile, a cell, a rotation), and the pictures
//! that mark those choices. Pure: the session layer walks the paths and the adapters show them.

use image::RgbaImage;

use super::{Phrase, Picture};
use crate::i18n::Lang;

/// One choice of a step: the value that travels in the component's id (the game's own notation: a square, a
/// cell, a tile number, a rotation; never `:` or `.`, never starting with `~`), the label shown for it, and the
/// question of the step it answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PickChoice {
    pub value: String,
    pub label: Phrase,
    /// The step's question ("Choose the piece to move"): the same for every choice of one step.
    pub step: Phrase,
}

impl PickChoice {
    /// A choice shown as its own notation.
    pub(crate) fn notation(value: impl Into<String>, step: &Phrase) -> Self {
        let value = value.into();
        PickChoice { label: notation(&value), value, step: step.clone() }
    }
}

/// A label that is the notation itself, the same in every language.
pub(crate) fn notation(text: &str) -> Phrase {
    Phrase::new("pick-notation", text).str("text", text)
}

/// A legal move (or whole turn) as the picker reaches it: the notation `/move` plays, and the choices that lead
/// to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PickPath {
    pub text: String,
    pub choices: Vec<PickChoice>,
}

/// Whether `value` can travel in a picker's component id.
pub fn value_fits(value: &str) -> bool {
    !value.is_empty()
        && value.chars().count() <= 24
        && !value.starts_with('~')
        && !value.contains([':', '.'])
        && !value.chars().any(char::is_whitespace)
}

/// A game's move picker.
pub trait Picker: Picture {
    /// Every legal move with the choices that lead to it: every path ends on a different move, and no path is a
    /// prefix of another. By default one step: the move itself.
    fn pick_paths(&self) -> Vec<PickPath> {
        let step = Phrase::new("pick-step-move", "Choose your move");
        self.legal_moves_text()
            .into_iter()
            .map(|m| PickPath { choices: vec![PickChoice::notation(m.replace(' ', "_"), &step)], text: m })
            .collect()
    }

    /// The picture of the step after `chosen` (the values chosen so far), marking what can be chosen. By default
    /// the board.
    fn pick_picture(&self, chosen: &[&str], names: &[String], lang: Lang) -> RgbaImage {
        let _ = chosen;
        self.render(names, lang)
    }
}
