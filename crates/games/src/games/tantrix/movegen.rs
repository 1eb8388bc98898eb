//! The move generator: the matching rule and the three restrictions, checked once per position (the survey), once
//! per cell (its facts, which do not depend on the tile), and then per tile and rotation with one comparison.

use std::collections::VecDeque;

use super::board::{Board, Placement};
use super::position::{IllegalMove, Position, Step};
use super::tiles::{ByColour, Colour, Tile};
use crate::games::hex::{Direction, Hex};

/// Work space of restriction 3, laid out like the board's window (a few hundred bytes, allocated once per
/// generation): the cells its simulation has filled and how many filled cells neighbour each cell, with the cells
/// it touched so it can undo its marks, and the queue of cells still to fill.
#[derive(Default)]
pub(super) struct Fill {
    added: Vec<u8>,
    filled: Vec<bool>,
    touched: Vec<usize>,
    queue: VecDeque<Hex>,
}

impl Fill {
    /// Clears the marks of the last simulation and sizes the arrays to `board`'s window.
    fn reset(&mut self, board: &Board) {
        for &i in &self.touched {
            self.added[i] = 0;
            self.filled[i] = false;
        }
        self.touched.clear();
        self.queue.clear();
        if self.added.len() != board.window_len() {
            self.added = vec![0; board.window_len()];
            self.filled = vec![false; board.window_len()];
        }
    }

    fn fill(&mut self, board: &Board, h: Hex) {
        let Some(i) = board.index(h) else { return };
        self.filled[i] = true;
        self.touched.push(i);
        for n in h.neighbours() {
            if let Some(j) = board.index(n) {
                self.added[j] += 1;
                self.touched.push(j);
            }
        }
    }

    fn is_filled(&self, board: &Board, h: Hex) -> bool {
        board.index(h).is_some_and(|i| self.filled[i])
    }

    /// How many filled cells neighbour `h`: the tiles the simulation added around it.
    fn added(&self, board: &Board, h: Hex) -> u8 {
        board.index(h).map_or(0, |i| self.added[i])
    }
}

/// What the generator learns once per position: the forced spaces and any restriction the board already breaks.
pub(super) struct Survey {
    frontier: Vec<Hex>,
    forced: Vec<Hex>,
    restricted: bool,
    /// A forced space that already shows one colour on three sides.
    dead_space: Option<(Hex, Colour)>,
    /// Empty cells that already have four or more neighbouring tiles.
    crowded: Vec<Hex>,
}

/// Per-cell facts shared by every tile and rotation tried there.
pub(super) struct CellFacts {
    sides: [Option<Colour>; 6],
    /// The sides' colours packed as [`Tile::edge_code`] packs a tile's, and which of the sides show one.
    want: u16,
    mask: u16,
    /// For each neighbouring empty cell that will be a forced space: its direction and its side colours so far.
    spaces: [Option<(Direction, ByColour<u8>)>; 6],
    pub(super) geometry: Result<(), IllegalMove>,
}

impl Position {
    pub(super) fn survey(&self) -> Survey {
        let board = self.board();
        let frontier = board.frontier();
        let forced: Vec<Hex> = frontier.iter().copied().filter(|&h| board.neighbour_count(h) >= 3).collect();
        let restricted = self.restricted();
        let mut dead_space = None;
        let mut crowded = Vec::new();
        if restricted {
            for &h in &forced {
                let counts = self.side_counts(h, None);
                if let Some((c, _)) = counts.iter().find(|&(_, n)| n >= 3) {
                    dead_space.get_or_insert((h, c));
                }
                if board.neighbour_count(h) >= 4 {
                    crowded.push(h);
                }
            }
        }
        Survey { frontier, forced, restricted, dead_space, crowded }
    }

    /// How many sides of the empty cell `h` show each colour, not counting the side towards `skip`.
    fn side_counts(&self, h: Hex, skip: Option<Hex>) -> ByColour<u8> {
        let mut counts = ByColour::splat(0u8);
        for d in Direction::ALL {
            let n = h.step(d);
            if Some(n) == skip {
                continue;
            }
            if let Some(t) = self.board().get(n) {
                counts[t.edge(d.opposite())] += 1;
            }
        }
        counts
    }

    pub(super) fn facts(&self, c: Hex, survey: &Survey, fill: &mut Fill) -> CellFacts {
        let board = self.board();
        let sides = board.sides(c);
        let (mut want, mut mask) = (0u16, 0u16);
        for (d, side) in sides.iter().enumerate() {
            if let Some(colour) = side {
                want |= colour.code() << (2 * d);
                mask |= 3 << (2 * d);
            }
        }
        let mut spaces = [None; 6];
        let mut geometry = Ok(());
        if survey.restricted {
            for (d, space) in Direction::ALL.into_iter().zip(&mut spaces) {
                let n = c.step(d);
                if board.is_empty_cell(n) && board.neighbour_count(n) + 1 >= 3 {
                    *space = Some((d, self.side_counts(n, Some(c))));
                }
            }
            geometry = self.geometry(c, survey, fill);
        }
        CellFacts { sides, want, mask, spaces, geometry }
    }

