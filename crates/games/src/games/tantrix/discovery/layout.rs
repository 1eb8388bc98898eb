//! A Discovery puzzle as a player works it: the tiles of 1..N on the table, put down, picked up again, moved and
//! turned freely, each put down touching the layout (the first on the centre) with every touching edge matching;
//! and whether the layout solves the puzzle ([`Discovery::verdict`]). Stored as the placements in notation
//! (`3@0,0:0 1@1,-1:2`), the order they were put down in.

use std::fmt;

use super::{NextTile, colour, has_hole, hint};
use crate::games::tantrix::{Board, Colour, Direction, Hex, Placement, Tile, parse_placements};

/// The tiles of one Discovery puzzle, as they lie.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Discovery {
    n: u8,
    colour: Colour,
    placed: Vec<Placement>,
}

/// Why a layout cannot be read, or a tile cannot go where it was asked to.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiscoveryError {
    #[error("there is no Discovery puzzle of {0} tiles: choose 3 to 30")]
    Size(u8),
    #[error("the puzzle has no tile {0}")]
    NoTile(u8),
    #[error("tile {0} is not on the table")]
    NotPlaced(Tile),
    #[error("cell {0} is taken")]
    Taken(Hex),
    #[error("a tile must touch the others (the first goes on the centre, 0,0)")]
    Apart,
    #[error("tile {0} turned so does not match the tiles beside it")]
    Mismatch(Tile),
    #[error("the layout cannot be read: {0}")]
    Unreadable(String),
}

/// Where a layout stands against the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// One closed loop of the colour through every tile, and no hole: solved.
    Solved,
    /// Not every tile is down yet.
    Unfinished { placed: usize },
    /// Every tile is down, but the colour's line through tile N is open.
    Open,
    /// Every tile is down, but the colour's loop through tile N misses `missed` tiles (another loop or line).
    Short { missed: usize },
    /// One loop through every tile, but an empty cell is shut in.
    Hole,
}

impl Discovery {
    /// The puzzle of `n` tiles, nothing placed.
    pub fn new(n: u8) -> Result<Discovery, DiscoveryError> {
        let colour = colour(n).ok_or(DiscoveryError::Size(n))?;
        Ok(Discovery { n, colour, placed: Vec::new() })
    }

    /// The puzzle of `n` tiles as `text` (its placements in notation, as [`Discovery`]'s `Display` writes them) lays
    /// it out; every placement is checked as if put down in that order.
    pub fn read(n: u8, text: &str) -> Result<Discovery, DiscoveryError> {
        let mut layout = Discovery::new(n)?;
        let placements = parse_placements(text).map_err(|e| DiscoveryError::Unreadable(e.to_string()))?;
        for p in placements {
            layout.put(p)?;
        }
        Ok(layout)
    }

    /// The number of tiles.
    pub fn size(&self) -> u8 {
        self.n
    }

    /// The colour of the loop to make.
    pub fn colour(&self) -> Colour {
        self.colour
    }

    /// The tiles down, in the order they were put down.
    pub fn placed(&self) -> &[Placement] {
        &self.placed
    }

    /// The tiles down, as a board (to draw, or to follow paths on).
    pub fn board(&self) -> Board {
        Board::of(&self.placed)
    }

    /// The tiles still on the side, in order.
    pub fn unplaced(&self) -> Vec<Tile> {
        (1..=self.n).filter_map(Tile::new).filter(|t| self.placement(*t).is_none()).collect()
    }

    /// Where `tile` lies, if it is down.
    pub fn placement(&self, tile: Tile) -> Option<Placement> {
        self.placed.iter().find(|p| p.tile == tile).copied()
    }

    /// The tile on `cell`, if any.
    fn at(&self, cell: Hex) -> Option<Placement> {
        self.placed.iter().find(|p| p.cell == cell).copied()
    }

    /// The layout without `tile` (which may be down or not).
    fn without(&self, tile: Tile) -> Discovery {
        Discovery { placed: self.placed.iter().filter(|p| p.tile != tile).copied().collect(), ..self.clone() }
    }

    /// Whether `tile` turned `rot` on the empty `cell` matches every tile beside it.
    fn fits(&self, p: Placement) -> bool {
        Direction::ALL.into_iter().all(|d| {
            self.at(p.cell.step(d)).is_none_or(|o| o.tile.edge(o.rot, d.opposite()) == p.tile.edge(p.rot, d))
        })
    }

