//! Tantrix on the command line: legal moves, chain scores and pictures of a position line (a position has no
//! start, and its line does not say whose hand it is).
//!
//! `--variant` names the players' colours in seat order (`RBY`); every command checks it, also those that do
//! not need it, so that a bad seating is refused the same way everywhere.

use image::RgbaImage;

use crate::games::tantrix::{Colour, Game, Position, PositionError, colour_letters, parse_placements};
use crate::games::{CliError, CliPosition, CommandLine, Engine, Scores, SetupError};

/// The most steps `tabula solve tantrix discovery N --count` searches before it gives up.
const COUNT_LIMIT: u64 = 2_000_000_000;

/// How `--colour` is written.
const LETTERS: &str = "R, B, Y or G";

fn position_error(e: PositionError) -> CliError {
    CliError::Position(Box::new(e))
}

/// The legal placements of a position line (`placed tiles | hand | bag count`): the forced fills when there are
/// any, otherwise the free moves, in notation.
pub fn moves(position: &str) -> Result<Vec<String>, CliError> {
    let pos: Position = position.parse().map_err(position_error)?;
    Ok(pos.legal_moves().iter().map(ToString::to_string).collect())
}

/// The best chain score of each colour, R B Y G in that order, of a position line (the hand and bag may be left out).
pub fn score(position: &str) -> Result<Vec<(char, u32)>, CliError> {
    let pos: Position = position.parse().map_err(position_error)?;
    let s = pos.scores();
    Ok(Colour::ALL.iter().map(|&c| (c.letter(), s[c])).collect())
}

/// Draws a position line after playing `moves` (placements from the hand, each checked), the last ones marked.
pub fn render(position: &str, moves: &[String]) -> Result<RgbaImage, CliError> {
    let mut pos: Position = position.parse().map_err(position_error)?;
    let played = parse_placements(&moves.join(" ")).map_err(|e| CliError::Unreadable(Box::new(e)))?;
    for (i, &p) in played.iter().enumerate() {
        pos = pos.play(p).map_err(|e| CliError::Placement {
            ply: i + 1,
            text: p.to_string(),
            why: Box::new(e),
        })?;
    }
    Ok(super::picture::render_position(&pos, &played, crate::i18n::Lang::En))
}

/// The seats' colours `--variant` names (letters in seat order, e.g. `RBY`), each once and as many as a game
/// seats; empty when it names none.
fn seating(colours: Option<&str>) -> Result<Vec<Colour>, CliError> {
    let seats = colour_letters(colours.unwrap_or_default()).map_err(|e| CliError::Variant(Box::new(e)))?;
    if !seats.is_empty() {
        SetupError::check_seats(Game::INFO, seats.len())?;
    }
    Ok(seats)
}

/// A game to analyse from a position line: the hand is `colour`'s, and `colours` (letters in seat order, e.g.
/// `RBY`) names the players; by default `colour` and one opponent, the first of R, B, Y, G that is not `colour`.
/// The other hands are dealt from the unseen tiles with `seed` (a position line does not show them).
pub(crate) fn game(
    position: &str,
    colour: Option<&str>,
    colours: Option<&str>,
    seed: u64,
) -> Result<Game, CliError> {
    let pos: Position = position.parse().map_err(position_error)?;
    let colour = match colour.map(str::trim) {
        None => return Err(CliError::NoColour { game: Game::INFO.title, letters: LETTERS }),
        Some(text) => {
            let mut chars = text.chars();
            match (chars.next().and_then(Colour::from_letter), chars.next()) {
                (Some(c), None) => c,
                _ => return Err(CliError::NotAColour { given: text.to_string(), letters: LETTERS }),
            }
        }
    };
    let mut seats = seating(colours)?;
    if seats.is_empty() {
        seats.push(colour);
        seats.extend(Colour::ALL.into_iter().find(|&c| c != colour));
    }
    Ok(Game::from_position(&pos, &seats, colour, seed)?)
}

/// The position line of a command: a Tantrix position has no start, so the command line must be given one; and
/// the seating `--variant` names must be one a game can have, whether or not the command uses it.
fn required<'a>(at: &CliPosition<'a>) -> Result<&'a str, CliError> {
    seating(at.variant)?;
    at.position.ok_or(CliError::NoStart { game: Game::INFO.name })
}

impl CommandLine for Game {
    const CLI_COLOUR: bool = true;

    fn cli_game(at: &CliPosition<'_>) -> Result<Self, CliError> {
        game(required(at)?, at.colour, at.variant, at.seed)
    }

    fn cli_position_moves(at: &CliPosition<'_>) -> Option<Result<Vec<String>, CliError>> {
        Some(required(at).and_then(moves))
    }

    fn cli_position_render(at: &CliPosition<'_>, moves: &[String]) -> Option<Result<RgbaImage, CliError>> {
        Some(required(at).and_then(|position| render(position, moves)))
    }

    fn cli_replay_check() -> Result<(), CliError> {
        Err(CliError::Unavailable {
            command: "replay",
            game: Game::INFO.name,
            why: "a game depends on its hidden bag, which a line of moves does not show (a record from `/game` \
                  does, and replays)",
        })
    }

    fn cli_solve(puzzle: &str, size: u8, count: bool, seed: u64) -> Result<Vec<String>, CliError> {
        use super::discovery;
        if !puzzle.eq_ignore_ascii_case("discovery") {
            return Err(CliError::Puzzle(format!(
                "Tantrix has no puzzle `{puzzle}` to solve: the one is `discovery` (tabula solve tantrix discovery N)"
            )));
        }
        if !discovery::SIZES.contains(&size) {
            return Err(CliError::Puzzle(format!("a Discovery puzzle has 3 to 30 tiles, not {size}")));
        }
        if count {
            return match discovery::count(size, COUNT_LIMIT) {
                Some(n) => Ok(vec![n.to_string()]),
                None => Err(CliError::GaveUp(format!(
                    "the puzzle of {size} has too many solutions to count here (the search stopped after \
                     {COUNT_LIMIT} steps)"
                ))),
            };
        }
        let solution = discovery::solve(size, seed)
            .ok_or_else(|| CliError::GaveUp(format!("the puzzle of {size} has no solution")))?;
        let line: Vec<String> = solution.iter().map(ToString::to_string).collect();
        // A position line with no hand and an empty bag, which `tabula render tantrix --position` draws.
        Ok(vec![format!("{} | | 0", line.join(" "))])
    }

    fn cli_score(at: &CliPosition<'_>) -> Result<Scores, CliError> {
        let scores = score(required(at)?)?;
        Ok(scores.into_iter().map(|(colour, score)| (colour.to_string(), score)).collect())
    }
}
