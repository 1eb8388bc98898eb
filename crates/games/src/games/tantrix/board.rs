//! The board: placed tiles in a flat window that covers the tiles and their neighbours and grows as they spread,
//! with neighbour counts kept up to date so forced spaces are found without searching.
//!
//! The window starts small (17 by 17 cells around 0,0, eight bytes a cell: 2.3 KB, where the old fixed window of
//! 128 by 128 cells took 48 KB) and grows by half its size on the side a tile comes near (seeded games end in 17 by
//! 17 or 26 by 17 cells), so a board is cheap to clone and a cell is still found by one index computation.

use super::tiles::{ByColour, Colour, Tile};
use crate::games::hex::{Direction, Hex};

/// How far from (0,0) a tile may be placed in notation: enough for 56 tiles in a line.
pub const LIMIT: i32 = 60;

/// Free cells kept around the tiles when the window grows (at least this many on the side that grew).
const SLACK: i32 = 6;
/// Every tile lies at least this far inside the window's edge, so its neighbours and theirs are in the window
/// and walks from tile to tile step by index without bounds arithmetic.
const MARGIN: i32 = 2;

/// A tile on a cell, turned `rot` steps clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    pub tile: Tile,
    pub cell: Hex,
    pub rot: u8,
}

/// A placed tile as stored in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedTile {
    pub(crate) tile: Tile,
    pub(crate) rot: u8,
}

impl PlacedTile {
    /// The colour the tile shows on edge `edge`.
    #[inline]
    pub fn edge(self, edge: Direction) -> Colour {
        self.tile.edge(self.rot, edge)
    }
}

/// The best chain of one colour: its score and its cells in order along it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chain {
    pub(crate) score: u32,
    pub(crate) is_loop: bool,
    pub(crate) cells: Vec<Hex>,
}

/// One cell of the window (eight bytes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Cell {
    tile: Option<Tile>,
    rot: u8,
    /// Number of tiles on the six neighbours.
    nbrs: u8,
    /// The tile's colours and paths as turned ([`Tile::links`]), 0 for an empty cell.
    links: u32,
}

impl Cell {
    /// The colour of the tile's edge that a step in direction `dir` crosses into it (its edge `dir.opposite()`),
    /// if the cell holds a tile.
    #[inline]
    fn colour_entering(self, dir: usize) -> Option<Colour> {
        self.tile.map(|_| Colour::from_code(self.links >> (5 * dir)))
    }
}

/// Where a walk along a path ([`Board::follow`]) stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathEnd {
    /// Back at the tile it started from: a loop.
    Closed,
    /// At an empty cell, which a tile would extend the path into.
    Open(Hex),
    /// At a tile the visitor refused, or one whose edge does not match (which a legal board never has).
    Dead,
}

/// The placed tiles. Two boards are equal when the same tiles were placed in the same order.
#[derive(Clone, Default)]
pub struct Board {
    /// The window's north-west cell and its size in cells; every tile and its neighbours lie inside, and cells
    /// outside are empty with no neighbouring tile.
    q0: i32,
    r0: i32,
    width: i32,
    height: i32,
    /// Row by row (`r`), then by `q`.
    cells: Vec<Cell>,
    /// The index step to the neighbour in each direction.
    steps: [isize; 6],
    /// The placements in the order they were made.
    placed: Vec<Placement>,
}

impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        self.placed == other.placed
    }
}

impl Eq for Board {}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.placed.iter()).finish()
    }
}

/// Whether a tile may stand on this cell in notation.
pub(crate) fn in_range(h: Hex) -> bool {
    h.q.abs() <= LIMIT && h.r.abs() <= LIMIT
}

impl Board {
    /// An empty board.
    pub fn new() -> Board {
        Board { placed: Vec::with_capacity(56), ..Board::default() }
    }

    /// The board with `placed` put down in order (a puzzle's layout).
    pub fn of(placed: &[Placement]) -> Board {
        let mut board = Board::new();
        for &p in placed {
            board.put(p);
        }
        board
    }

    /// The number of cells in the window, for work space indexed like it ([`Board::index`]).
    pub(super) fn window_len(&self) -> usize {
        self.cells.len()
    }

