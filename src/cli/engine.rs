//! The engine commands' work over the rules trait, for any game: where a command starts, the legal moves, a
//! picture, a replayed line. A game brings only what is its own ([`CommandLine`]: its start, perft, scores).

use std::fmt::Write as _;

use image::RgbaImage;

use crate::games::{CliError, CliPosition, CommandLine, GameKind};
use crate::i18n::Lang;
use tabula_games::each_kind;

/// Whether `--colour` means something for `kind`'s positions.
fn takes_colour(kind: GameKind) -> bool {
    each_kind!(kind, G => <G as CommandLine>::CLI_COLOUR)
}

/// The game a command analyses: at the position given, or at the start; `--colour` only for the games whose
/// positions take it.
pub(super) fn game<G: CommandLine>(at: &CliPosition<'_>) -> Result<G, CliError> {
    if at.colour.is_some() && !G::CLI_COLOUR {
        let takes: Vec<&str> = GameKind::ALL.iter().filter(|k| takes_colour(**k)).map(|k| k.name()).collect();
        return Err(CliError::NoColourHere { game: G::INFO.name, takes: takes.join(" and ") });
    }
    G::cli_game(at)
}

/// The legal moves of a position, in notation (`tabula moves`); the error is the sentence for stderr.
pub fn moves<G: CommandLine>(at: &CliPosition<'_>) -> Result<Vec<String>, String> {
    G::cli_position_moves(at)
        .unwrap_or_else(|| G::cli_game(at).map(|game| game.legal_moves_text()))
        .map_err(|e| e.to_string())
}

/// The picture of a position after `moves` (each entry one move, or several separated by spaces), the last one
/// marked (`tabula render`), its words in English; the error is the sentence for stderr.
pub fn render<G: CommandLine>(at: &CliPosition<'_>, moves: &[String]) -> Result<RgbaImage, String> {
    rendered::<G>(at, moves).map_err(|e| e.to_string())
}

fn rendered<G: CommandLine>(at: &CliPosition<'_>, moves: &[String]) -> Result<RgbaImage, CliError> {
    if let Some(picture) = G::cli_position_render(at, moves) {
        return picture;
    }
    let mut game = G::cli_game(at)?;
    for (i, word) in moves.iter().flat_map(|m| m.split_whitespace()).enumerate() {
        game.play_text(word).map_err(|e| CliError::Illegal {
            ply: i + 1,
            text: word.to_string(),
            why: Box::new(e),
        })?;
    }
    Ok(game.render(&[], Lang::En))
}

/// A game line that does not replay: the move that is refused (`ply` from 1) and why; its `Display` is
/// `illegal <ply> <move>: <reason>`.
#[derive(Debug, thiserror::Error)]
#[error("illegal {ply} {text}: {why}")]
pub struct Refused {
    pub ply: usize,
    pub text: String,
    pub why: String,
}

/// Replays one game line (moves separated by spaces) from `at`: the
/// [result](crate::games::Engine::result_notation), and with `counts` the number of legal moves before each
/// move; or the sentence `illegal <ply> <move>: <reason>` as the error.
pub fn replay_line<G: CommandLine>(at: &CliPosition<'_>, line: &str, counts: bool) -> Result<String, String> {
    let game = G::cli_game(at).map_err(|e| e.to_string())?;
    replay_moves(&game, line, counts).map_err(|e| e.to_string())
}

/// Replays one game line from `game`: its result and the counts, or the move that is refused.
pub(super) fn replay_moves<G: CommandLine>(game: &G, line: &str, counts: bool) -> Result<String, Refused> {
    let mut game = game.clone();
    let mut before = Vec::new();
    let mut legal = Vec::new();
    for (i, word) in line.split_whitespace().enumerate() {
        if counts {
            game.legal_moves(&mut legal);
            before.push(legal.len());
        }
        let refused = |why: String| Refused { ply: i + 1, text: word.to_string(), why };
        let mv = game.read_move(word).map_err(|e| refused(e.to_string()))?;
        game.play(mv).map_err(|e| refused(e.to_string()))?;
    }
    Ok(format!("{}{}", game.result_notation(), numbers(&before)))
}

/// The counts `--counts` prints after a result, each after a space.
pub(super) fn numbers(counts: &[usize]) -> String {
    counts.iter().fold(String::new(), |mut out, n| {
        let _ = write!(out, " {n}");
        out
    })
}
