//! The board: placed tiles in a flat array over a window large enough for any game, with neighbour counts kept
//! up to date so forced spaces are found without searching.

use super::tiles::{ByColour, Colour, Hex, Tile};

/// Side of the square window of cells the board stores.
const SIZE: i32 = 128;
/// Cell (0,0) sits at this offset in both axes.
const OFFSET: i32 = 64;
/// How far from (0,0) a tile may be placed: enough for 56 tiles in a line, with room for the restriction checks.
pub const LIMIT: i32 = 60;

/// A tile on a cell, turned `rot` steps clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    pub tile: Tile,
    pub cell: Hex,
    pub rot: u8,
}

/// A placed tile as stored in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    pub tile: Tile,
    pub rot: u8,
}

impl Placed {
    #[inline]
    pub fn edge(self, edge: u8) -> Colour {
        self.tile.edge(self.rot, edge)
    }
}

/// The best chain of one colour: its score and its cells in order along it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chain {
    pub score: u32,
    pub is_loop: bool,
    pub cells: Vec<Hex>,
}

/// The placed tiles.
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    /// `tile << 3 | rot`, 0 for an empty cell.
    cells: Vec<u16>,
    /// Number of tiles on the six neighbours of each cell.
    nbrs: Vec<u8>,
    /// The placements in the order they were made.
    placed: Vec<Placement>,
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.placed.iter()).finish()
    }
}

/// Number of cells in the window (for scratch arrays indexed like the board).
pub(super) const CELLS: usize = (SIZE * SIZE) as usize;

/// The window index of a cell, if it lies in the window.
#[inline]
pub(super) fn index(h: Hex) -> Option<usize> {
    let (x, y) = (h.q + OFFSET, h.r + OFFSET);
    ((0..SIZE).contains(&x) && (0..SIZE).contains(&y)).then_some((y * SIZE + x) as usize)
}

/// Whether a tile may stand on this cell (inside the board's window).
pub fn in_range(h: Hex) -> bool {
    h.q.abs() <= LIMIT && h.r.abs() <= LIMIT
}

impl Board {
    /// An empty board.
    pub fn new() -> Board {
        let n = (SIZE * SIZE) as usize;
        Board { cells: vec![0; n], nbrs: vec![0; n], placed: Vec::with_capacity(56) }
    }

    /// The tile on a cell, if any.
    #[inline]
    pub fn get(&self, h: Hex) -> Option<Placed> {
        let v = index(h).map_or(0, |i| self.cells[i]);
        (v != 0).then(|| Placed { tile: Tile::new((v >> 3) as u8).unwrap_or(TILE_ONE), rot: (v & 7) as u8 })
    }

    #[inline]
    pub fn is_empty_cell(&self, h: Hex) -> bool {
        index(h).is_none_or(|i| self.cells[i] == 0)
    }

    /// How many of the six neighbours of `h` hold a tile.
    #[inline]
    pub fn neighbour_count(&self, h: Hex) -> u8 {
        index(h).map_or(0, |i| self.nbrs[i])
    }

    /// The placements in the order they were made.
    pub fn placements(&self) -> &[Placement] {
        &self.placed
    }

    pub fn len(&self) -> usize {
        self.placed.len()
    }

    pub fn is_empty(&self) -> bool {
        self.placed.is_empty()
    }

    /// Puts a tile down without any rule check (the caller has checked it, or is loading a stored board).
    /// The cell must be empty and within [`LIMIT`].
    pub fn put(&mut self, p: Placement) {
        let Some(i) = index(p.cell) else { return };
        debug_assert_eq!(self.cells[i], 0, "cell {} is taken", p.cell);
        self.cells[i] = u16::from(p.tile.number()) << 3 | u16::from(p.rot);
        for n in p.cell.neighbours() {
            if let Some(j) = index(n) {
                self.nbrs[j] += 1;
            }
        }
        self.placed.push(p);
    }

