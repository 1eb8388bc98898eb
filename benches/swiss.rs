//! Pairing one round of a 1,000-player Swiss (round 6, after five rounds of random results) as one maximum-weight
//! matching per score bracket. The issue asks for well under a second; the measured round is checked to pair
//! everyone without a rematch.

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tabula::tournament::{Entrant, Event, RoundGame, WIN, swiss};

const PLAYERS: usize = 1_000;

/// A Swiss of `PLAYERS` after `rounds` rounds paired by the engine itself.
fn event_after(rounds: u32) -> Event {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let entrants =
        (0..PLAYERS).map(|_| Entrant { rating: f64::from(rng.random_range(1000..2200)), withdrawn: false });
    let mut event = Event { entrants: entrants.collect(), ..Event::default() };
    for round in 1..=rounds {
        let pairing = swiss::pair(&event);
        for p in pairing.pairings {
            let points = match rng.random_range(0..5) {
                0 | 1 => vec![WIN, 0],
                2 | 3 => vec![0, WIN],
                _ => vec![1, 1],
            };
            event.games.push(RoundGame { round, seats: p.seats, points, scores: None, over_the_board: true });
        }
        event.byes.extend(pairing.byes.into_iter().map(|b| (round, b)));
    }
    event
}

fn bench(c: &mut Criterion) {
    let event = event_after(5);
    let round = swiss::pair(&event);
    assert_eq!(round.pairings.len(), PLAYERS / 2, "everyone is paired");
    let met = |a: usize, b: usize| event.games.iter().any(|g| g.seats.contains(&a) && g.seats.contains(&b));
    assert!(round.pairings.iter().all(|p| !met(p.seats[0], p.seats[1])), "no rematch");
    let mut group = c.benchmark_group("swiss");
    group.sample_size(10).measurement_time(Duration::from_secs(10));
    group.bench_function("pair a round of 1,000", |b| b.iter(|| swiss::pair(&event)));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
