//! Tantrix on the command line: legal moves, chain scores and pictures of a position line (a position has no
//! start, and its line does not say whose hand it is).

use image::RgbaImage;

use crate::games::tantrix::{Colour, Game, Position, PositionError, colour_letters, parse_placements};
use crate::games::{CliPosition, CommandLine, Scores};

/// The legal placements of a position line (`placed tiles | hand | bag count`): the forced fills when there are
/// any, otherwise the free moves, in notation.
pub fn moves(position: &str) -> Result<Vec<String>, String> {
    let pos: Position = position.parse().map_err(|e: PositionError| e.to_string())?;
    Ok(pos.legal_moves().iter().map(ToString::to_string).collect())
}

/// The best chain score of each colour, R B Y G in that order, of a position line (the hand and bag may be left out).
pub fn score(position: &str) -> Result<Vec<(char, u32)>, String> {
    let pos: Position = position.parse().map_err(|e: PositionError| e.to_string())?;
    let s = pos.scores();
    Ok(Colour::ALL.iter().map(|&c| (c.letter(), s[c])).collect())
}

/// Draws a position line after playing `moves` (placements from the hand, each checked), the last ones marked.
pub fn render(position: &str, moves: &[String]) -> Result<RgbaImage, String> {
    let mut pos: Position = position.parse().map_err(|e: PositionError| e.to_string())?;
    let played = parse_placements(&moves.join(" ")).map_err(|e| e.to_string())?;
    for (i, &p) in played.iter().enumerate() {
        pos = pos.play(p).map_err(|e| format!("move {} `{p}` is illegal: {e}", i + 1))?;
    }
    Ok(super::picture::render_position(&pos, &played, crate::i18n::Lang::En))
}

/// A game to analyse from a position line: the hand is `colour`'s, and `colours` (letters in seat order, e.g.
/// `RBY`) names the players; by default `colour` and one opponent, the first of R, B, Y, G that is not `colour`.
/// The other hands are dealt from the unseen tiles with `seed` (a position line does not show them).
pub(crate) fn game(
    position: &str,
    colour: Option<&str>,
    colours: Option<&str>,
    seed: u64,
) -> Result<Game, String> {
    let pos: Position = position.parse().map_err(|e: PositionError| e.to_string())?;
    let colour = match colour.map(str::trim) {
        None => return Err(
            "a Tantrix position does not say whose hand it is: name its colour with --colour R, B, Y or G"
                .into(),
        ),
        Some(text) => {
            let mut chars = text.chars();
            match (chars.next().and_then(Colour::from_letter), chars.next()) {
                (Some(c), None) => c,
                _ => return Err(format!("`{text}` is not a colour: use --colour R, B, Y or G")),
            }
        }
    };
    let mut seats = colour_letters(colours.unwrap_or_default()).map_err(|e| e.to_string())?;
    if seats.is_empty() {
        seats.push(colour);
        seats.extend(Colour::ALL.into_iter().find(|&c| c != colour));
    }
    Game::from_position(&pos, &seats, colour, seed).map_err(|e| e.to_string())
}

/// A Tantrix position has no start: the command line must be given one.
fn required<'a>(at: &CliPosition<'a>) -> Result<&'a str, String> {
    at.position.ok_or_else(|| "tantrix has no start position: give one with --position".to_string())
}

impl CommandLine for Game {
    const CLI_COLOUR: bool = true;

    fn cli_game(at: &CliPosition<'_>) -> Result<Self, String> {
        game(required(at)?, at.colour, at.variant, at.seed)
    }

    fn cli_position_moves(at: &CliPosition<'_>) -> Option<Result<Vec<String>, String>> {
        Some(required(at).and_then(moves))
    }

    fn cli_position_render(at: &CliPosition<'_>, moves: &[String]) -> Option<Result<RgbaImage, String>> {
        Some(required(at).and_then(|position| render(position, moves)))
    }

    fn cli_replay_check() -> Result<(), String> {
        Err("replay is not available for tantrix: a game depends on its hidden bag, which a record does not show"
            .to_string())
    }

    fn cli_score(at: &CliPosition<'_>) -> Result<Scores, String> {
        let scores = score(required(at)?)?;
        Ok(scores.into_iter().map(|(colour, score)| (colour.to_string(), score)).collect())
    }
}
