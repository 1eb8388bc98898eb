//! The Texel-style tuner of the Tablut evaluation's weights (`crates/games/src/games/tablut/ai.rs`), from self-play labels.
//!
//! 1. Plays `--games` self-play games with the weights in use at `--nodes` nodes a move, each from an opening of
//!    `--opening` seeded random plies, on `--threads` threads.
//! 2. Keeps every quiet position after the opening (nothing decided in one move, no capture), labelled with the game's
//!    result for White (1, 0, or 0.5 for a draw or a game still going after `--max-plies`).
//! 3. Reads each position's counts once (the evaluation is a sum of weights times counts, so a count is the
//!    evaluation with that weight one and the others zero), fits the scale `K` of the logistic
//!    `1 / (1 + 10^(-eval / K))` to the weights in use, then moves one weight at a time by its step while the
//!    mean squared error between the logistic and the labels falls (the attacker's weight stays 100, the unit).
//!
//! It prints the fitted weights; `tools/tablut_match.rs --set ...` then plays them against the weights in use.
//! A run is reproduced exactly by its command line:
//! `cargo run --release -p tabula-tools --bin tune_tablut -- --variant ashton --games 400 --nodes 20000 --seed 1`

use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use tabula::ai::Limits;
use tabula::games::tablut::ai::{Style, WEIGHTS, Weights, evaluate, is_quiet, think_with};
use tabula::games::tablut::{Game, Position, Side};
use tabula::games::{Engine, Setup};

/// The weights the tuner moves, with their steps, as (name, step).
const TUNED: [(&str, i32); 10] = [
    ("defender", 10),
    ("open_line", 20),
    ("threat_square", 10),
    ("fork_square", 20),
    ("edge_distance", 10),
    ("king_pressure", 10),
    ("blockade", 5),
    ("king_mobility", 2),
    ("king_danger", 20),
    ("escape_moves", 10),
];

struct Settings {
    variant: String,
    games: u32,
    nodes: u64,
    seed: u64,
    opening: usize,
    threads: usize,
    max_plies: usize,
}

fn settings() -> Settings {
    let mut s = Settings {
        variant: "ashton".into(),
        games: 400,
        nodes: 20_000,
        seed: 1,
        opening: 4,
        threads: std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        max_plies: 200,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| panic!("{arg} takes a value"));
        match arg.as_str() {
            "--variant" => s.variant = value(),
            "--games" => s.games = value().parse().expect("--games N"),
            "--nodes" => s.nodes = value().parse().expect("--nodes N"),
            "--seed" => s.seed = value().parse().expect("--seed N"),
            "--opening" => s.opening = value().parse().expect("--opening N"),
            "--threads" => s.threads = value().parse().expect("--threads N"),
            "--max-plies" => s.max_plies = value().parse().expect("--max-plies N"),
            other => panic!("unknown argument {other}"),
        }
    }
    s
}

/// One self-play game's quiet positions after its opening and White's result in half points (2, 1 or 0).
fn self_play(s: &Settings, index: u32) -> (Vec<Position>, u8) {
    let seed = s.seed.wrapping_mul(1_000_003).wrapping_add(u64::from(index));
    let mut game = Game::new(&Setup { variant: s.variant.clone(), seed, seats: 2 }).expect("a variant");
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for _ in 0..s.opening {
        if game.outcome().is_some() {
            break;
        }
        let legal = game.legal_moves_text();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        game.play_text(&legal[(state % legal.len() as u64) as usize]).expect("a legal move");
    }
    let mut positions = Vec::new();
    let mut white_won = None;
    let mut plies = 0;
    while let Some(side) = game.side_to_move() {
        if plies >= s.max_plies {
            break;
        }
        if is_quiet(game.position()) {
            positions.push(*game.position());
        }
        let limits = Limits {
            threads: 1,
            time: Duration::from_secs(600),
            max_depth: None,
            max_nodes: Some(s.nodes),
            noise: 0.0,
            seed: seed.wrapping_add(plies as u64),
        };
        let report = think_with(&game, &limits, Style::PRUNING);
        let mv = report.notation().into_iter().next().expect("a move in a game that is not over");
        let mover = game.to_move();
        game.play_text(&mv).expect("the search plays legal moves");
        plies += 1;
        if let Some(outcome) = game.outcome() {
            white_won = outcome.winner.map(|seat| (Some(seat) == mover) == (side == Side::White));
        }
    }
    let half_points = match white_won {
        Some(true) => 2,
        Some(false) => 0,
        None => 1,
    };
    (positions, half_points)
}

