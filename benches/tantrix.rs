//! Tantrix benchmarks: legal moves of a mid-game position with a full hand, and render + encode of a 40-tile
//! board with three hands. Each asserts what it measures.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::games::tantrix::{Game, Position};
use tabula::games::{Engine, Setup};

/// A game after `tiles` tiles, reached with seeded moves.
fn game_after(seed: u64, seats: usize, tiles: usize) -> Game {
    let mut game = Game::new(&Setup { variant: String::new(), seed, seats }).unwrap();
    let mut i = 0;
    while game.board().len() < tiles && game.to_move().is_some() {
        let moves = game.legal_moves();
        game.play(moves[(i * 13 + 5) % moves.len()]).unwrap();
        i += 1;
    }
    game
}

fn legal_moves(c: &mut Criterion) {
    // The first seeded mid-game position (24 tiles) where free moves are due.
    let mid: Position = (0..1000)
        .map(|seed| game_after(seed, 2, 24).position().clone())
        .find(|p| p.forced_fills().is_empty() && p.hand().len() == 6)
        .unwrap();
    assert_eq!(mid.hand().len(), 6, "a full hand");
    assert!(mid.restricted(), "restrictions apply");
    let count = mid.legal_moves().len();
    assert!(count > 20, "{count} legal moves in `{mid}`");
    c.bench_function("tantrix legal moves, mid-game, full hand", |b| {
        b.iter(|| {
            let n = black_box(&mid).legal_moves().len();
            assert_eq!(n, count);
        });
    });
    let example: Position =
        "53@0,0:2 9@1,-1:0 34@0,-1:0 14@2,-2:3 55@1,-2:2 | 11 18 20 21 42 44 | 39".parse().unwrap();
    c.bench_function("tantrix legal moves, spec example (64)", |b| {
        b.iter(|| assert_eq!(black_box(&example).legal_moves().len(), 64));
    });
}

fn render(c: &mut Criterion) {
    let game = game_after(21, 3, 40);
    assert!(game.board().len() >= 40);
    let names: Vec<String> = ["Alice", "Bob", "Carol"].iter().map(ToString::to_string).collect();
    c.bench_function("tantrix render + encode, 40 tiles, three hands", |b| {
        b.iter(|| {
            let img =
                tabula::games::tantrix::picture::render(black_box(&game), &names, tabula::i18n::Lang::En);
            let png = tabula::render::encode_indexed(&img, tabula::games::tantrix::picture::palette());
            assert!(png.len() <= 80_000);
            png.len()
        });
    });
}

criterion_group!(benches, legal_moves, render);
criterion_main!(benches);
