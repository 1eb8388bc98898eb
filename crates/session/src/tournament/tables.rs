//! Tables for a game of more than two (Tantrix): the players still in, by standing, seated in tables of four and
//! three (two only for two or five players), the leaders together; each round the seat order turns, so that no
//! one always moves first.

use super::{Event, Pairing, Round, TieBreak, standings};

/// How many seats each table of a round of `n` players has: as even as can be, at most four.
pub(crate) fn table_sizes(n: usize) -> Vec<usize> {
    if n < 2 {
        return Vec::new();
    }
    let tables = n.div_ceil(4);
    (0..tables).map(|t| n / tables + usize::from(t < n % tables)).collect()
}

/// Round `round` (1 first): the tables by standing; a lone player has a bye.
pub fn seat(event: &Event, round: u32) -> Round {
    let order: Vec<usize> = standings(event, &[TieBreak::TotalScore])
        .into_iter()
        .map(|s| s.entrant)
        .filter(|&e| !event.entrants[e].withdrawn)
        .collect();
    if order.len() < 2 {
        return Round { pairings: Vec::new(), byes: order };
    }
    let mut result = Round::default();
    let mut start = 0;
    for size in table_sizes(order.len()) {
        let mut seats = order[start..start + size].to_vec();
        seats.rotate_left(round.saturating_sub(1) as usize % size);
        result.pairings.push(Pairing { seats });
        start += size;
    }
    result
}
