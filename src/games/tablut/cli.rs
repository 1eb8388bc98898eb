//! The command line's Tablut work as pure functions: positions and moves in notation in, data or one clear
//! sentence out. The clap layer prints the results.

use image::RgbaImage;

use crate::games::{CliPosition, CommandLine, Perft};

use crate::games::tablut::{Game, Position, Variant};

/// The starting position: `position` in notation, or the variant's start.
fn start(position: Option<&str>, variant: Option<&str>) -> Result<Position, String> {
    let variant: Variant = variant.unwrap_or("").parse().map_err(|e| format!("{e}"))?;
    match position {
        Some(text) => Position::parse(text, variant).map_err(|e| e.to_string()),
        None => Ok(Position::start(variant)),
    }
}

/// Plays the moves of `line` (separated by spaces) from the start; also the legal-move count before each.
fn play_line(start: Position, line: &str) -> Result<(Game, Vec<u32>), String> {
    let mut game = Game::from_position(start);
    let mut counts = Vec::new();
    for (i, text) in line.split_whitespace().enumerate() {
        counts.push(if game.result().is_some() { 0 } else { game.position().count_moves() });
        game.play_notation(text).map_err(|e| format!("illegal {} {text}: {e}", i + 1))?;
    }
    Ok((game, counts))
}

/// The legal moves of the position, in notation.
pub fn moves(position: Option<&str>, variant: Option<&str>) -> Result<Vec<String>, String> {
    let game = Game::from_position(start(position, variant)?);
    if game.result().is_some() {
        return Ok(Vec::new());
    }
    Ok(game.position().legal_moves().iter().map(ToString::to_string).collect())
}

/// Perft to `depth`: with `divide`, each first move with its count; and the total.
pub fn perft(
    position: Option<&str>,
    variant: Option<&str>,
    depth: u32,
    divide: bool,
) -> Result<(Vec<(String, u64)>, u64), String> {
    let pos = start(position, variant)?;
    if divide {
        let lines: Vec<(String, u64)> =
            pos.perft_divide(depth).into_iter().map(|(mv, n)| (mv.to_string(), n)).collect();
        let total = if depth == 0 { 1 } else { lines.iter().map(|l| l.1).sum() };
        Ok((lines, total))
    } else {
        Ok((Vec::new(), pos.perft(depth)))
    }
}

/// Replays one game line: `white`, `black`, `draw` or `*`, and with `counts` the legal-move count before each
/// move; or `illegal <ply> <move>: <reason>`.
pub fn replay_line(
    position: Option<&str>,
    variant: Option<&str>,
    line: &str,
    counts: bool,
) -> Result<String, String> {
    let (game, before) = play_line(start(position, variant)?, line)?;
    let mut out = game.result().map_or("*", |r| r.notation()).to_string();
    if counts {
        for n in before {
            out.push(' ');
            out.push_str(&n.to_string());
        }
    }
    Ok(out)
}

/// Draws the position after `moves` (each entry may hold several moves separated by spaces), the last one marked.
pub fn render(position: Option<&str>, variant: Option<&str>, moves: &[String]) -> Result<RgbaImage, String> {
    let (game, _) = play_line(start(position, variant)?, &moves.join(" "))?;
    Ok(super::picture::render(&game, &[]))
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
