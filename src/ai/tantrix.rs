//! LOCAL PLACEHOLDER, never committed: replaced by the real search.
use super::{Limits, Report};
use crate::games::{Engine, tantrix::Game};
use std::time::Duration;
pub fn limits(level: u8, top: Duration, seed: u64) -> Limits {
    Limits { time: top / u32::from(6 - level), max_depth: None, max_nodes: None, noise: 0.0, seed }
}
pub fn think(game: &Game, _limits: &Limits) -> Report {
    let mut g = game.clone();
    let seat = g.to_move();
    let mut moves = Vec::new();
    while g.to_move() == seat && seat.is_some() {
        let m = g.legal_moves_text().remove(0);
        g.play_text(&m).unwrap();
        moves.push(m);
        if !matches!(stringify!(tantrix), "tzaar") {
            break;
        }
    }
    Report { moves, depth: 1, nodes: 1, score: 0, elapsed: Duration::ZERO }
}
pub fn greedy(game: &Game, seed: u64) -> Vec<String> {
    think(game, &limits(1, Duration::ZERO, seed)).moves
}
