//! Round robin by the circle method: one entrant stays put while the others turn around it, so that every two
//! meet exactly once in `n - 1` rounds (`n` for an odd number, each sitting out once with a bye). Sides follow
//! the parity rule of Berger's tables: of two entrants `i < j`, `i` takes the first side when `i + j` is odd, which
//! leaves everyone's sides within one of even.

use super::{Event, Pairing, Round};

/// How many rounds a round robin of `n` entrants has.
pub fn rounds(n: usize) -> u32 {
    match n {
        0 | 1 => 0,
        n if n % 2 == 0 => (n - 1) as u32,
        n => n as u32,
    }
}

/// Round `round` (1 first) of a round robin among every entrant of the event, by number. A pairing with an
/// entrant who withdrew gives the other a bye.
pub fn pair(event: &Event, round: u32) -> Round {
    let n = event.entrants.len();
    let mut result = Round::default();
    for (a, b) in schedule(n, round) {
        match (a, b) {
            (Some(a), Some(b)) => {
                let (wa, wb) = (event.entrants[a].withdrawn, event.entrants[b].withdrawn);
                match (wa, wb) {
                    (false, false) => result.pairings.push(Pairing { seats: vec![a, b] }),
                    (false, true) => result.byes.push(a),
                    (true, false) => result.byes.push(b),
                    (true, true) => {}
                }
            }
            (Some(p), None) | (None, Some(p)) if !event.entrants[p].withdrawn => result.byes.push(p),
            _ => {}
        }
    }
    result.byes.sort_unstable();
    result
}

/// The pairs of round `round` (1 first) among `n` entrants, first side first; `None` is the empty seat of an
/// odd number.
pub(crate) fn schedule(n: usize, round: u32) -> Vec<(Option<usize>, Option<usize>)> {
    let total = rounds(n);
    if round == 0 || round > total {
        return Vec::new();
    }
    let size = n + n % 2;
    let turning = size - 1;
    let r = (round - 1) as usize;
    let at = |k: usize| (r + k) % turning;
    let mut pairs = vec![(at(0), size - 1)];
    pairs.extend((1..size / 2).map(|k| (at(k), at(turning - k))));
    pairs
        .into_iter()
        .map(|(a, b)| {
            let (low, high) = (a.min(b), a.max(b));
            let (first, second) = if (low + high) % 2 == 1 { (low, high) } else { (high, low) };
            let seat = |p: usize| (p < n).then_some(p);
            (seat(first), seat(second))
        })
        .collect()
}
