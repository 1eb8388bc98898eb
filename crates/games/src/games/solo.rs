//! Puzzles for one player, as a game offers them (its [`GameInfo::solo`](super::GameInfo)): pieces put down,
//! picked up again, moved and turned until the layout meets the puzzle's rules. The session layer drives any of
//! them through [`Solo`], naming no game: pieces by number, places by the text the puzzle writes them in, turns by
//! number; the puzzle says what is wrong as [`Phrase`]s and draws itself.

use std::ops::RangeInclusive;

use image::RgbaImage;

use crate::games::board_view::{BoardView, MoveView};
use crate::i18n::{Lang, Phrase};
use crate::render::Palette;

/// A game's puzzle for one player, in the registry.
#[derive(Debug)]
pub struct SoloInfo {
    /// Its name, as stored (`discovery`), and as a player reads it (`Discovery`).
    pub name: &'static str,
    pub title: &'static str,
    /// The sizes it comes in (the number of pieces), chosen by the player; `None` for a puzzle of the day.
    pub sizes: Option<RangeInclusive<u8>>,
    /// The puzzle `spec` names (its size, or its day `YYYY-MM-DD`) as `state` lays it out (as [`Solo::state`]
    /// wrote it; empty for a fresh one).
    pub read: ReadSolo,
}

/// How a puzzle for one player is read: what names it and its state, to the puzzle or why not.
pub type ReadSolo = fn(spec: &str, state: &str) -> Result<Box<dyn Solo>, Phrase>;

/// One move of a puzzle: a piece, its place (as the puzzle writes places), its turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoloMove {
    pub piece: u8,
    pub place: String,
    pub turn: u8,
}

impl SoloMove {
    /// A move as the web board sends it, `<piece>@<place>:<turn>` (`5@-1,2:3`), as [`Solo::legal_views`] writes
    /// it.
    pub fn read(text: &str) -> Option<SoloMove> {
        let (piece, rest) = text.trim().split_once('@')?;
        let (place, turn) = rest.rsplit_once(':')?;
        Some(SoloMove { piece: piece.parse().ok()?, place: place.to_string(), turn: turn.parse().ok()? })
    }
}

/// Where a layout stands against the puzzle's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SoloVerdict {
    Solved,
    /// Over, with a score (more is better), and what it made.
    Scored(u32, Phrase),
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

    /// Whether pieces down may be moved, turned and picked up again.
    fn movable(&self) -> bool {
        true
    }

    /// Whether it gives hints.
    fn hints(&self) -> bool {
        true
    }

    fn verdict(&self) -> SoloVerdict;

    /// One more move of a solution that agrees with everything down, within `limit` steps of search; `seed`
    /// picks among solutions.
    fn hint(&self, seed: u64, limit: u64) -> SoloHint;

    /// The puzzle's picture, its words in `lang`.
    fn picture(&self, marks: &SoloMarks, lang: Lang) -> RgbaImage;

    /// The picture of `piece`'s `turns`, side by side and lettered.
    fn turns_picture(&self, piece: u8, turns: &[u8], lang: Lang) -> RgbaImage;

    /// The puzzle as the web board draws it: the pieces down on their places, and the open places where a piece
    /// on the side may go.
    fn board_view(&self) -> BoardView;

    /// Every way a piece on the side may be put down (each place and turn), as the web board offers them; each
    /// one's text reads back with [`SoloMove::read`].
    fn legal_views(&self) -> Vec<MoveView>;

    /// The piece put down last, which the web board's Take back picks up again (when pieces may be).
    fn last_put(&self) -> Option<u8>;

    /// The palette its pictures are encoded in.
    fn palette(&self) -> &'static Palette;

    /// The puzzle as it stands, as a value of its own (to draw or search on another thread, or to try a move on).
    fn copy(&self) -> Box<dyn Solo>;
}

/// Days since 1970-01-01 of a `YYYY-MM-DD` date (proleptic Gregorian), if it is one.
pub fn days(day: &str) -> Option<i64> {
    let mut parts = day.split('-');
    let (y, m, d): (i64, i64, i64) =
        (parts.next()?.parse().ok()?, parts.next()?.parse().ok()?, parts.next()?.parse().ok()?);
    if parts.next().is_some() || day.len() != 10 || !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    // Howard Hinnant's days_from_civil.
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    // The day must exist (no 31 February).
    (date(days) == day).then_some(days)
}

/// The `YYYY-MM-DD` date of a day counted from 1970-01-01.
pub fn date(days: i64) -> String {
    let (y, m, d) = crate::text::civil(days);
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_read_and_write_back() {
        assert_eq!(days("1970-01-01"), Some(0));
        assert_eq!(days("2026-12-07"), Some(20_794));
        assert_eq!(date(20_794), "2026-12-07");
        for n in [-1000, 0, 59, 60, 11_016, 20_000, 40_000] {
            assert_eq!(days(&date(n)), Some(n));
        }
        for bad in ["2026-02-30", "2026-13-01", "26-12-07", "2026-12-7", "x", "2026-12-07-1"] {
            assert_eq!(days(bad), None, "{bad}");
        }
    }
}
