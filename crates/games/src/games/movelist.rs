//! A fixed-capacity list of moves that lives on the stack, so that generating moves never allocates; each game
//! names its own capacity (`tablut::MoveList`, ...).

use std::fmt;
use std::ops::Deref;

/// Up to `N` moves, in the order they were pushed.
#[derive(Clone)]
pub struct MoveArray<M, const N: usize> {
    moves: [M; N],
    len: usize,
}

impl<M: Copy, const N: usize> MoveArray<M, N> {
    /// An empty list; `filler` only fills the unused slots.
    pub const fn new(filler: M) -> Self {
        MoveArray { moves: [filler; N], len: 0 }
    }

    /// Appends a move. More than `N` moves is a bug in the game's bound, and panics.
    #[inline]
    pub fn push(&mut self, m: M) {
        self.moves[self.len] = m;
        self.len += 1;
    }
}

impl<M, const N: usize> Deref for MoveArray<M, N> {
    type Target = [M];
    fn deref(&self) -> &[M] {
        &self.moves[..self.len]
    }
}

impl<M: fmt::Debug, const N: usize> fmt::Debug for MoveArray<M, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
