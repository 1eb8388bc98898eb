//! Tantrix AI benchmark: a fixed-depth search (depth 3: the seat's turn and the opponent's replies, for every
//! move) from a seeded mid-game position and from the start, and level 5's node budget from the start, each with
//! today's learnt predictor and with the hand-tuned evaluation (`Style::PROSPECTS`). Each asserts a legal
//! placement and the node count it reports as throughput, so criterion's `thrpt` line is the AI's positions
//! (nodes) per second; it also prints the nodes/s of one warm search.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tabula::ai::Limits;
use tabula::games::tantrix::Game;
use tabula::games::tantrix::ai::{self as tantrix, Style};
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

/// Benchmarks `think` on `game` with `limits`, asserting a legal placement and the same node count every time;
/// criterion reports the nodes per second as throughput.
fn bench(
    c: &mut Criterion,
    name: &str,
    game: &Game,
    limits: &Limits,
    check: impl Fn(&tabula::ai::Report<tabula::games::tantrix::Placement>),
) {
    for (style, label) in [(Style::PREDICTED, "learnt"), (Style::PROSPECTS, "prospects")] {
        bench_style(c, &format!("{name}, {label}"), (game, style), limits, &check);
    }
}

fn bench_style(
    c: &mut Criterion,
    name: &str,
    (game, style): (&Game, Style),
    limits: &Limits,
    check: impl Fn(&tabula::ai::Report<tabula::games::tantrix::Placement>),
) {
    let legal = game.legal_moves_text();
    let first = tantrix::think_with(game, limits, style);
    let r = tantrix::think_with(game, limits, style);
    assert!(legal.contains(&r.notation()[0]), "{r:?}");
    assert_eq!(r.nodes, first.nodes, "the search is deterministic");
    check(&r);
    println!(
        "{name}: depth {}, {} nodes in {:.1?} = {:.0} nodes/s",
        r.depth,
        r.nodes,
        r.elapsed,
        r.nodes as f64 / r.elapsed.as_secs_f64()
    );
    let mut group = c.benchmark_group("tantrix AI nodes");
    group.throughput(Throughput::Elements(r.nodes));
    group.bench_function(name, |b| {
        b.iter(|| {
            let again = tantrix::think_with(black_box(game), limits, style);
            assert!(legal.contains(&again.notation()[0]));
            assert_eq!(again.nodes, r.nodes);
            again.nodes
        });
    });
    group.finish();
}

fn search(c: &mut Criterion) {
    let limits = Limits {
        threads: 1,
        time: Duration::from_secs(60),
        max_depth: Some(3),
        max_nodes: None,
        noise: 0.0,
        seed: 1,
    };
    let start = game_after(7, 0);
    let mid = (0..100).map(|s| game_after(s, 24)).find(|g| g.legal_moves().len() > 30).unwrap();
    for (name, game) in [("depth 3, start", &start), ("depth 3, mid-game (24 tiles)", &mid)] {
        bench(c, name, game, &limits, |r| assert_eq!(r.depth, 3));
    }
}

fn level5(c: &mut Criterion) {
    let start = game_after(7, 0);
    // Level 5's limits at a top of 200 ms, with the time cap lifted so its node budget alone ends the search
    // whatever the machine's load (and the node count, hence the throughput, is exact).
    let mut limits = tantrix::LEVEL_TABLE.limits(5, Duration::from_millis(200), 1);
    limits.time = Duration::from_secs(60);
    let budget = limits.max_nodes.unwrap();
    bench(c, "level 5 budget (top 200 ms), start", &start, &limits, |r| {
        assert!(r.nodes >= budget && r.depth >= 4, "{r:?}");
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = search, level5
}
criterion_main!(benches);