    /// The cells `tile` may be put on (moved there, if it is down): the empty cells touching the other tiles where
    /// some turn of it matches, in reading order (top to bottom, then left to right); the centre when no other tile
    /// is down.
    pub fn cells_for(&self, tile: Tile) -> Vec<Hex> {
        let rest = self.without(tile);
        if rest.placed.is_empty() {
            return vec![Hex::ORIGIN];
        }
        let mut cells: Vec<Hex> = rest
            .placed
            .iter()
            .flat_map(|p| p.cell.neighbours())
            .filter(|&c| rest.at(c).is_none() && !rest.rotations_on(tile, c).is_empty())
            .collect();
        cells.sort_by_key(|h| (2 * h.r + h.q, h.q));
        cells.dedup();
        cells
    }

    /// The turns of `tile` that match on `cell` (with `tile` itself lifted first, if it is down).
    pub fn rotations(&self, tile: Tile, cell: Hex) -> Vec<u8> {
        self.without(tile).rotations_on(tile, cell)
    }

    fn rotations_on(&self, tile: Tile, cell: Hex) -> Vec<u8> {
        (0..6).filter(|&rot| self.fits(Placement { tile, cell, rot })).collect()
    }

    /// Puts `p.tile` down as `p` says (moving it, if it is down elsewhere).
    pub fn put(&mut self, p: Placement) -> Result<(), DiscoveryError> {
        if p.tile.number() > self.n {
            return Err(DiscoveryError::NoTile(p.tile.number()));
        }
        let rest = self.without(p.tile);
        if rest.at(p.cell).is_some() {
            return Err(DiscoveryError::Taken(p.cell));
        }
        let touches = p.cell.neighbours().into_iter().any(|c| rest.at(c).is_some());
        if (rest.placed.is_empty() && p.cell != Hex::ORIGIN) || (!rest.placed.is_empty() && !touches) {
            return Err(DiscoveryError::Apart);
        }
        if !rest.fits(p) {
            return Err(DiscoveryError::Mismatch(p.tile));
        }
        *self = rest;
        self.placed.push(p);
        Ok(())
    }

    /// Picks `tile` up again.
    pub fn lift(&mut self, tile: Tile) -> Result<Placement, DiscoveryError> {
        let p = self.placement(tile).ok_or(DiscoveryError::NotPlaced(tile))?;
        *self = self.without(tile);
        Ok(p)
    }

    /// Where the layout stands against the rules.
    pub fn verdict(&self) -> Verdict {
        let placed = self.placed.len();
        if placed < usize::from(self.n) {
            return Verdict::Unfinished { placed };
        }
        let chain = self.loop_through_last();
        match chain {
            None => Verdict::Open,
            Some(len) if len < placed => Verdict::Short { missed: placed - len },
            Some(_) if has_hole(&self.placed) => Verdict::Hole,
            Some(_) => Verdict::Solved,
        }
    }

    /// The tiles of the colour's loop through tile N, if its line closes.
    fn loop_through_last(&self) -> Option<usize> {
        let start = self.placement(Tile::new(self.n)?)?;
        let (_, exit) = start.tile.ends(self.colour, start.rot)?;
        let (mut cell, mut exit) = (start.cell, exit);
        for len in 1..=self.placed.len() {
            let next = cell.step(exit);
            if next == start.cell {
                return Some(len);
            }
            let p = self.at(next)?;
            let (a, b) = p.tile.ends(self.colour, p.rot)?;
            let entry = exit.opposite();
            exit = if a == entry { b } else { a };
            cell = next;
        }
        None
    }

    /// Whether the layout solves the puzzle.
    pub fn is_solved(&self) -> bool {
        self.verdict() == Verdict::Solved
    }

    /// One more tile of a solution that keeps every tile down as it lies, or why there is none (see [`hint`]).
    pub fn hint(&self, seed: u64, limit: u64) -> NextTile {
        hint(self.n, &self.placed, seed, limit).unwrap_or(NextTile::Unknown)
    }
}

