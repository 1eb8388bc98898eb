//! The learnt TZAAR evaluation's tuner (`crates/games/src/games/tzaar/eval.rs`, `LEARNT`): Texel's method.
//!
//! 1. The data: `--games` self-play games from random setups (setup `seed + i`), each turn searched with a fixed
//!    node budget (`--nodes`) by the evaluation `--start`, so a run is reproduced exactly by its command line on
//!    any machine. Every position of every game before its end is kept, labelled 1 when its side to move went on
//!    to win and 0 when it lost (TZAAR has no draws). One game in ten (`i % 10 == 9`) is held out to check the fit.
//! 2. The scale: `K`, such that `1 / (1 + e^(-eval / K))` best predicts the labels with the starting weights.
//! 3. The fit: a coordinate descent on the weights (each in turn a step up or down while the mean squared error of
//!    that prediction falls, the steps halved when no weight moves), `--rounds` times over.
//!
//! `cargo run --release -p tabula-tools --bin texel_tzaar -- --games 1200 --nodes 8000 --seed 1 --rounds 8`
//! (`--start "..."` starts from other weights, in `Weights::NAMES` order; `--only a,b` fits only the named ones;
//! `--threads N` plays and fits on N threads, by default one per core.) The run that made `LEARNT` and its figures
//! are in `docs/tuning-tzaar.md`.

use std::time::{Duration, Instant};

use clap::Parser;

#[path = "descent.rs"]
mod descent;
use descent::{Descent, Shared, mean_over, parse_weights, self_play_data};

use tabula::ai::Limits;
use tabula::games::tzaar::ai::{Endgame, Eval, Style, think_with};
use tabula::games::tzaar::eval::{COUNT, TUNED, Weights, evaluate};
use tabula::games::tzaar::{Game, Position, Side};
use tabula::games::{Engine, Setup};

/// Each weight's first step in the descent, in `Weights::NAMES` order.
const STEPS: [i32; COUNT] = [20, 200, 800, 75, 75, 40, 20, 10, 150, 4, 4, 75, 200, 20, 20, 20, 150, 20, 75];

/// The tuner's command line.
#[derive(Parser)]
struct Settings {
    /// Self-play games to learn from.
    #[arg(long, default_value_t = 1200)]
    games: u32,
    /// Nodes searched a turn in those games.
    #[arg(long, default_value_t = 8_000)]
    nodes: u64,
    /// Passes of the coordinate descent.
    #[arg(long, default_value_t = 8)]
    rounds: u32,
    /// The weights to play the games with and start the fit from, in `Weights::NAMES` order.
    #[arg(long, value_parser = weights, default_value = "")]
    start: Weights,
    #[command(flatten)]
    shared: Shared,
}

/// `TUNED` for an empty text, else the weights written in `Weights::NAMES` order.
fn weights(text: &str) -> Result<Weights, String> {
    Ok(parse_weights(text)?.map_or(TUNED, Weights::from_array))
}

/// A position and whether its side to move went on to win (1.0) or lose (0.0).
type Sample = (Position, f64);

/// Plays the game of setup `seed` with `w` on both sides; returns its positions, labelled.
fn self_play(seed: u64, w: &Weights, nodes: u64) -> Vec<Sample> {
    // The shared endgame search: the kept one's table would make the data depend on the threads' timing.
    let style = Style { eval: Eval::Weights(w), endgame: Endgame::Shared };
    let mut game = Game::new(&Setup { variant: "random".into(), seed, seats: 2 }).expect("a random setup");
    let mut positions = Vec::new();
    let mut turn = 0u64;
    while game.side_to_move().is_some() {
        positions.push(*game.position());
        let limits = Limits {
            threads: 1,
            time: Duration::from_secs(30),
            max_depth: None,
            max_nodes: Some(nodes),
            noise: 0.0,
            seed: seed.wrapping_mul(1000).wrapping_add(turn),
        };
        let report = think_with(&game, &limits, style);
        assert!(!report.notation().is_empty(), "no move in a game that is not over");
        for m in &report.notation() {
            // The position between a turn's two moves is a sample too.
            if game.position() != positions.last().expect("a position") {
                positions.push(*game.position());
            }
            game.play_text(m).expect("the search plays legal moves");
        }
        turn += 1;
    }
    let white_won = game.outcome().and_then(|o| o.winner) == Some(0);
    positions
        .into_iter()
        .map(|p| (p, if (p.to_move() == Side::White) == white_won { 1.0 } else { 0.0 }))
        .collect()
}

/// The games `0..games` split over `threads`, as (training, held-out) samples.
fn data(s: &Settings) -> (Vec<Sample>, Vec<Sample>) {
    self_play_data(s.games, s.shared.threads, |i| {
        self_play(s.shared.seed.wrapping_add(u64::from(i)), &s.start, s.nodes)
    })
}

fn predicted(eval: i32, k: f64) -> f64 {
    1.0 / (1.0 + (-f64::from(eval) / k).exp())
}

/// The mean squared error of the predictions of `w` at scale `k` over `samples`, on `threads` threads.
fn error(samples: &[Sample], w: &Weights, k: f64, threads: usize) -> f64 {
    mean_over(samples, threads, |(p, label)| (label - predicted(evaluate(p, w), k)).powi(2))
}

/// The scale `K` that fits `w` best (a golden-section search on its logarithm).
fn fit_scale(samples: &[Sample], w: &Weights, threads: usize) -> f64 {
    let (mut lo, mut hi) = (100f64.ln(), 20_000f64.ln());
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(samples, w, a.exp(), threads) < error(samples, w, b.exp(), threads) {
            hi = b;
        } else {
            lo = a;
        }
    }
    f64::midpoint(lo, hi).exp()
}

fn main() {
    let mut s = Settings::parse();
    s.shared.threads = s.shared.threads.max(1);
    let started = Instant::now();
    println!(
        "texel_tzaar: games {} nodes {} seed {} rounds {} threads {} start {:?}",
        s.games,
        s.nodes,
        s.shared.seed,
        s.rounds,
        s.shared.threads,
        s.start.to_array()
    );
    let (train, held) = data(&s);
    println!("{} training positions, {} held out ({:.0?})", train.len(), held.len(), started.elapsed());
    let k = fit_scale(&train, &s.start, s.shared.threads);
    let best = s.start;
    let start_error = error(&train, &best, k, s.shared.threads);
    println!(
        "K {k:.0}; error of the start: {start_error:.5} (held out {:.5})",
        error(&held, &best, k, s.shared.threads)
    );
    let descent =
        Descent { names: Weights::NAMES, steps: STEPS, only: s.shared.only.as_deref(), rounds: s.rounds };
    let best = descent.run(
        best.to_array(),
        |values| error(&train, &Weights::from_array(*values), k, s.shared.threads),
        |round, values, e| {
            let held_out = error(&held, &Weights::from_array(*values), k, s.shared.threads);
            println!(
                "round {round}: error {e:.5} (held out {held_out:.5}) {values:?} ({:.0?})",
                started.elapsed()
            );
        },
    );
    let best = Weights::from_array(best);
    println!("learnt: {:?}", best.to_array());
    println!("{best:#?}");
}