/// The mean squared error of the logistic of `w`'s evaluations against the labels.
fn error(data: &[([i32; 11], f64)], w: &[i32; 11], k: f64) -> f64 {
    let sum: f64 = data
        .iter()
        .map(|(f, label)| {
            let eval: i64 = f.iter().zip(w).map(|(&f, &w)| i64::from(f) * i64::from(w)).sum();
            let p = 1.0 / (1.0 + 10f64.powf(-(eval as f64) / k));
            (label - p) * (label - p)
        })
        .sum();
    sum / data.len() as f64
}

fn main() {
    let run = settings();
    let started = Instant::now();
    println!(
        "tune_tablut: {} self-play games of {} at {} nodes a move, opening {} plies, seed {}, {} threads",
        run.games, run.variant, run.nodes, run.opening, run.seed, run.threads
    );
    let next = AtomicU32::new(0);
    let games = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..run.threads.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= run.games {
                        break;
                    }
                    let game = self_play(&run, i);
                    games.lock().unwrap().push((i, game));
                }
            });
        }
    });
    let mut games = games.into_inner().unwrap();
    games.sort_by_key(|(i, _)| *i);
    let (mut white, mut draws) = (0, 0);
    let mut data = Vec::new();
    for (_, (positions, half_points)) in &games {
        white += u32::from(*half_points == 2);
        draws += u32::from(*half_points == 1);
        let label = f64::from(*half_points) / 2.0;
        for pos in positions {
            let mut f = [0; 11];
            for (k, count) in f.iter_mut().enumerate() {
                let mut unit = [0; 11];
                unit[k] = 1;
                *count = evaluate(pos, &Weights::from_array(unit));
            }
            data.push((f, label));
        }
    }
    println!(
        "{} games: White won {white}, drawn or unfinished {draws}; {} positions ({:.0?})",
        games.len(),
        data.len(),
        started.elapsed()
    );
    let mut w = WEIGHTS.to_array();
    // The scale that best fits the weights in use.
    let mut k = 400.0;
    for _ in 0..40 {
        let (lo, hi) = (error(&data, &w, k * 0.9), error(&data, &w, k * 1.1));
        let here = error(&data, &w, k);
        if lo < here {
            k *= 0.9;
        } else if hi < here {
            k *= 1.1;
        } else {
            break;
        }
    }
    let mut best = error(&data, &w, k);
    println!("K {k:.0}, error of the weights in use {best:.5}");
    for round in 0..30 {
        let mut improved = false;
        for (name, step) in TUNED {
            let i = Weights::NAMES.iter().position(|n| *n == name).expect("a tuned weight is a weight");
            for dir in [1, -1] {
                loop {
                    let mut trial = w;
                    trial[i] += dir * step;
                    let e = error(&data, &trial, k);
                    if e < best {
                        (w, best) = (trial, e);
                        improved = true;
                    } else {
                        break;
                    }
                }
            }
        }
        println!("round {round}: error {best:.5} {:?}", Weights::from_array(w));
        if !improved {
            break;
        }
    }
    let set: Vec<String> = Weights::NAMES.iter().zip(w).map(|(n, v)| format!("{n}={v}")).collect();
    println!("tuned ({:.0?}): --set {}", started.elapsed(), set.join(","));
}
