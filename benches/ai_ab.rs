//! Search speed of the Tablut and TZAAR players: a fixed-depth search from the start (Tablut start, TZAAR
//! standard start), asserting a legal move. The nodes searched are printed once, so nodes per second follow from
//! criterion's time. Also: the TZAAR evaluations' cost per call, how often the proof-number search settles
//! endgames, and a fixed-depth search on one thread and on two (Lazy SMP: the time to the same depth). Tablut at
//! level 5's one-second node budget with late moves pruned and only reduced, for the nodes per second before and after.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::ai::{Limits, Report};
use tabula::games::tablut::ai as tablut_ai;
use tabula::games::tablut::{self, Variant};
use tabula::games::tzaar::ai as tzaar_ai;
use tabula::games::tzaar::eval as tzaar_eval;
use tabula::games::tzaar::material as tzaar_material;
use tabula::games::{Engine, Setup, tzaar};

fn fixed(depth: u32) -> Limits {
    Limits {
        threads: 1,
        time: Duration::from_secs(600),
        max_depth: Some(depth),
        max_nodes: None,
        noise: 0.0,
        seed: 0,
    }
}

/// Prints what one search found (nodes, time, nodes per second), then benchmarks `think` as `name`.
fn bench_search<M: std::fmt::Display>(
    c: &mut Criterion,
    name: &str,
    report: &Report<M>,
    think: impl Fn() -> Report<M>,
) {
    eprintln!(
        "{name}: {} nodes in {:.1?} = {:.0} nodes/s, moves {:?}",
        report.nodes,
        report.elapsed,
        report.nodes as f64 / report.elapsed.as_secs_f64(),
        report.notation()
    );
    let mut group = c.benchmark_group("ai");
    group.sample_size(10);
    group.bench_function(name, |b| {
        b.iter(|| {
            let r = think();
            assert!(!r.notation().is_empty());
            r.nodes
        });
    });
    group.finish();
}

fn tablut_search(c: &mut Criterion) {
    let game = tablut::Game::with_variant(Variant::Seed);
    let limits = fixed(5);
    let report = tablut_ai::think(&game, &limits);
    let legal = game.legal_moves_text();
    assert!(legal.contains(&report.notation()[0]), "{report:?}");
    bench_search(c, "tablut depth 5 from the start", &report, || tablut_ai::think(black_box(&game), &limits));
}

/// Level 5's budget at one second (a million nodes) from the start of Ashton and of Seed, with today's search and
/// with the baseline's (`Style::REDUCING`, late moves not pruned): the same evaluation, so the nodes per second before
/// and after the change of search.
fn tablut_styles(c: &mut Criterion) {
    let limits = Limits { max_depth: None, max_nodes: Some(1_000_000), ..fixed(0) };
    for variant in [Variant::Ashton, Variant::Seed] {
        let game = tablut::Game::with_variant(variant);
        for (label, style) in [
            ("late moves pruned", tablut_ai::Style::PRUNING),
            ("late moves reduced", tablut_ai::Style::REDUCING),
        ] {
            let report = tablut_ai::think_with(&game, &limits, style);
            assert!(game.legal_moves_text().contains(&report.notation()[0]), "{report:?}");
            let name =
                format!("{variant:?} tablut 1,000,000 nodes from the start, {label}, depth {}", report.depth);
            bench_search(c, &name, &report, || tablut_ai::think_with(black_box(&game), &limits, style));
        }
    }
}

fn tzaar_search(c: &mut Criterion) {
    let mut game =
        tzaar::Game::new(&Setup { variant: "standard".into(), seed: 0, seats: 2 }).expect("standard");
    // White's opening capture, then a whole turn of Black is searched (two moves).
    game.play_text("I5xH6").expect("legal");
    // Depth 4: the learnt evaluation's trees are far larger at a fixed depth (27 million nodes at depth 5, against
    // 1.7 million with the tuned weights below), which a node budget turns into a shallower, better search.
    let limits = fixed(4);
    let report = tzaar_ai::think(&game, &limits);
    let mut trial = game.clone();
    for m in &report.notation() {
        trial.play_text(m).expect("the search plays legal moves");
    }
    assert_eq!(report.notation().len(), 2);
    bench_search(c, "tzaar depth 4 after the standard opening", &report, || {
        tzaar_ai::think(black_box(&game), &limits)
    });
}

/// The same search with the material evaluation (the player before the security evaluation) and with the tuned
/// player (the security evaluation's hand-tuned weights), for the speed before and after.
fn tzaar_search_material(c: &mut Criterion) {
    let mut game =
        tzaar::Game::new(&Setup { variant: "standard".into(), seed: 0, seats: 2 }).expect("standard");
    game.play_text("I5xH6").expect("legal");
    let limits = fixed(5);
    for (name, style) in [
        ("tzaar depth 5 after the standard opening, material evaluation", tzaar_ai::Style::MATERIAL),
        ("tzaar depth 5 after the standard opening, tuned weights", tzaar_ai::Style::TUNED),
    ] {
        let report = tzaar_ai::think_with(&game, &limits, style);
        assert_eq!(report.notation().len(), 2);
        bench_search(c, name, &report, || tzaar_ai::think_with(black_box(&game), &limits, style));
    }
}

