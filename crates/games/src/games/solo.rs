//! Puzzles for one player, as a game offers them (its [`GameInfo::solo`](super::GameInfo)): pieces put down,
//! picked up again, moved and turned until the layout meets the puzzle's rules. The session layer drives any of
//! them through [`Solo`], naming no game: pieces by number, places by the text the puzzle writes them in, turns by
//! number; the puzzle says what is wrong as [`Phrase`]s and draws itself.

use std::ops::RangeInclusive;

use image::RgbaImage;

use crate::i18n::{Lang, Phrase};
use crate::render::Palette;

/// A game's puzzle for one player, in the registry.
#[derive(Debug)]
pub struct SoloInfo {
    /// Its name, as stored (`discovery`), and as a player reads it (`Discovery`).
    pub name: &'static str,
    pub title: &'static str,
    /// The sizes it comes in (the number of pieces).
    pub sizes: RangeInclusive<u8>,
    /// The puzzle of `size` as `state` lays it out (as [`Solo::state`] wrote it; empty for a fresh one).
    pub read: ReadSolo,
}

/// How a puzzle for one player is read: its size and its state, to the puzzle or why not.
pub type ReadSolo = fn(size: u8, state: &str) -> Result<Box<dyn Solo>, Phrase>;

/// One move of a puzzle: a piece, its place (as the puzzle writes places), its turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoloMove {
    pub piece: u8,
    pub place: String,
    pub turn: u8,
}

/// Where a layout stands against the puzzle's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SoloVerdict {
    Solved,
    /// Pieces are still on the side.
    Unfinished,
    /// Every piece is down, but the rules do not hold: why.
    Wrong(Phrase),
}

/// What a hint finds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SoloHint {
    /// One more move of a solution that keeps every piece down as it lies.
    Put(SoloMove),
    /// No solution keeps the pieces down as they lie (the whole search was made).
    Impossible,
    /// The search ran out of its budget.
    Unknown,
}

/// What the picture of a puzzle shows besides its pieces.
#[derive(Clone, Debug, Default)]
pub struct SoloMarks {
    /// Seconds since the puzzle was started (or that it took, once solved), and the actions made.
    pub seconds: i64,
    pub actions: u32,
    /// Places lettered as the picker's options (A, B, … in this order).
    pub places: Vec<String>,
    /// A move to show made and ringed (a hint).
    pub hint: Option<SoloMove>,
}

/// A puzzle for one player as it stands.
pub trait Solo: Send + Sync {
    /// The number of pieces.
    fn size(&self) -> u8;

    /// Where it stands, as [`SoloInfo::read`] reads it back.
    fn state(&self) -> String;

    /// What to make, in words ("the red lines make one loop through all 8 tiles, with no holes").
    fn goal(&self) -> Phrase;

    /// The pieces on the side, and those down, by number in order.
    fn off(&self) -> Vec<u8>;
    fn on(&self) -> Vec<u8>;

    /// Where `piece` may go (moved there, when it is down), in the order the picture letters them.
    fn places(&self, piece: u8) -> Vec<String>;

    /// The turns of `piece` that fit on `place`.
    fn turns(&self, piece: u8, place: &str) -> Vec<u8>;

    /// Puts a piece down (moving it, when it is down elsewhere), or says why it cannot go there.
    fn put(&mut self, m: &SoloMove) -> Result<(), Phrase>;

    /// Picks a piece up again, or says why not.
    fn lift(&mut self, piece: u8) -> Result<(), Phrase>;

    fn verdict(&self) -> SoloVerdict;

    /// One more move of a solution that agrees with everything down, within `limit` steps of search; `seed`
    /// picks among solutions.
    fn hint(&self, seed: u64, limit: u64) -> SoloHint;

    /// The puzzle's picture, its words in `lang`.
    fn picture(&self, marks: &SoloMarks, lang: Lang) -> RgbaImage;

    /// The picture of `piece`'s `turns`, side by side and lettered.
    fn turns_picture(&self, piece: u8, turns: &[u8], lang: Lang) -> RgbaImage;

    /// The palette its pictures are encoded in.
    fn palette(&self) -> &'static Palette;
}
