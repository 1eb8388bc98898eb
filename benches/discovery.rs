//! Tantrix Discovery's solver and hints (issue 53): a whole solution of the puzzles of 10, 20 and 25 tiles, and the
//! hint a player asks for with part of a solution down (20 tiles, 6 down; 30 tiles, the first down) or with two
//! tiles down that no solution keeps (the whole search, for 9 tiles; for 12, until the bot's budget is spent). A hint's search is capped at 4 million nodes
//! in the bot; these show how far under that the usual ones stay.

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::games::tantrix::discovery::{self, Discovery, NextTile};
use tabula::games::tantrix::{Direction, Hex, Placement, Tile};

/// The puzzle of `n` with the first `down` tiles of a solution down.
fn partly(n: u8, down: usize) -> Discovery {
    let solution = discovery::solve(n, 3).expect("a solution");
    let mut layout = Discovery::new(n).unwrap();
    for p in &solution[..down] {
        layout.put(*p).unwrap();
    }
    layout
}

/// The puzzle of `n` with tile `n` on the centre and a tile beside it that no solution keeps there.
fn stuck(n: u8) -> Discovery {
    for t in 1..n {
        for d in 0..6 {
            for rot in 0..6 {
                let mut layout = Discovery::new(n).unwrap();
                layout.put(Placement { tile: Tile::new(n).unwrap(), cell: Hex::new(0, 0), rot: 0 }).unwrap();
                let cell = Hex::new(0, 0).step(Direction::ALL[d]);
                if layout.put(Placement { tile: Tile::new(t).unwrap(), cell, rot }).is_ok()
                    && layout.hint(0, 50_000_000) == NextTile::Impossible
                {
                    return layout;
                }
            }
        }
    }
    panic!("every pair can be completed")
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("discovery");
    group.sample_size(10).measurement_time(Duration::from_secs(8));
    for n in [10, 20, 25] {
        group.bench_function(format!("solve {n}"), |b| b.iter(|| discovery::solve(n, 0).expect("solved")));
    }
    for (n, down) in [(20, 6), (30, 1)] {
        let layout = partly(n, down);
        assert!(matches!(layout.hint(1, 4_000_000), NextTile::Place(_)));
        group.bench_function(format!("hint {n}, {down} down"), |b| b.iter(|| layout.hint(1, 4_000_000)));
    }
    // A proof that nothing fits is the whole search: quick for 9 tiles; for 12 the bot's budget runs out first
    // (the hint then says it could not finish).
    let nine = stuck(9);
    group.bench_function("hint 9, none possible", |b| b.iter(|| nine.hint(1, u64::MAX)));
    let twelve = stuck(12);
    assert_eq!(twelve.hint(1, 4_000_000), NextTile::Unknown);
    group
        .bench_function("hint 12, none possible, the bot's budget", |b| b.iter(|| twelve.hint(1, 4_000_000)));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
