//! Tablut on the command line: where a command starts (a position in notation, or a variant's start) and perft.
//! Listing moves, replaying a line and drawing a position come from the rules trait ([`CommandLine`]'s provided
//! methods).

use crate::games::tablut::{Game, Position, Variant};
use crate::games::{CliError, CliPosition, CommandLine, Competition, Perft, divided};

/// The starting position: `position` in notation, or the variant's start.
fn start(position: Option<&str>, variant: Option<&str>) -> Result<Position, CliError> {
    let variant: Variant = variant.unwrap_or("").parse().map_err(|e| CliError::Variant(Box::new(e)))?;
    match position {
        Some(text) => Position::parse(text, variant).map_err(|e| CliError::Position(Box::new(e))),
        None => Ok(Position::start(variant)),
    }
}

/// Perft to `depth`: with `divide`, each first move with its count; and the total.
pub fn perft(
    position: Option<&str>,
    variant: Option<&str>,
    depth: u32,
    divide: bool,
) -> Result<Perft, CliError> {
    let pos = start(position, variant)?;
    if divide {
        let lines = pos.perft_divide(depth).into_iter().map(|(mv, n)| (mv.to_string(), n)).collect();
        Ok(divided(depth, lines))
    } else {
        Ok((Vec::new(), pos.perft(depth)))
    }
}

impl CommandLine for Game {
    fn cli_game(at: &CliPosition<'_>) -> Result<Self, CliError> {
        Ok(Game::from_position(start(at.position, at.variant)?))
    }

    fn cli_perft(at: &CliPosition<'_>, depth: u32, divide: bool) -> Result<Perft, CliError> {
        perft(at.position, at.variant, depth, divide)
    }

    fn cli_competition() -> Option<Competition> {
        Some(super::challenge::COMPETITION)
    }
}
