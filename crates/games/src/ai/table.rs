//! The search's transposition table: entries packed into two atomic words each (the lockless scheme of Hyatt and
//! Mann), so that the threads of one search can share it (see `Searcher::run_parallel`), and kept from one search
//! to the next (TZAAR's second move reuses the first's; the Tablut Challenge client keeps it across moves).

use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering};

/// A move as a transposition table keeps it: a number below 2^21.
pub(crate) trait Packed: Copy {
    /// The move as a number below 2^21.
    fn pack(self) -> u32;
    /// The move [`Packed::pack`] made `bits` from.
    fn unpack(bits: u32) -> Self;
}

impl Packed for bool {
    fn pack(self) -> u32 {
        u32::from(self)
    }
    fn unpack(bits: u32) -> Self {
        bits != 0
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    Exact,
    Lower,
    Upper,
}

/// What the table keeps of a searched node.
#[derive(Clone, Copy)]
pub(super) struct Entry<M> {
    pub(super) key: u64,
    pub(super) mv: M,
    pub(super) score: i32,
    pub(super) depth: i16,
    pub(super) bound: Bound,
    pub(super) has_move: bool,
}

impl<M: Packed> Entry<M> {
    /// The entry as one word: the score (32 bits), the depth (8), the bound (2), whether it has a move (1) and
    /// the move (21).
    fn data(&self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        (u64::from(self.score as u32) << 32)
            | (u64::from(self.depth.clamp(0, 255) as u8) << 24)
            | (bound << 22)
            | (u64::from(self.has_move) << 21)
            | u64::from(self.mv.pack() & 0x1f_ffff)
    }

    fn from_data(key: u64, data: u64) -> Self {
        let bound = match (data >> 22) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Entry {
            key,
            mv: M::unpack((data & 0x1f_ffff) as u32),
            score: (data >> 32) as u32 as i32,
            depth: i16::from((data >> 24) as u8),
            bound,
            has_move: data & (1 << 21) != 0,
        }
    }
}

/// One slot of a [`Table`]: the entry's word, and its key mixed with it, so that a slot written by two threads
/// at once reads as no entry rather than as a wrong one (the lockless scheme of Hyatt and Mann).
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// A transposition table that keeps its entries between searches (TZAAR's second move reuses the first's) and
/// that several threads may search with at once (see [`Searcher::run_parallel`]).
pub(crate) struct Table<M> {
    slots: Box<[Slot]>,
    mask: usize,
    moves: PhantomData<M>,
}

impl<M: Packed> Table<M> {
    /// A table of about `2^bits` entries (16 bytes each).
    pub fn new(bits: u32) -> Self {
        let size = 1usize << bits.clamp(8, 22);
        Table { slots: (0..size).map(|_| Slot::default()).collect(), mask: size - 1, moves: PhantomData }
    }

    /// A table sized for a node budget: small budgets need (and clear) a small table.
    pub(crate) fn for_budget(nodes: Option<u64>) -> Self {
        let bits = nodes.map_or(20, |n| 64 - n.max(1).leading_zeros() + 1);
        Self::new(bits.min(20))
    }

    pub(super) fn probe(&self, key: u64) -> Option<Entry<M>> {
        let slot = &self.slots[key as usize & self.mask];
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        // An empty slot holds zeros, which no key other than 0 matches.
        (check ^ data == key && (key != 0 || data != 0)).then(|| Entry::from_data(key, data))
    }

    pub(super) fn store(&self, entry: Entry<M>) {
        let old = self.probe(entry.key);
        if old.is_none_or(|old| old.depth <= entry.depth || entry.bound == Bound::Exact) {
            let slot = &self.slots[entry.key as usize & self.mask];
            let data = entry.data();
            slot.data.store(data, Ordering::Relaxed);
            slot.check.store(entry.key ^ data, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_entries_survive_packing() {
        let table: Table<bool> = Table::new(8);
        for (i, (score, depth, bound, mv)) in [
            (-899_993, 1, Bound::Upper, true),
            (899_997, 40, Bound::Lower, false),
            (-12_345, 255, Bound::Exact, true),
            (0, 3, Bound::Exact, false),
        ]
        .into_iter()
        .enumerate()
        {
            let key = crate::ai::search::splitmix64(i as u64);
            table.store(Entry { key, mv, score, depth, bound, has_move: true });
            let e = table.probe(key).expect("the entry just stored");
            assert_eq!((e.score, e.depth, e.mv, e.has_move), (score, depth, mv, true));
            assert!(e.bound == bound);
            // Another key in the same slot is not taken for it.
            assert!(table.probe(key ^ (1 << 40)).is_none());
        }
    }
}