    /// Takes the last placement back off the board (the undo of [`Board::put`], for searches).
    pub fn pop(&mut self) -> Option<Placement> {
        let p = self.placed.pop()?;
        if let Some(i) = index(p.cell) {
            self.cells[i] = 0;
            for n in p.cell.neighbours() {
                if let Some(j) = index(n) {
                    self.nbrs[j] = self.nbrs[j].saturating_sub(1);
                }
            }
        }
        Some(p)
    }

    /// Whether any empty cell has three or more neighbouring tiles (a forced space), without allocating.
    pub fn has_forced_space(&self) -> bool {
        self.placed.len() > 1
            && self.placed.iter().any(|p| {
                p.cell.neighbours().iter().any(|&n| self.is_empty_cell(n) && self.neighbour_count(n) >= 3)
            })
    }

    /// Empty cells next to at least one tile, in a stable order (by r, then q).
    pub fn frontier(&self) -> Vec<Hex> {
        let mut out = Vec::with_capacity(self.placed.len() * 2 + 6);
        for p in &self.placed {
            for n in p.cell.neighbours() {
                if self.is_empty_cell(n) {
                    out.push(n);
                }
            }
        }
        out.sort_unstable_by_key(|h| (h.r, h.q));
        out.dedup();
        out
    }

    /// Empty cells with three or more neighbouring tiles, in the frontier's order.
    pub fn forced_spaces(&self) -> Vec<Hex> {
        self.frontier().into_iter().filter(|&h| self.neighbour_count(h) >= 3).collect()
    }

    /// The colours on the sides of an empty cell, `None` where no tile touches it.
    pub fn sides(&self, h: Hex) -> [Option<Colour>; 6] {
        std::array::from_fn(|d| self.get(h.step(d as u8)).map(|t| t.edge((d as u8 + 3) % 6)))
    }

    /// The best chain of `colour`: a line scores 1 per tile, a loop 2 per tile.
    pub fn best_chain(&self, colour: Colour) -> Chain {
        let mut seen = [false; 57];
        let mut best = Chain::default();
        for p in &self.placed {
            if seen[p.tile.number() as usize] {
                continue;
            }
            let Some((a, b)) = p.tile.ends(colour, p.rot) else { continue };
            seen[p.tile.number() as usize] = true;
            let mut forward = Vec::new();
            let closed = self.walk(p.cell, b, colour, p.tile, &mut seen, &mut forward);
            let mut cells: Vec<Hex> = Vec::new();
            if closed {
                cells.push(p.cell);
                cells.extend(forward);
            } else {
                let mut backward = Vec::new();
                self.walk(p.cell, a, colour, p.tile, &mut seen, &mut backward);
                cells.extend(backward.into_iter().rev());
                cells.push(p.cell);
                cells.extend(forward);
            }
            let score = if closed { 2 * cells.len() as u32 } else { cells.len() as u32 };
            if score > best.score {
                best = Chain { score, is_loop: closed, cells };
            }
        }
        best
    }

    /// Best chain score of every colour.
    pub fn scores(&self) -> ByColour<u32> {
        let mut s = ByColour::splat(0);
        for c in Colour::ALL {
            s[c] = self.best_chain(c).score;
        }
        s
    }

    /// Follows `colour` out of `from` across edge `exit`, pushing each new cell; true if it came back to `start`.
    fn walk(
        &self,
        from: Hex,
        exit: u8,
        colour: Colour,
        start: Tile,
        seen: &mut [bool; 57],
        out: &mut Vec<Hex>,
    ) -> bool {
        let (mut cell, mut exit) = (from, exit);
        loop {
            let next = cell.step(exit);
            let Some(t) = self.get(next) else { return false };
            let entry = (exit + 3) % 6;
            if t.edge(entry) != colour {
                return false;
            }
            if t.tile == start {
                return true;
            }
            let Some((a, b)) = t.tile.ends(colour, t.rot) else { return false };
            if seen[t.tile.number() as usize] {
                return false;
            }
            seen[t.tile.number() as usize] = true;
            out.push(next);
            exit = if a == entry { b } else { a };
            cell = next;
        }
    }
}

const TILE_ONE: Tile = match Tile::new(1) {
    Some(t) => t,
    None => unreachable!(),
};
