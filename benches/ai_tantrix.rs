//! Tantrix AI benchmark: a fixed-depth search (depth 3: the seat's turn and the opponent's replies, for every
//! move) from a seeded mid-game position and from the start, and level 5 from the start, each asserting a legal
//! placement; prints nodes per second.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::ai::Limits;
use tabula::games::tantrix::Game;
use tabula::games::tantrix::ai as tantrix;
use tabula::games::{Engine, Setup};

fn game_after(seed: u64, tiles: usize) -> Game {
    let mut game = Game::new(&Setup { variant: String::new(), seed, seats: 2 }).unwrap();
    let mut i = 0;
    while game.board().len() < tiles && game.to_move().is_some() {
        let m = tantrix::greedy(&game, i);
        game.play_text(&m[0]).unwrap();
        i += 1;
    }
    game
}

fn search(c: &mut Criterion) {
    let limits =
        Limits { time: Duration::from_secs(60), max_depth: Some(3), max_nodes: None, noise: 0.0, seed: 1 };
    let start = game_after(7, 0);
    let mid = (0..100).map(|s| game_after(s, 24)).find(|g| g.legal_moves().len() > 30).unwrap();
    for (name, game) in [("start", &start), ("mid-game (24 tiles)", &mid)] {
        let legal = game.legal_moves_text();
        let r = tantrix::think(game, &limits);
        assert!(legal.contains(&r.moves[0]));
        assert_eq!(r.depth, 3);
        println!(
            "tantrix AI depth 3 from {name}: {} nodes in {:.1?} = {:.0} nodes/s",
            r.nodes,
            r.elapsed,
            r.nodes as f64 / r.elapsed.as_secs_f64()
        );
        c.bench_function(&format!("tantrix AI depth 3, {name}"), |b| {
            b.iter(|| {
                let r = tantrix::think(black_box(game), &limits);
                assert!(legal.contains(&r.moves[0]));
                r.nodes
            });
        });
    }
}

fn level5(c: &mut Criterion) {
    let start = game_after(7, 0);
    let legal = start.legal_moves_text();
    let limits = tantrix::limits(5, Duration::from_millis(200), 1);
    let r = tantrix::think(&start, &limits);
    assert!(legal.contains(&r.moves[0]));
    println!(
        "tantrix AI level 5 (top 200 ms) from the start: depth {}, {} nodes in {:.1?} = {:.0} nodes/s",
        r.depth,
        r.nodes,
        r.elapsed,
        r.nodes as f64 / r.elapsed.as_secs_f64()
    );
    c.bench_function("tantrix AI level 5 (top 200 ms), start", |b| {
        b.iter(|| {
            let r = tantrix::think(black_box(&start), &limits);
            assert!(legal.contains(&r.moves[0]));
            r.nodes
        });
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = search, level5
}
criterion_main!(benches);