/// The placements in notation, separated by spaces, as [`Discovery::read`] reads them.
impl fmt::Display for Discovery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::games::tantrix::notation::write_placements(f, &self.placed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(n: u8) -> Tile {
        Tile::new(n).unwrap()
    }

    #[test]
    fn a_solution_put_down_tile_by_tile_is_solved_and_reads_back() {
        for n in [3, 8, 15] {
            let solution = super::super::solve(n, 1).unwrap();
            let mut layout = Discovery::new(n).unwrap();
            // The solver's first tile is on the centre; the others touch what is down, in its order.
            for p in &solution {
                layout.put(*p).unwrap();
            }
            assert_eq!(layout.verdict(), Verdict::Solved, "{n}");
            let again = Discovery::read(n, &layout.to_string()).unwrap();
            assert_eq!(again, layout);
            // Lifted and put back turned wrong: no longer solved.
            let last = *solution.last().unwrap();
            layout.lift(last.tile).unwrap();
            assert_eq!(layout.verdict(), Verdict::Unfinished { placed: usize::from(n) - 1 });
            for rot in layout.rotations(last.tile, last.cell) {
                let mut other = layout.clone();
                other.put(Placement { rot, ..last }).unwrap();
                assert_eq!(other.is_solved(), rot == last.rot, "{n} turned {rot}");
            }
        }
    }

    #[test]
    fn tiles_go_only_where_they_touch_and_match() {
        let mut layout = Discovery::new(5).unwrap();
        assert_eq!(layout.cells_for(tile(2)), vec![Hex::ORIGIN]);
        assert_eq!(
            layout.put(Placement { tile: tile(2), cell: Hex::new(1, 0), rot: 0 }),
            Err(DiscoveryError::Apart)
        );
        assert_eq!(
            layout.put(Placement { tile: tile(9), cell: Hex::ORIGIN, rot: 0 }),
            Err(DiscoveryError::NoTile(9))
        );
        layout.put(Placement { tile: tile(5), cell: Hex::ORIGIN, rot: 0 }).unwrap();
        let cells = layout.cells_for(tile(2));
        assert!(!cells.is_empty() && cells.iter().all(|c| c.neighbours().contains(&Hex::ORIGIN)));
        for &cell in &cells {
            for rot in 0..6 {
                let p = Placement { tile: tile(2), cell, rot };
                let fits = layout.rotations(tile(2), cell).contains(&rot);
                let mut tried = layout.clone();
                assert_eq!(tried.put(p).is_ok(), fits);
                if !fits {
                    assert_eq!(tried.put(p), Err(DiscoveryError::Mismatch(tile(2))));
                }
            }
        }
        assert_eq!(
            layout.put(Placement { tile: tile(3), cell: Hex::ORIGIN, rot: 0 }),
            Err(DiscoveryError::Taken(Hex::ORIGIN))
        );
        assert_eq!(layout.lift(tile(4)), Err(DiscoveryError::NotPlaced(tile(4))));
        // The only tile down moves anywhere only to the centre.
        assert_eq!(layout.cells_for(tile(5)), vec![Hex::ORIGIN]);
        assert_eq!(layout.unplaced(), vec![tile(1), tile(2), tile(3), tile(4)]);
        assert!(Discovery::read(5, "5@0,0:0 1@4,4:0").is_err());
        assert_eq!(Discovery::new(31), Err(DiscoveryError::Size(31)));
    }

    #[test]
    fn a_second_loop_or_a_hole_is_not_solved() {
        // Every layout of all the tiles found by brute force for the puzzle of 4 or 5 (tile N on the centre):
        // the verdict agrees with an independent reading of the rules.
        for n in [4u8, 5] {
            let solutions = super::super::tests::solutions(n);
            let mut seen = 0;
            let mut stack = vec![Discovery::new(n).unwrap()];
            stack[0].put(Placement { tile: tile(n), cell: Hex::ORIGIN, rot: 0 }).unwrap();
            while let Some(layout) = stack.pop() {
                if layout.placed.len() == usize::from(n) {
                    seen += 1;
                    let solved = solutions.iter().any(|s| s.iter().all(|p| layout.placed.contains(p)));
                    assert_eq!(layout.is_solved(), solved, "{layout}");
                    continue;
                }
                let next = layout.unplaced()[0];
                for cell in layout.cells_for(next) {
                    for rot in layout.rotations(next, cell) {
                        let mut more = layout.clone();
                        more.put(Placement { tile: next, cell, rot }).unwrap();
                        stack.push(more);
                    }
                }
            }
            assert!(seen > solutions.len(), "{n}: {seen} layouts");
        }
    }
}
