//! The learnt Tantrix evaluation's tuner (`crates/games/src/games/tantrix/ai/eval.rs`, `PREDICTOR`): each chain's value at the
//! end of the game predicted from what it is now, fitted by least squares to the final scores of self-play games.
//!
//! 1. The data: `--games` self-play games (setup `seed + i`; game i has 2 seats when `i % 4` is 0 or 1, 3 when it
//!    is 2, 4 when it is 3), every placement chosen by a depth-3 search (the seat's turn and the opponents'
//!    replies) of `--nodes` nodes with the weights `--start`, so a run is reproduced exactly by its command line.
//!    Every position before a placement is kept, and each colour's chains in it are labelled with the score that
//!    colour's best chain reached at the end. One game in ten (`i % 10 == 9`) is held out to check the fit.
//! 2. The fit: a coordinate descent on the weights (each in turn a step up or down while the mean squared error of
//!    the predicted final scores falls, the steps halved when no weight moves), `--rounds` times over.
//!
//! `cargo run --release -p tabula-tools --bin texel_tantrix -- --games 2000 --nodes 3000 --seed 1 --rounds 10`
//! (`--start "..."` starts from other weights, in `Predictor::NAMES` order; `--only a,b` fits only the named ones;
//! `--threads N` plays and fits on N threads, by default one per core.) The run that made `PREDICTOR` and its figures are in
//! `docs/tuning-tantrix.md`.

use std::time::{Duration, Instant};

use clap::Parser;

#[path = "descent.rs"]
mod descent;
use descent::{Descent, Shared, mean_over, parse_weights, self_play_data};

use tabula::ai::Limits;
use tabula::games::tantrix::Game;
use tabula::games::tantrix::ai::eval::{ChainFeatures, FEATURES, PREDICTOR, Predictor, features};
use tabula::games::tantrix::ai::{Style, think_with};
use tabula::games::{Engine, Setup};

/// Evaluation units per tile (`eval::UNIT`).
const UNIT: f64 = 16.0;

/// Each weight's first step in the descent, in `Predictor::NAMES` order.
const STEPS: [i32; FEATURES + 1] = [4, 4, 4, 4, 4, 4, 4, 4, 4, 2];

/// The tuner's command line.
#[derive(Parser)]
struct Settings {
    /// Self-play games to learn from.
    #[arg(long, default_value_t = 2000)]
    games: u32,
    /// Nodes searched a placement in those games.
    #[arg(long, default_value_t = 3_000)]
    nodes: u64,
    /// Passes of the coordinate descent.
    #[arg(long, default_value_t = 10)]
    rounds: u32,
    /// The weights to play the games with and start the fit from, in `Predictor::NAMES` order.
    #[arg(long, value_parser = weights, default_value = "")]
    start: Predictor,
    #[command(flatten)]
    shared: Shared,
}

/// `PREDICTOR` for an empty text, else the weights written in `Predictor::NAMES` order.
fn weights(text: &str) -> Result<Predictor, String> {
    Ok(parse_weights(text)?.map_or(PREDICTOR, Predictor::from_array))
}

/// A colour's chains in a position and the score its best chain reached at the end, in evaluation units.
type Sample = (Vec<ChainFeatures>, f64);

/// Plays the game of setup `seed` with `p`; returns its positions' colours, labelled.
fn self_play(i: u32, seed: u64, p: Predictor, nodes: u64) -> Vec<Sample> {
    let seats = match i % 4 {
        0 | 1 => 2,
        2 => 3,
        _ => 4,
    };
    let style = Style { predictor: Some(p), horizon: None, halving: None };
    let mut game = Game::new(&Setup { variant: String::new(), seed, seats }).expect("a setup");
    let mut positions = Vec::new();
    let mut ply = 0u64;
    while game.to_move().is_some() {
        positions.push(features(&game));
        let limits = Limits {
            threads: 1,
            time: Duration::from_secs(30),
            max_depth: Some(3),
            max_nodes: Some(nodes),
            noise: 0.0,
            seed: seed.wrapping_mul(1000).wrapping_add(ply),
        };
        let report = think_with(&game, &limits, style);
        let m = report.notation().into_iter().next().expect("a move in a game that is not over");
        game.play_text(&m).expect("the search plays legal moves");
        ply += 1;
    }
    let finals = game.scores();
    positions
        .into_iter()
        .flat_map(|colours| {
            colours
                .into_iter()
                .zip(&finals)
                .map(|(chains, &f)| (chains, f64::from(f) * UNIT))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The games `0..games` split over `threads`, as (training, held-out) samples.
fn data(s: &Settings) -> (Vec<Sample>, Vec<Sample>) {
    self_play_data(s.games, s.shared.threads, |i| {
        self_play(i, s.shared.seed.wrapping_add(u64::from(i)), s.start, s.nodes)
    })
}

/// The mean squared error, in tiles, of the final scores `p` predicts over `samples`, on `threads` threads.
fn error(samples: &[Sample], p: &Predictor, threads: usize) -> f64 {
    mean_over(samples, threads, |(chains, label)| ((f64::from(p.colour(chains)) - label) / UNIT).powi(2))
}

fn main() {
    let mut s = Settings::parse();
    s.shared.threads = s.shared.threads.max(1);
    let started = Instant::now();
    println!(
        "texel_tantrix: games {} nodes {} seed {} rounds {} threads {} start {:?}",
        s.games,
        s.nodes,
        s.shared.seed,
        s.rounds,
        s.shared.threads,
        s.start.to_array()
    );
    let (train, held) = data(&s);
    println!("{} training samples, {} held out ({:.0?})", train.len(), held.len(), started.elapsed());
    let best = s.start;
    let start_error = error(&train, &best, s.shared.threads);
    println!(
        "error of the start: {start_error:.4} tiles² (held out {:.4})",
        error(&held, &best, s.shared.threads)
    );
    let descent =
        Descent { names: Predictor::NAMES, steps: STEPS, only: s.shared.only.as_deref(), rounds: s.rounds };
    let best = descent.run(
        best.to_array(),
        |values| error(&train, &Predictor::from_array(*values), s.shared.threads),
        |round, values, e| {
            let held_out = error(&held, &Predictor::from_array(*values), s.shared.threads);
            println!(
                "round {round}: error {e:.4} (held out {held_out:.4}) {values:?} ({:.0?})",
                started.elapsed()
            );
        },
    );
    let best = Predictor::from_array(best);
    println!("learnt: {:?}", best.to_array());
    println!("{best:#?}");
}
