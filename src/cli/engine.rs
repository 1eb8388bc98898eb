//! The engine commands' work over the rules trait, for any game: where a command starts, the legal moves, a
//! picture, a replayed line. A game brings only what is its own ([`CommandLine`]: its start, perft, scores).

use image::RgbaImage;

use crate::games::{CliPosition, CommandLine, GameKind, each_kind};
use crate::i18n::Lang;

/// Whether `--colour` means something for `kind`'s positions.
fn takes_colour(kind: GameKind) -> bool {
    each_kind!(kind, G => <G as CommandLine>::CLI_COLOUR)
}

/// The game a command analyses: at the position given, or at the start; `--colour` only for the games whose
/// positions take it.
pub(super) fn game<G: CommandLine>(at: &CliPosition<'_>) -> Result<G, String> {
    if at.colour.is_some() && !G::CLI_COLOUR {
        let takes: Vec<&str> = GameKind::ALL.iter().filter(|k| takes_colour(**k)).map(|k| k.name()).collect();
        return Err(format!(
            "--colour is for {}; {} says whose turn it is in its position",
            takes.join(" and "),
            G::INFO.name
        ));
    }
    G::cli_game(at)
}

/// The legal moves of a position, in notation (`tabula moves`).
pub fn moves<G: CommandLine>(at: &CliPosition<'_>) -> Result<Vec<String>, String> {
    G::cli_position_moves(at).unwrap_or_else(|| G::cli_game(at).map(|game| game.legal_moves_text()))
}

/// The picture of a position after `moves` (each entry one move, or several separated by spaces), the last one
/// marked (`tabula render`), its words in English.
pub fn render<G: CommandLine>(at: &CliPosition<'_>, moves: &[String]) -> Result<RgbaImage, String> {
    if let Some(picture) = G::cli_position_render(at, moves) {
        return picture;
    }
    let mut game = G::cli_game(at)?;
    for (i, word) in moves.iter().flat_map(|m| m.split_whitespace()).enumerate() {
        game.play_text(word).map_err(|e| format!("illegal {} {word}: {e}", i + 1))?;
    }
    Ok(game.render(&[], Lang::En))
}

/// Replays one game line (moves separated by spaces): the [result](Engine::result_notation), and with `counts`
/// the number of legal moves before each move; or the sentence `illegal <ply> <move>: <reason>` as the error.
pub fn replay_line<G: CommandLine>(at: &CliPosition<'_>, line: &str, counts: bool) -> Result<String, String> {
    let mut game = G::cli_game(at)?;
    let mut before = Vec::new();
    let mut legal = Vec::new();
    for (i, word) in line.split_whitespace().enumerate() {
        if counts {
            game.legal_moves(&mut legal);
            before.push(legal.len());
        }
        let illegal = |why: String| format!("illegal {} {word}: {why}", i + 1);
        let mv = game.read_move(word).map_err(|e| illegal(e.to_string()))?;
        game.play(mv).map_err(|e| illegal(e.to_string()))?;
    }
    let mut out = game.result_notation();
    for n in before {
        out.push(' ');
        out.push_str(&n.to_string());
    }
    Ok(out)
}
