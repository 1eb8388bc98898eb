//! A position (the board, the hand of the player to place next, the tiles left in the bag), its legal
//! placements under the matching rule and the three restrictions, and why a placement is not legal.

use std::fmt;
use std::ops::{Deref, DerefMut};

use super::board::{Board, Placement};
use super::movegen::Fill;
use super::notation::PositionError;
use super::tiles::{ByColour, Colour, Tile};
use crate::games::hex::{Direction, Hex};

/// Which placements a step of the turn allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Before the free move: the forced fills when there are any, otherwise the free moves.
    Any,
    /// After the free move: forced fills only.
    ForcedOnly,
}

/// Why a placement is not legal here. Each message is one sentence that also says what to do instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The game has ended.
    GameOver,
    /// The tile is not in the hand of the player to move.
    NotInHand { tile: Tile, hand: Vec<Tile> },
    /// The cell already holds a tile.
    Taken { cell: Hex, by: Tile },
    /// The first tile of the game must go on 0,0.
    FirstAtOrigin { tile: Tile },
    /// The cell touches no tile.
    NotAdjacent { cell: Hex },
    /// An edge shared with a neighbour has different colours on its two sides.
    Clash { edge: Direction, tile: Tile, rot: u8, ours: Colour, theirs: Colour, neighbour: Tile, at: Hex },
    /// A forced space can be filled, so a free move is not allowed yet.
    ForcedFirst { space: Hex, example: Placement },
    /// Restriction 1: a forced space would show the same colour on three sides.
    SameColourSpace { space: Hex, colour: Colour },
    /// Restriction 2: an empty cell would have four or more neighbouring tiles.
    FourNeighbours { space: Hex },
    /// Restriction 3: filling the forced spaces left behind would surround a cell with four tiles.
    ControlledSide { space: Hex },
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver => write!(f, "the game is over: no more tiles can be placed"),
            IllegalMove::NotInHand { tile, hand } if hand.is_empty() => {
                write!(f, "tile {tile} is not in your hand: your hand is empty, so wait for your next turn")
            }
            IllegalMove::NotInHand { tile, hand } => {
                let list: Vec<String> = hand.iter().map(ToString::to_string).collect();
                write!(f, "tile {tile} is not in your hand: place one of {}", list.join(", "))
            }
            IllegalMove::Taken { cell, by } => {
                write!(f, "cell {cell} is taken by tile {by}: choose an empty cell next to the tiles")
            }
            IllegalMove::FirstAtOrigin { tile } => {
                write!(f, "the first tile goes on 0,0: write it as {tile}@0,0:k with k the rotation 0-5")
            }
            IllegalMove::NotAdjacent { cell } => write!(
                f,
                "cell {cell} is not next to a tile: choose an empty cell that touches a tile on the board"
            ),
            IllegalMove::Clash { edge, tile, rot, ours, theirs, neighbour, at } => write!(
                f,
                "colours clash on the {edge} edge: tile {tile} turned {rot} shows {ours} there but tile {neighbour} \
                 on {at} shows {theirs}; try another rotation or cell"
            ),
            IllegalMove::ForcedFirst { space, example } => write!(
                f,
                "a forced space must be filled first: {space} (for example {example}); free moves come after"
            ),
            IllegalMove::SameColourSpace { space, colour } => write!(
                f,
                "it would make a forced space at {space} with three {colour} sides, which no tile could fill; \
                 choose another rotation or cell"
            ),
            IllegalMove::FourNeighbours { space } => write!(
                f,
                "it would leave a space with four neighbours at {space}, which is not allowed while the bag has \
                 tiles; choose another cell"
            ),
            IllegalMove::ControlledSide { space } => write!(
                f,
                "it would break a controlled side: filling the forced spaces it leaves would surround {space} by \
                 four tiles; choose a cell off that line"
            ),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// A hand of at most six tiles, kept inline so a position copies without allocating.
#[derive(Clone, Copy)]
pub(super) struct Hand {
    tiles: [Tile; 6],
    len: u8,
}

impl Hand {
    /// The first six tiles of `tiles` (a hand never holds more).
    fn from_slice(tiles: &[Tile]) -> Hand {
        debug_assert!(tiles.len() <= 6, "a hand of {} tiles", tiles.len());
        let mut hand = Hand::default();
        for (slot, &t) in hand.tiles.iter_mut().zip(tiles) {
            *slot = t;
            hand.len += 1;
        }
        hand
    }

    /// Takes `tile` out, keeping the order of the others.
    fn remove(&mut self, tile: Tile) {
        if let Some(i) = self.iter().position(|&t| t == tile) {
            self.tiles.copy_within(i + 1..usize::from(self.len), i);
            self.len -= 1;
        }
    }
}

impl Default for Hand {
    fn default() -> Self {
        Hand { tiles: [TILE_ONE; 6], len: 0 }
    }
}

impl Deref for Hand {
    type Target = [Tile];
    fn deref(&self) -> &[Tile] {
        &self.tiles[..usize::from(self.len)]
    }
}

impl DerefMut for Hand {
    fn deref_mut(&mut self) -> &mut [Tile] {
        &mut self.tiles[..usize::from(self.len)]
    }
}

