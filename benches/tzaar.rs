//! TZAAR benchmarks: turn perft (asserting the reference counts) and the picture.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::games::Engine;
use tabula::games::tzaar::{Game, Position};

fn perft(c: &mut Criterion) {
    let start = Position::standard();
    let mut group = c.benchmark_group("tzaar perft");
    group.sample_size(10);
    group.bench_function("standard start, 2 turns", |b| {
        b.iter(|| assert_eq!(black_box(&start).perft(2), 260_556));
    });
    // The subtree of White's opening I5xH6 at three turns: the opening and two more whole turns.
    let after = start.play("I5xH6".parse().unwrap()).unwrap();
    group.bench_function("I5xH6 subtree, 3 turns", |b| {
        b.iter(|| assert_eq!(black_box(&after).perft(2), 35_848_448));
    });
    group.finish();
}

fn picture(c: &mut Criterion) {
    let names = ["alice".to_string(), "bob".to_string()];
    let mut game = Game::new(&tabula::games::Setup { variant: "random".into(), seed: 7, seats: 2 }).unwrap();
    for _ in 0..9 {
        let m = game.legal_moves_text()[0].clone();
        game.play_text(&m).unwrap();
    }
    c.bench_function("tzaar render + encode", |b| {
        b.iter(|| {
            let img = tabula::games::tzaar::picture::render(black_box(&game), &names, tabula::i18n::Lang::En);
            let png = tabula::render::encode_indexed(&img, tabula::games::GameKind::Tzaar.palette());
            assert!(png.len() <= 40_000);
            png
        });
    });
}

criterion_group!(benches, perft, picture);
criterion_main!(benches);
