//! Command-line helpers for Tantrix: legal moves, chain scores and pictures of a position line.

use crate::games::tantrix::{Colour, Position, parse_placements};

/// The legal placements of a position line (`placed tiles | hand | bag count`): the forced fills when there are
/// any, otherwise the free moves, in notation.
pub fn moves(position: &str) -> Result<Vec<String>, String> {
    let pos: Position = position.parse()?;
    Ok(pos.legal_moves().iter().map(ToString::to_string).collect())
}

/// The best chain score of each colour, R B Y G in that order, of a position line (the hand and bag may be left out).
pub fn score(position: &str) -> Result<Vec<(char, u32)>, String> {
    let pos: Position = position.parse()?;
    let s = pos.scores();
    Ok(Colour::ALL.iter().map(|&c| (c.letter(), s[c])).collect())
}

/// Draws a position line after playing `moves` (placements from the hand, each checked), the last ones marked.
pub fn render(position: &str, moves: &[String]) -> Result<image::RgbaImage, String> {
    let mut pos: Position = position.parse()?;
    let played = parse_placements(&moves.join(" ")).map_err(|e| e.0)?;
    for (i, &p) in played.iter().enumerate() {
        pos = pos.play(p).map_err(|e| format!("move {} `{p}` is illegal: {e}", i + 1))?;
    }
    Ok(crate::render::tantrix::render_position(&pos, &played))
}
