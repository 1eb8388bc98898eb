//! TZAAR on the command line: where a command starts (a position, or a layout read like a bot setup) and turn
//!
//! `position` is a position in the one-line notation; without it the start is the `variant`, read by the game's
//! own [`Layout`] parser like a bot setup: `random` (seed 0 here, where no game keeps a seed), `random:SEED`,
//! `standard` or a position. With neither, the command line starts from [`DEFAULT`].

use crate::games::{CliError, CliPosition, CommandLine, Engine, Perft, divided};

use crate::games::tzaar::{Game, Layout, LayoutError, Position, PositionError};

/// The start when neither `--position` nor `--variant` is given: `standard`, as `cli.md` says, so that `moves` and
/// `perft` have fixed answers. (An empty `--variant ""` is read like an empty bot setup: `random`.)
pub const DEFAULT: Layout = Layout::Standard;

/// The seed of a `random` layout on the command line.
const SEED: u64 = 0;

/// The start position the options describe; a layout (`--variant`) is a start too, so it may not come with
/// `--position`.
fn start(position: Option<&str>, variant: Option<&str>) -> Result<Position, CliError> {
    let layout = match (position, variant) {
        (Some(_), Some(_)) => return Err(CliError::PositionAndVariant { game: Game::INFO.name }),
        (Some(text), None) => {
            Layout::Position(text.parse().map_err(|e: PositionError| CliError::Position(Box::new(e)))?)
        }
        (None, Some(text)) => text.parse().map_err(|e: LayoutError| CliError::Variant(Box::new(e)))?,
        (None, None) => DEFAULT,
    };
    Ok(layout.start(SEED))
}

/// Turn perft to `depth` whole turns, and with `divide` each first turn (`E4xD4 F4-F5`, or one move when the turn
/// is one move) with the number of sequences of `depth - 1` turns after it; these add up to the total.
pub fn perft(
    position: Option<&str>,
    variant: Option<&str>,
    depth: u32,
    divide: bool,
) -> Result<Perft, CliError> {
    let pos = start(position, variant)?;
    if !divide {
        return Ok((Vec::new(), pos.perft(depth)));
    }
    let lines = pos
        .perft_divide(depth)
        .into_iter()
        .map(|(turn, n)| (turn.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "), n))
        .collect();
    Ok(divided(depth, lines))
}

impl CommandLine for Game {
    fn cli_game(at: &CliPosition<'_>) -> Result<Self, CliError> {
        Ok(Game::from_position(start(at.position, at.variant)?))
    }

    fn cli_perft(at: &CliPosition<'_>, depth: u32, divide: bool) -> Result<Perft, CliError> {
        perft(at.position, at.variant, depth, divide)
    }
}
