//! Pairing one round of a 1,000-player Swiss (round 6, after five rounds of random results) as one maximum-weight
//! matching. The issue asks for well under a second; the measured round is checked to pair everyone.

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::tournament::{Entrant, Event, Played, WIN, swiss};

const PLAYERS: usize = 1_000;

/// A deterministic xorshift stream.
struct Stream(u64);

impl Stream {
    fn next(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A Swiss of `PLAYERS` after `rounds` rounds paired by the engine itself.
fn event_after(rounds: u32) -> Event {
    let mut stream = Stream(0x9e37_79b9_7f4a_7c15);
    let entrants =
        (0..PLAYERS).map(|_| Entrant { rating: 1000.0 + stream.next(1200) as f64, withdrawn: false });
    let mut event = Event { entrants: entrants.collect(), ..Event::default() };
    for round in 1..=rounds {
        let pairing = swiss::pair(&event);
        for p in pairing.pairings {
            let points = match stream.next(5) {
                0 | 1 => vec![WIN, 0],
                2 | 3 => vec![0, WIN],
                _ => vec![1, 1],
            };
            event.games.push(Played { round, seats: p.seats, points, scores: None, over_the_board: true });
        }
        event.byes.extend(pairing.byes.into_iter().map(|b| (round, b)));
    }
    event
}

fn bench(c: &mut Criterion) {
    let event = event_after(5);
    let round = swiss::pair(&event);
    assert_eq!(round.pairings.len(), PLAYERS / 2, "everyone is paired");
    let mut group = c.benchmark_group("swiss");
    group.sample_size(10).measurement_time(Duration::from_secs(10));
    group.bench_function("pair a round of 1,000", |b| b.iter(|| swiss::pair(&event)));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