    /// The window index of a cell, if it lies in the window.
    #[inline]
    pub(super) fn index(&self, h: Hex) -> Option<usize> {
        let x = h.q.wrapping_sub(self.q0) as u32;
        let y = h.r.wrapping_sub(self.r0) as u32;
        (x < self.width as u32 && y < self.height as u32)
            .then(|| y as usize * self.width as usize + x as usize)
    }

    #[inline]
    fn cell(&self, h: Hex) -> Cell {
        self.index(h).map_or_else(Cell::default, |i| self.cells[i])
    }

    /// The cell at a window index.
    #[inline]
    fn hex_at(&self, i: usize) -> Hex {
        // 32-bit division: the window holds far fewer than 2^32 cells.
        let (i, width) = (i as u32, self.width as u32);
        Hex::new(self.q0 + (i % width) as i32, self.r0 + (i / width) as i32)
    }

    /// The tile on a cell, if any.
    #[inline]
    pub fn get(&self, h: Hex) -> Option<PlacedTile> {
        let c = self.cell(h);
        c.tile.map(|tile| PlacedTile { tile, rot: c.rot })
    }

    #[inline]
    pub(crate) fn is_empty_cell(&self, h: Hex) -> bool {
        self.cell(h).tile.is_none()
    }

    /// How many of the six neighbours of `h` hold a tile.
    #[inline]
    pub fn neighbour_count(&self, h: Hex) -> u8 {
        self.cell(h).nbrs
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

    /// Grows the window, if needed, so it holds `h` and its neighbours.
    fn reserve(&mut self, h: Hex) {
        let inside = |lo: i32, size: i32, v: i32| lo + MARGIN <= v && v + MARGIN < lo + size;
        if inside(self.q0, self.width, h.q) && inside(self.r0, self.height, h.r) {
            return;
        }
        // Each axis: keep the old span, and reach `SLACK` (or half the old size) past the new cell on a side
        // that is too short.
        let span = |lo: i32, size: i32, v: i32| {
            let slack = SLACK.max(size / 2);
            let (mut from, mut to) = if size == 0 { (v, v + 1) } else { (lo, lo + size) };
            if v - MARGIN < from {
                from = v - MARGIN - slack;
            }
            if v + MARGIN + 1 > to {
                to = v + MARGIN + 1 + slack;
            }
            (from, to - from)
        };
        let (q0, width) = span(self.q0, self.width, h.q);
        let (r0, height) = span(self.r0, self.height, h.r);
        let mut cells = vec![Cell::default(); (width * height) as usize];
        for y in 0..self.height {
            let old = (y * self.width) as usize;
            let new = ((y + self.r0 - r0) * width + self.q0 - q0) as usize;
            cells[new..new + self.width as usize]
                .copy_from_slice(&self.cells[old..old + self.width as usize]);
        }
        let steps = Direction::ALL.map(|d| {
            let (dq, dr) = d.axial();
            (dq + dr * width) as isize
        });
        *self = Board { q0, r0, width, height, cells, steps, placed: std::mem::take(&mut self.placed) };
    }

    /// Puts a tile down without any rule check (the caller has checked it, or is loading a stored board).
    /// The cell must be empty.
    pub(crate) fn put(&mut self, p: Placement) {
        self.reserve(p.cell);
        let Some(i) = self.index(p.cell) else { return };
        debug_assert!(self.cells[i].tile.is_none(), "cell {} is taken", p.cell);
        self.cells[i] = Cell { tile: Some(p.tile), rot: p.rot, links: p.tile.links(p.rot), ..self.cells[i] };
        for n in p.cell.neighbours() {
            if let Some(j) = self.index(n) {
                self.cells[j].nbrs += 1;
            }
        }
        self.placed.push(p);
    }

    /// Takes the last placement back off the board (the undo of [`Board::put`], for searches).
    pub(crate) fn pop(&mut self) -> Option<Placement> {
        let p = self.placed.pop()?;
        if let Some(i) = self.index(p.cell) {
            self.cells[i] = Cell { nbrs: self.cells[i].nbrs, ..Cell::default() };
            for n in p.cell.neighbours() {
                if let Some(j) = self.index(n) {
                    self.cells[j].nbrs = self.cells[j].nbrs.saturating_sub(1);
                }
            }
        }
        Some(p)
    }

    /// Whether any empty cell has three or more neighbouring tiles (a forced space), without allocating.
    pub(crate) fn has_forced_space(&self) -> bool {
        self.placed.len() > 1
            && self.placed.iter().any(|p| {
                p.cell.neighbours().iter().any(|&n| {
                    let c = self.cell(n);
                    c.tile.is_none() && c.nbrs >= 3
                })
            })
    }

    /// Empty cells next to at least one tile, in a stable order (by r, then q).
    pub fn frontier(&self) -> Vec<Hex> {
        let mut out = Vec::with_capacity(self.placed.len() * 2 + 6);
        // The window is stored by r, then q, so a scan finds the cells in order.
        let mut i = 0;
        for r in self.r0..self.r0 + self.height {
            for q in self.q0..self.q0 + self.width {
                let c = self.cells[i];
                if c.tile.is_none() && c.nbrs > 0 {
                    out.push(Hex::new(q, r));
                }
                i += 1;
            }
        }
        out
    }

    /// Empty cells with three or more neighbouring tiles, in the frontier's order.
    pub fn forced_spaces(&self) -> Vec<Hex> {
        self.frontier().into_iter().filter(|&h| self.neighbour_count(h) >= 3).collect()
    }

    /// The colours on the sides of an empty cell, `None` where no tile touches it (in the order of [`Direction::ALL`]).
    #[inline]
    pub fn sides(&self, h: Hex) -> [Option<Colour>; 6] {
        let (x, y) = (h.q.wrapping_sub(self.q0), h.r.wrapping_sub(self.r0));
        if 0 < x && x + 1 < self.width && 0 < y && y + 1 < self.height {
            // All six neighbours are in the window: step by index.
            let i = (y * self.width + x) as usize;
            std::array::from_fn(|d| self.cells[i.wrapping_add_signed(self.steps[d])].colour_entering(d))
        } else {
            std::array::from_fn(|d| self.cell(h.step(Direction::ALL[d])).colour_entering(d))
        }
    }

    /// What surrounds a cell as one number in base 5, for tables indexed by it: digit `d` (weight `5^d`) is 0
    /// when no tile is across edge `d`, otherwise 1 + the code ([`Colour::code`]) of the colour it shows there.
    #[inline]
    pub(crate) fn side_pattern(&self, h: Hex) -> usize {
        // An empty cell has no links, so its digit is 0 + 0.
        let digit = |c: Cell, d: usize| usize::from(c.tile.is_some()) + (c.links >> (5 * d) & 3) as usize;
        let (x, y) = (h.q.wrapping_sub(self.q0), h.r.wrapping_sub(self.r0));
        let mut pattern = 0;
        if 0 < x && x + 1 < self.width && 0 < y && y + 1 < self.height {
            let i = (y * self.width + x) as usize;
            for d in (0..6).rev() {
                pattern = pattern * 5 + digit(self.cells[i.wrapping_add_signed(self.steps[d])], d);
            }
        } else {
            for d in (0..6).rev() {
                pattern = pattern * 5 + digit(self.cell(h.step(Direction::ALL[d])), d);
            }
        }
        pattern
    }

    /// Follows `colour` out of the tile on `from` across its edge `exit`, tile by tile, calling `visit` with each
    /// new tile and its cell (a tile it refuses ends the walk, dead); stops where the path leaves the tiles or comes
    /// back to `from`'s tile.
    #[inline]
    pub(crate) fn follow(
        &self,
        from: Hex,
        exit: Direction,
        colour: Colour,
        mut visit: impl FnMut(Tile, Hex) -> bool,
    ) -> PathEnd {
        let Some(mut i) = self.index(from) else { return PathEnd::Dead };
        let Some(start) = self.cells[i].tile else { return PathEnd::Dead };
        let want = u32::from(colour.code());
        let mut dir = exit.index();
        loop {
            // The window's margin keeps every neighbour of a tile inside it.
            i = i.wrapping_add_signed(self.steps[dir]);
            let c = self.cells[i];
            let Some(tile) = c.tile else { return PathEnd::Open(self.hex_at(i)) };
            let link = c.links >> (5 * dir);
            if link & 3 != want {
                return PathEnd::Dead;
            }
            if tile == start {
                return PathEnd::Closed;
            }
            if !visit(tile, self.hex_at(i)) {
                return PathEnd::Dead;
            }
            dir = (link >> 2 & 7) as usize;
        }
    }

    /// The number of tiles of the `colour` loop through the tile on `cell`, or 0 when its `colour` path is not a
    /// loop.
    pub(crate) fn loop_through(&self, cell: Hex, colour: Colour) -> u32 {
        let Some(placed) = self.get(cell) else { return 0 };
        let Some((_, exit)) = placed.tile.ends(colour, placed.rot) else { return 0 };
        let mut tiles = 1;
        match self.follow(cell, exit, colour, |_, _| {
            tiles += 1;
            true
        }) {
            PathEnd::Closed => tiles,
            _ => 0,
        }
    }

    /// The best chain of `colour`: a line scores 1 per tile, a loop 2 per tile.
    pub(crate) fn best_chain(&self, colour: Colour) -> Chain {
        let mut seen = [false; 57];
        let mut best = Chain::default();
        for p in &self.placed {
            if seen[p.tile.number() as usize] {
                continue;
            }
            let Some((a, b)) = p.tile.ends(colour, p.rot) else { continue };
            seen[p.tile.number() as usize] = true;
            // Follows the colour one way, pushing each new cell.
            let mut walk = |exit: Direction, out: &mut Vec<Hex>| {
                self.follow(p.cell, exit, colour, |tile, cell| {
                    let fresh = !std::mem::replace(&mut seen[tile.number() as usize], true);
                    if fresh {
                        out.push(cell);
                    }
                    fresh
                })
            };
            let mut forward = Vec::new();
            let closed = walk(b, &mut forward) == PathEnd::Closed;
            let mut cells: Vec<Hex> = Vec::new();
            if closed {
                cells.push(p.cell);
                cells.extend(forward);
            } else {
                let mut backward = Vec::new();
                walk(a, &mut backward);
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
    pub(crate) fn scores(&self) -> ByColour<u32> {
        let mut s = ByColour::splat(0);
        for c in Colour::ALL {
            s[c] = self.best_chain(c).score;
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(n: u8) -> Tile {
        Tile::new(n).unwrap()
    }

    #[test]
    fn the_window_grows_and_keeps_every_tile_and_count() {
        let mut board = Board::new();
        assert!(board.cells.is_empty(), "an empty board holds no window");
        // A line far to the south-east and back: the window grows several times on both axes.
        let cells: Vec<Hex> = (0..40).map(|i| Hex::new(i, -i / 2)).chain([Hex::new(-3, 2)]).collect();
        for (i, &c) in cells.iter().enumerate() {
            board.put(Placement { tile: tile(i as u8 + 1), cell: c, rot: (i % 6) as u8 });
        }
        for (i, &c) in cells.iter().enumerate() {
            assert_eq!(board.get(c), Some(PlacedTile { tile: tile(i as u8 + 1), rot: (i % 6) as u8 }));
            for n in c.neighbours() {
                let expected = n.neighbours().iter().filter(|m| cells.contains(m)).count() as u8;
                assert_eq!(board.neighbour_count(n), expected, "neighbours of {n}");
            }
        }
        assert!(board.width * board.height < 4 * 60 * 30, "the window stays near the tiles");
        let mut frontier: Vec<Hex> = cells
            .iter()
            .flat_map(|c| c.neighbours())
            .filter(|n| !cells.contains(n))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        frontier.sort_unstable_by_key(|h| (h.r, h.q));
        assert_eq!(board.frontier(), frontier);
        for &h in frontier.iter().chain(&cells).chain(&[Hex::new(500, -7), Hex::new(board.q0, board.r0)]) {
            let sides = board.sides(h);
            for (d, side) in Direction::ALL.into_iter().zip(sides) {
                assert_eq!(side, board.get(h.step(d)).map(|t| t.edge(d.opposite())), "side {d} of {h}");
            }
            let pattern =
                sides.iter().rev().fold(0, |p, side| p * 5 + side.map_or(0, |c| 1 + c.code() as usize));
            assert_eq!(board.side_pattern(h), pattern, "pattern of {h}");
        }
        let copy = board.clone();
        while board.pop().is_some() {}
        assert!(board.cells.iter().all(|c| *c == Cell::default()), "popping every tile empties every cell");
        assert_ne!(board, copy);
        assert_eq!(board, Board::new(), "boards compare by their placements");
    }
}