/// A search to a fixed depth on one thread, then on two (where the machine has two idle cores): Lazy SMP's gain is
/// the time to the same depth.
fn parallel_search(c: &mut Criterion) {
    let game = tablut::Game::with_variant(Variant::Ashton);
    for threads in [1, 2] {
        let limits = Limits { threads, ..fixed(6) };
        let report = tablut_ai::think(&game, &limits);
        assert!(game.legal_moves_text().contains(&report.notation()[0]), "{report:?}");
        let name = format!("ashton tablut depth 6 from the start, {threads} thread(s)");
        bench_search(c, &name, &report, || tablut_ai::think(black_box(&game), &limits));
    }
    let mut game = tzaar::Game::new(&Setup { variant: "random".into(), seed: 3, seats: 2 }).expect("random");
    let first = tzaar_ai::greedy(&game, 1);
    game.play_text(&first[0]).expect("legal");
    for threads in [1, 2] {
        let limits = Limits { threads, ..fixed(4) };
        let report = tzaar_ai::think(&game, &limits);
        let name = format!("tzaar depth 4 after a random opening, {threads} thread(s)");
        bench_search(c, &name, &report, || tzaar_ai::think(black_box(&game), &limits));
    }
}

/// The static evaluations alone, over positions of a few random games: the cost per call of each.
fn tzaar_evaluations(c: &mut Criterion) {
    let mut positions = Vec::new();
    for seed in 0..8 {
        let mut game = tzaar::Game::new(&Setup { variant: "random".into(), seed, seats: 2 }).expect("random");
        let mut turn = 0;
        while game.side_to_move().is_some() && turn < 40 {
            positions.push(*game.position());
            let moves = tzaar_ai::greedy(&game, seed * 100 + turn);
            for m in &moves {
                game.play_text(m).expect("legal");
            }
            turn += 1;
        }
    }
    positions.retain(|p| p.end().is_none());
    let mut group = c.benchmark_group("tzaar eval");
    for (name, weights) in [("tuned", &tzaar_eval::TUNED), ("learnt", &tzaar_eval::LEARNT)] {
        group.bench_function(format!("security evaluation, {name} weights x{}", positions.len()), |b| {
            b.iter(|| positions.iter().map(|p| tzaar_eval::evaluate(black_box(p), weights)).sum::<i32>());
        });
    }
    group.bench_function(format!("material evaluation x{}", positions.len()), |b| {
        b.iter(|| positions.iter().map(|p| tzaar_material::evaluate(black_box(p))).sum::<i32>());
    });
    group.finish();
}

/// How often the proof-number search settles endgames, by the number of stacks on the board (n or n + 1), at the
/// budget the tuned level 5 gave it at 500 ms (a third of the first move's 375,000 nodes) and at the kept search's
/// own budget at 250 ms and at 2 s (250,000 and 1,500,000 tree nodes); printed, then one proof benchmarked.
fn tzaar_endgames(c: &mut Criterion) {
    use std::time::Instant;
    use tabula::games::tzaar::proof::{Proven, prove};
    let mut buckets: Vec<(u32, Vec<tzaar::Position>)> =
        [12, 16, 20, 24, 28].map(|n| (n, Vec::new())).to_vec();
    for seed in 0..40 {
        let mut game = tzaar::Game::new(&Setup { variant: "random".into(), seed, seats: 2 }).expect("random");
        let mut turn = 0;
        while game.side_to_move().is_some() {
            let pos = *game.position();
            let stacks = (pos.stacks_of(tzaar::Side::White) | pos.stacks_of(tzaar::Side::Black)).count_ones();
            if let Some((_, list)) =
                buckets.iter_mut().find(|(n, list)| (stacks == *n || stacks == *n + 1) && list.len() < 12)
            {
                list.push(pos);
            }
            // Small searches (2,000 nodes a turn) reach the endgame; greedy games end by a lost type first.
            let limits = Limits {
                threads: 1,
                time: Duration::from_secs(10),
                max_depth: None,
                max_nodes: Some(2_000),
                noise: 0.0,
                seed: seed * 1000 + turn,
            };
            let moves = tzaar_ai::think(&game, &limits).notation();
            for m in &moves {
                game.play_text(m).expect("legal");
            }
            turn += 1;
        }
    }
    let far = || Instant::now() + Duration::from_secs(60);
    for budget in [125_000, 250_000, 1_500_000] {
        for (n, list) in &buckets {
            let start = Instant::now();
            let (mut settled, mut nodes) = (0, 0);
            for pos in list {
                let proof = prove(pos, budget, far());
                settled += usize::from(proof.proven != Proven::Unknown);
                nodes += proof.nodes;
            }
            eprintln!(
                "tzaar endgames with {n} stacks: {settled} of {} settled within {budget} nodes, {:.0} nodes and \
                 {:.1?} a position",
                list.len(),
                nodes as f64 / list.len().max(1) as f64,
                start.elapsed() / list.len().max(1) as u32
            );
        }
    }
    if let Some(pos) = buckets.iter().find(|(n, _)| *n == 16).and_then(|(_, l)| l.first()).copied() {
        let mut group = c.benchmark_group("ai");
        group.sample_size(10);
        group.bench_function("tzaar proof-number search, 16 stacks, 125000 nodes", |b| {
            b.iter(|| prove(black_box(&pos), 125_000, far()).nodes);
        });
        group.finish();
    }
}

criterion_group!(
    benches,
    tablut_search,
    tablut_styles,
    tzaar_search,
    tzaar_search_material,
    tzaar_evaluations,
    tzaar_endgames,
    parallel_search
);
criterion_main!(benches);
