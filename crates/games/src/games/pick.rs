//! The move picker's steps: every legal move (or, where a turn has several moves, every whole turn) as the
//! choices a player taps to reach it (a piece, then a destination; a tile, a cell, a rotation), and the pictures
//! that mark those choices. Pure: the session layer walks the paths and the adapters show them.

use image::RgbaImage;

use super::{GameKind, Phrase, Picture, each_kind};
use crate::i18n::Lang;

/// A small square picture that stands for a choice beside its label (a Tantrix tile): the game's own number for
/// it (1 to the game's [`Picker::ICONS`]). An adapter may show it as it likes; Discord's shows it as an application
/// emoji named [`Icon::name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Icon {
    pub game: GameKind,
    pub key: u8,
}

impl Icon {
    /// Every game's icons, in the registry's order.
    pub fn all() -> Vec<Icon> {
        GameKind::ALL
            .iter()
            .flat_map(|&game| {
                let count = each_kind!(game, G => <G as Picker>::ICONS);
                (1..=count).map(move |key| Icon { game, key })
            })
            .collect()
    }

    /// Its name, unique among every game's icons and within Discord's emoji names (2 to 32 of `A-Z a-z 0-9 _`):
    /// the game's and the number, `tantrix_07`.
    pub fn name(self) -> String {
        format!("{}_{:02}", self.game.name(), self.key)
    }

    /// The icon drawn (see [`Picker::pick_icon`]); `None` for a number the game has no icon for.
    pub fn draw(self) -> Option<RgbaImage> {
        each_kind!(self.game, G => <G as Picker>::pick_icon(self.key))
    }
}

/// One choice of a step: the value that travels in the component's id (the game's own notation: a square, a
/// cell, a tile number, a rotation; never `:` or `.`, never starting with `~`), the label shown for it, and the
/// question of the step it answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PickChoice {
    pub value: String,
    pub label: Phrase,
    /// The step's question ("Choose the piece to move"): the same for every choice of one step.
    pub step: Phrase,
    /// The number of the game's icon shown beside the label (see [`Picker::pick_icon`]), if any; the label says
    /// what it shows all the same, for an adapter without pictures.
    pub icon: Option<u8>,
}

impl PickChoice {
    /// A choice shown as `label`, without an icon.
    pub fn new(value: impl Into<String>, label: Phrase, step: &Phrase) -> Self {
        PickChoice { value: value.into(), label, step: step.clone(), icon: None }
    }

    /// A choice shown as its own notation.
    pub(crate) fn notation(value: impl Into<String>, step: &Phrase) -> Self {
        let value = value.into();
        PickChoice::new(value.clone(), notation(&value), step)
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

/// The letters of the `i`-th choice on a picture (a picker's places, turns): A to Z, then AA, AB…
pub fn letters(i: usize) -> String {
    let mut n = i;
    let mut out = Vec::new();
    loop {
        out.push(char::from(b'A' + u8::try_from(n % 26).unwrap_or(0)));
        if n < 26 {
            break;
        }
        n = n / 26 - 1;
    }
    out.iter().rev().collect()
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
    /// How many icons the choices may show (numbered from 1; see [`PickChoice::icon`]). None by default.
    const ICONS: u8 = 0;

    /// Icon `key` drawn: a small square picture, transparent around what it shows; `None` for a number that is
    /// not one of the game's icons.
    fn pick_icon(key: u8) -> Option<RgbaImage> {
        let _ = key;
        None
    }

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