    /// Restrictions 2 and 3 for a tile on `c`; they do not depend on which tile or rotation.
    fn geometry(&self, c: Hex, survey: &Survey, fill: &mut Fill) -> Result<(), IllegalMove> {
        let board = self.board();
        if let Some(&space) = survey.crowded.iter().find(|&&h| h != c) {
            return Err(IllegalMove::FourNeighbours { space });
        }
        for n in c.neighbours() {
            if board.is_empty_cell(n) && board.neighbour_count(n) + 1 >= 4 {
                return Err(IllegalMove::FourNeighbours { space: n });
            }
        }
        // Restriction 3: fill every forced space left, one after another, whatever the colours. The order does not
        // matter: the cells filled are the same in any order, and so is the sum over them of the neighbours each
        // had when filled, which is 3 per cell exactly when no cell ever had four.
        fill.reset(board);
        fill.fill(board, c);
        fill.queue.extend(survey.forced.iter().copied().filter(|&h| h != c));
        for n in c.neighbours() {
            if board.is_empty_cell(n) && board.neighbour_count(n) + 1 == 3 {
                fill.queue.push_back(n);
            }
        }
        while let Some(x) = fill.queue.pop_front() {
            if fill.is_filled(board, x) || board.index(x).is_none() {
                continue;
            }
            fill.fill(board, x);
            for n in x.neighbours() {
                if !board.is_empty_cell(n) || fill.is_filled(board, n) {
                    continue;
                }
                match board.neighbour_count(n) + fill.added(board, n) {
                    k if k >= 4 => return Err(IllegalMove::ControlledSide { space: n }),
                    3 => fill.queue.push_back(n),
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// Matching and restriction 1 for `tile` turned `rot` on a cell with these facts, saying why not.
    pub(super) fn fits(
        &self,
        c: Hex,
        facts: &CellFacts,
        survey: &Survey,
        tile: Tile,
        rot: u8,
    ) -> Result<(), IllegalMove> {
        let edges = tile.edges(rot);
        for d in Direction::ALL {
            if let Some(theirs) = facts.sides[d.index()] {
                let ours = edges[d.index()];
                if ours != theirs {
                    let at = c.step(d);
                    let neighbour = self.board().get(at).map_or(tile, |p| p.tile);
                    return Err(IllegalMove::Clash { edge: d, tile, rot, ours, theirs, neighbour, at });
                }
            }
        }
        if let Some((space, colour)) = survey.dead_space {
            return Err(IllegalMove::SameColourSpace { space, colour });
        }
        for &(d, counts) in facts.spaces.iter().flatten() {
            let colour = edges[d.index()];
            if counts[colour] + 1 >= 3 {
                return Err(IllegalMove::SameColourSpace { space: c.step(d), colour });
            }
        }
        Ok(())
    }

    /// Whether `tile` turned `rot` fits a cell with these facts: [`Position::fits`] without the reasons.
    #[inline]
    fn fits_quickly(facts: &CellFacts, survey: &Survey, tile: Tile, rot: u8) -> bool {
        if (tile.edge_code(rot) ^ facts.want) & facts.mask != 0 || survey.dead_space.is_some() {
            return false;
        }
        facts.spaces.iter().flatten().all(|&(d, counts)| counts[tile.edge(rot, d)] < 2)
    }

    pub(super) fn generate(&self, step: Step, out: &mut Vec<Placement>) {
        let mut hand = self.hand_copy();
        hand.sort_unstable();
        let board = self.board();
        if board.is_empty() {
            if step == Step::Any {
                for &tile in hand.iter() {
                    out.extend((0..6).map(|rot| Placement { tile, cell: Hex::ORIGIN, rot }));
                }
            }
            return;
        }
        let survey = self.survey();
        let mut fill = Fill::default();
        for forced_pass in [true, false] {
            if !forced_pass && (step == Step::ForcedOnly || !out.is_empty()) {
                break;
            }
            let cells = if forced_pass { &survey.forced } else { &survey.frontier };
            for &c in cells {
                if !forced_pass && board.neighbour_count(c) >= 3 {
                    continue;
                }
                let facts = self.facts(c, &survey, &mut fill);
                if facts.geometry.is_err() {
                    continue;
                }
                for &tile in hand.iter() {
                    for rot in 0..6 {
                        if Self::fits_quickly(&facts, &survey, tile, rot) {
                            out.push(Placement { tile, cell: c, rot });
                        }
                    }
                }
            }
        }
    }
}
