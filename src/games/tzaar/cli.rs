//! The `tzaar` side of the command line: legal moves, turn perft, game replay and pictures, as pure functions.
//!
//! `position` is a position in the one-line notation; without it the start is the `variant`, read by the game's
//! own [`Layout`] parser like a bot setup: `random` (seed 0 here, where no game keeps a seed), `random:SEED`,
//! `standard` or a position. With neither, the command line starts from [`DEFAULT`].

use image::RgbaImage;

use crate::games::{CliPosition, CommandLine, Perft};

use crate::games::tzaar::{Game, Layout, LayoutError, Move, MoveParseError, Position, PositionError};
use crate::games::{Engine, MoveError};

/// The start when neither `--position` nor `--variant` is given: `standard`, as `cli.md` says, so that `moves` and
/// `perft` have fixed answers. (An empty `--variant ""` is read like an empty bot setup: `random`.)
pub const DEFAULT: Layout = Layout::Standard;

/// The seed of a `random` layout on the command line.
const SEED: u64 = 0;

/// The start position the options describe.
fn start(position: Option<&str>, variant: Option<&str>) -> Result<Position, String> {
    let layout = match (position, variant) {
        (Some(text), _) => Layout::Position(text.parse().map_err(|e: PositionError| e.to_string())?),
        (None, Some(text)) => text.parse().map_err(|e: LayoutError| e.to_string())?,
        (None, None) => DEFAULT,
    };
    Ok(layout.start(SEED))
}

/// The legal single moves of the current phase (the capture due, or the second move with `pass`).
pub fn moves(position: Option<&str>, variant: Option<&str>) -> Result<Vec<String>, String> {
    let pos = start(position, variant)?;
    Ok(pos.legal_moves().iter().map(ToString::to_string).collect())
}

/// Turn perft to `depth` whole turns, and with `divide` each first turn (`E4xD4 F4-F5`, or one move when the turn
/// is one move) with the number of sequences of `depth - 1` turns after it; these add up to the total.
pub fn perft(
    position: Option<&str>,
    variant: Option<&str>,
    depth: u32,
    divide: bool,
) -> Result<(Vec<(String, u64)>, u64), String> {
    let pos = start(position, variant)?;
    if !divide {
        return Ok((Vec::new(), pos.perft(depth)));
    }
    let lines: Vec<(String, u64)> = pos
        .perft_divide(depth)
        .into_iter()
        .map(|(turn, n)| (turn.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "), n))
        .collect();
    let total = if depth == 0 { 1 } else { lines.iter().map(|l| l.1).sum() };
    Ok((lines, total))
}

/// Plays a game record (single moves in order, separated by spaces) and gives the result (`white`, `black` or
/// `*`), followed with `counts` by the number of legal single moves before each move; or
/// `illegal <ply> <move>: <reason>` for the first move that is not legal (ply counted from 1).
pub fn replay_line(
    position: Option<&str>,
    variant: Option<&str>,
    line: &str,
    counts: bool,
) -> Result<String, String> {
    let mut pos = start(position, variant)?;
    let mut numbers = Vec::new();
    for (i, word) in line.split_whitespace().enumerate() {
        let illegal = |why: String| format!("illegal {} {word}: {why}", i + 1);
        let mv: Move = word.parse().map_err(|e: MoveParseError| illegal(e.to_string()))?;
        if counts {
            numbers.push(pos.legal_moves().len().to_string());
        }
        pos = pos.play(mv).map_err(|e| illegal(e.to_string()))?;
    }
    let mut out = match pos.end() {
        Some(end) => end.winner().name().to_string(),
        None => "*".to_string(),
    };
    for n in numbers {
        out.push(' ');
        out.push_str(&n);
    }
    Ok(out)
}

/// The picture of the position after `moves` (each a move or a whole turn), the last turn marked.
pub fn render(position: Option<&str>, variant: Option<&str>, moves: &[String]) -> Result<RgbaImage, String> {
    let mut game = Game::from_position(start(position, variant)?);
    let mut ply = 0;
    for text in moves {
        for word in text.split_whitespace() {
            ply += 1;
            game.play_text(word).map_err(|e: MoveError| format!("illegal {ply} {word}: {e}"))?;
        }
    }
    let names = ["White".to_string(), "Black".to_string()];
    Ok(super::picture::render(&game, &names))
}

/// The game to think about for `tabula bestmove`: the position given, or the start.
pub fn game(position: Option<&str>, variant: Option<&str>) -> Result<Game, String> {
    Ok(Game::from_position(start(position, variant)?))
}

impl CommandLine for Game {
    fn cli_game(at: &CliPosition<'_>) -> Result<Self, String> {
        game(at.position, at.variant)
    }

    fn cli_render(at: &CliPosition<'_>, moves: &[String]) -> Result<RgbaImage, String> {
        render(at.position, at.variant, moves)
    }

    fn cli_perft(at: &CliPosition<'_>, depth: u32, divide: bool) -> Result<Perft, String> {
        perft(at.position, at.variant, depth, divide)
    }

    fn cli_replay_line(at: &CliPosition<'_>, line: &str, counts: bool) -> Result<String, String> {
        replay_line(at.position, at.variant, line, counts)
    }
}
