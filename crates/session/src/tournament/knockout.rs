//! Knockout: a bracket seeded by rating (1 against the lowest, and the top seeds meet as late as they can), the
//! byes of a number short of a power of two going to the top seeds. The winner of a pairing goes on; a drawn
//! pairing (a mini-match of one win each, or a drawn game) goes to the higher seed.

use super::{Event, Pairing, Round};

/// How many rounds a knockout of `n` entrants has.
pub fn rounds(n: usize) -> u32 {
    if n < 2 { 0 } else { n.next_power_of_two().trailing_zeros() }
}

/// The entrants by seed, the top seed first: rating, then sign-up order.
pub fn seeds(event: &Event) -> Vec<usize> {
    let mut seeds: Vec<usize> = (0..event.entrants.len()).collect();
    seeds.sort_by(|&a, &b| event.entrants[b].rating.total_cmp(&event.entrants[a].rating).then(a.cmp(&b)));
    seeds
}

/// The bracket's first round in order, by seed index (0 the top seed): `[0, 7, 3, 4, 1, 6, 2, 5]` for eight, so
/// that consecutive two meet and the top two meet only in the final.
fn bracket(size: usize) -> Vec<usize> {
    let mut order = vec![0];
    while order.len() < size {
        let len = order.len();
        order = order.iter().flat_map(|&s| [s, 2 * len - 1 - s]).collect();
    }
    order
}

/// Who is still in before round `round` (1 first), in bracket order (`None` an empty place), or `None` when a
/// round before it is not decided yet.
fn alive_before(event: &Event, round: u32) -> Option<Vec<Option<usize>>> {
    let seeds = seeds(event);
    let size = event.entrants.len().next_power_of_two();
    let mut alive: Vec<Option<usize>> = bracket(size).into_iter().map(|s| seeds.get(s).copied()).collect();
    let seed_of = |p: usize| seeds.iter().position(|&s| s == p).unwrap_or(usize::MAX);
    for r in 1..round {
        let mut next = Vec::with_capacity(alive.len() / 2);
        for pair in alive.chunks(2) {
            next.push(match (pair[0], pair.get(1).copied().flatten()) {
                (Some(a), Some(b)) => Some(winner(event, r, a, b, seed_of)?),
                (Some(p), None) | (None, Some(p)) => Some(p),
                (None, None) => None,
            });
        }
        alive = next;
    }
    Some(alive)
}

/// The winner of `a` against `b` in round `r`: more points over the pairing's games, else the higher seed. A
/// withdrawn entrant who did not play loses; `None` while the pairing has no game decided.
fn winner(event: &Event, r: u32, a: usize, b: usize, seed_of: impl Fn(usize) -> usize) -> Option<usize> {
    let games: Vec<_> =
        event.games.iter().filter(|g| g.round == r && g.seats.contains(&a) && g.seats.contains(&b)).collect();
    let byes = |p: usize| event.byes.iter().any(|&(br, bp)| br == r && bp == p);
    if games.is_empty() {
        return if byes(a) {
            Some(a)
        } else if byes(b) {
            Some(b)
        } else {
            None
        };
    }
    let points = |p: usize| -> u32 {
        games.iter().map(|g| g.seats.iter().position(|&s| s == p).map_or(0, |seat| g.points[seat])).sum()
    };
    let (pa, pb) = (points(a), points(b));
    Some(if pa > pb || (pa == pb && seed_of(a) < seed_of(b)) { a } else { b })
}

/// Round `round` (1 first) of the knockout, the higher seed on the first side; an entrant without an opponent
/// (an empty place, or one who withdrew) has a bye. Empty when a round before is not decided.
pub fn pair(event: &Event, round: u32) -> Round {
    let Some(alive) = alive_before(event, round) else { return Round::default() };
    let mut result = Round::default();
    if alive.len() < 2 {
        return result;
    }
    let seeds = seeds(event);
    let seed_of = |p: usize| seeds.iter().position(|&s| s == p).unwrap_or(usize::MAX);
    let playing = |p: Option<usize>| p.filter(|&p| !event.entrants[p].withdrawn);
    for pair in alive.chunks(2) {
        match (playing(pair[0]), playing(pair[1])) {
            (Some(a), Some(b)) => {
                let (first, second) = if seed_of(a) < seed_of(b) { (a, b) } else { (b, a) };
                result.pairings.push(Pairing { seats: vec![first, second] });
            }
            (Some(p), None) | (None, Some(p)) => result.byes.push(p),
            (None, None) => {}
        }
    }
    result
}

/// The winner of the whole knockout, once its last round is decided.
pub fn champion(event: &Event) -> Option<usize> {
    let alive = alive_before(event, rounds(event.entrants.len()) + 1)?;
    alive.into_iter().flatten().next()
}
