//! Sides and per-side tables, the same in every game: the [`GameSide`] trait, [`Seat`] for games whose sides are
//! their seats, and [`BySide`], one value per colour for the two-colour games.

use std::borrow::Cow;
use std::fmt;
use std::ops::{Index, IndexMut};

/// A side of a game, with the same names in every game; where seats have no fixed side (Tantrix's colours are
/// chosen per game), the side is the [`Seat`] itself.
pub trait GameSide: Copy + Eq + fmt::Debug + Send + Sync + 'static {
    /// The seat (0-based, in playing order) that plays this side.
    fn seat(self) -> usize;
    /// The side played by `seat`, if there is one.
    fn from_seat(seat: usize) -> Option<Self>;
    /// The word a game record writes for a win of this side (`white`; a seat's number, counting from 1).
    fn name(self) -> Cow<'static, str>;
}

/// A seat as a side, for games whose sides are just their seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seat(pub usize);

impl GameSide for Seat {
    fn seat(self) -> usize {
        self.0
    }
    fn from_seat(seat: usize) -> Option<Self> {
        Some(Seat(seat))
    }
    fn name(self) -> Cow<'static, str> {
        Cow::Owned((self.0 + 1).to_string())
    }
}

/// The sides of a game played by White and Black (whichever moves first).
pub trait WhiteOrBlack: Copy {
    fn is_white(self) -> bool;
}

/// One value per colour, indexed by a game's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BySide<T> {
    pub(crate) white: T,
    pub(crate) black: T,
}

impl<T, C: WhiteOrBlack> Index<C> for BySide<T> {
    type Output = T;
    #[inline]
    fn index(&self, side: C) -> &T {
        if side.is_white() { &self.white } else { &self.black }
    }
}

impl<T, C: WhiteOrBlack> IndexMut<C> for BySide<T> {
    #[inline]
    fn index_mut(&mut self, side: C) -> &mut T {
        if side.is_white() { &mut self.white } else { &mut self.black }
    }
}
