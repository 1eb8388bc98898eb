//! Tantrix for 2 to 4 players: hexagonal tiles with three coloured paths, placed so every shared edge matches;
//! forced spaces, the three restrictions while the bag has tiles, and scoring by each colour's best line or loop.
//!
//! [`Position`] is the fast rules core (a board, a hand, a bag count) with the move generator; [`Game`] is a
//! whole game (setup with the shuffle's seed, all hands, the turn) and implements [`crate::games::Engine`].

pub mod ai;
mod board;
pub mod cli;
mod entry;
mod game;
mod movegen;
mod notation;
mod phrases;
pub mod picture;
mod position;
mod tile_picture;
mod tiles;

pub use board::{Board, Chain, LIMIT, PathEnd, Placed, Placement};
pub use game::{Game, StartError, colour_letters};
pub use notation::{ParseError, Unreadable, parse_board, parse_placements};
pub use position::{Illegal, Position, Step};
pub use tiles::{ByColour, Colour, Path, PathKind, TILES_TSV, Tile};

pub use crate::games::hex::{Dir, Hex};