impl PartialEq for Hand {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for Hand {}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

const TILE_ONE: Tile = match Tile::new(1) {
    Some(t) => t,
    None => unreachable!(),
};

/// A board, the hand of the player to place next, and the number of tiles left in the bag.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Position {
    board: Board,
    hand: Hand,
    bag: u8,
}

impl Position {
    /// A position from its parts. The board's tiles, the hand and the bag must not overlap or exceed 56 tiles.
    pub fn new(board: Board, hand: &[Tile], bag: u8) -> Result<Position, PositionError> {
        let mut seen = [false; 57];
        for t in board.placements().iter().map(|p| p.tile).chain(hand.iter().copied()) {
            if std::mem::replace(&mut seen[t.number() as usize], true) {
                return Err(PositionError::Twice(t));
            }
        }
        if hand.len() > 6 {
            return Err(PositionError::HandSize(hand.len()));
        }
        let left = 56 - board.len() - hand.len();
        if usize::from(bag) > left {
            return Err(PositionError::BagSize { left, bag });
        }
        Ok(Position { board, hand: Hand::from_slice(hand), bag })
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn hand(&self) -> &[Tile] {
        &self.hand
    }

    /// Tiles left in the bag.
    pub(crate) fn bag(&self) -> u8 {
        self.bag
    }

    /// Whether the restrictions apply (they do while the bag has tiles).
    pub fn restricted(&self) -> bool {
        self.bag > 0
    }

    /// The legal placements: the forced fills when there are any, otherwise the free moves.
    pub fn legal_moves(&self) -> Vec<Placement> {
        self.moves(Step::Any)
    }

    /// The legal placements into forced spaces.
    pub fn forced_fills(&self) -> Vec<Placement> {
        self.moves(Step::ForcedOnly)
    }

    /// The legal placements a step of the turn allows.
    pub(crate) fn moves(&self, step: Step) -> Vec<Placement> {
        let mut out = Vec::with_capacity(64);
        self.generate(step, &mut out);
        out
    }

    /// Replaces the hand (for searches that keep every seat's hand apart and reuse one position). A hand holds
    /// at most six tiles; more are not kept.
    pub(crate) fn set_hand(&mut self, hand: &[Tile]) {
        self.hand = Hand::from_slice(hand);
    }

    /// A copy of the hand, to sort or change without touching the position.
    pub(super) fn hand_copy(&self) -> Hand {
        self.hand
    }

    /// Sets the number of tiles left in the bag (for searches).
    pub(crate) fn set_bag(&mut self, bag: u8) {
        self.bag = bag;
    }

    /// Puts a placement on the board with no check and no change to the hand or bag (for searches that
    /// generated it); [`Position::take_back`] undoes it.
    pub(crate) fn put_unchecked(&mut self, p: Placement) {
        self.board.put(p);
    }

    /// Takes the last placement back off the board.
    pub(crate) fn take_back(&mut self) -> Option<Placement> {
        self.board.pop()
    }

    /// The legal placements a step of the turn allows, into a caller's buffer (cleared first).
    pub(crate) fn moves_into(&self, step: Step, out: &mut Vec<Placement>) {
        out.clear();
        self.generate(step, out);
    }

    /// The best chain score of each colour.
    pub(crate) fn scores(&self) -> ByColour<u32> {
        self.board.scores()
    }

    /// Whether `p` is legal here, and if not, why. (A turn's forced-only step needs no check of its own: it
    /// lasts only while forced spaces remain, and then every legal placement fills one.)
    pub fn check(&self, p: Placement) -> Result<(), IllegalMove> {
        if !self.hand.contains(&p.tile) {
            return Err(IllegalMove::NotInHand { tile: p.tile, hand: self.hand.to_vec() });
        }
        if let Some(t) = self.board.get(p.cell) {
            return Err(IllegalMove::Taken { cell: p.cell, by: t.tile });
        }
        if self.board.is_empty() {
            return if p.cell == Hex::ORIGIN {
                Ok(())
            } else {
                Err(IllegalMove::FirstAtOrigin { tile: p.tile })
            };
        }
        if self.board.neighbour_count(p.cell) == 0 {
            return Err(IllegalMove::NotAdjacent { cell: p.cell });
        }
        let forced_cell = self.board.neighbour_count(p.cell) >= 3;
        if !forced_cell && let Some(example) = self.forced_fills().first() {
            return Err(IllegalMove::ForcedFirst { space: example.cell, example: *example });
        }
        let survey = self.survey();
        let facts = self.facts(p.cell, &survey, &mut Fill::default());
        // Colours first: a clash is the most concrete reason.
        let fit = self.fits(p.cell, &facts, &survey, p.tile, p.rot);
        if let Err(e @ IllegalMove::Clash { .. }) = fit {
            return Err(e);
        }
        fit?;
        facts.geometry
    }

    /// Plays `p` (checked): the tile leaves the hand, and the bag shrinks by the replacement drawn
    /// (which this position does not know, so the hand gets shorter).
    pub fn play(&self, p: Placement) -> Result<Position, IllegalMove> {
        self.check(p)?;
        Ok(self.apply_unchecked(p))
    }

    fn apply_unchecked(&self, p: Placement) -> Position {
        let mut next = self.clone();
        next.board.put(p);
        next.hand.remove(p.tile);
        next.bag = next.bag.saturating_sub(1);
        next
    }
}
