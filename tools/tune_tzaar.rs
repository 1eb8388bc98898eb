//! The tuner of the TZAAR evaluation's weights (`crates/games/src/games/tzaar/eval.rs`): a coordinate search by self-play.
//!
//! For each weight in turn, it tries the incumbent weights with that one weight moved a step up, then a step down
//! (within its range), each in a match of `--games` games against the incumbent on random setups (game `2i` and
//! `2i + 1` share a setup, colours swapped); a candidate scoring at least `--accept` replaces the incumbent. Every
//! search has a fixed node budget (`--nodes` per turn, deterministic whatever the machine's load), so a run is
//! reproduced exactly by its command line. The run and its result are recorded in `docs/tuning-tzaar.md`.
//!
//! `cargo run --release -p tabula-tools --bin tune_tzaar -- --games 16 --nodes 30000 --seed 1 --rounds 1`
//! (`--vs-material` instead plays the incumbent against the material evaluation and stops, `--vs-tuned` against
//! level 5 with the tuned weights and the shared endgame search (`Style::TUNED`), `--vs-no-proof` against itself without the endgame search; `--only a,b` tunes only the named weights; `--start "100 600 ..."` starts
//! from other weights, in `Weights::NAMES` order.)

use std::time::{Duration, Instant};

use tabula::ai::Limits;
use tabula::games::tzaar::ai::{Endgame, Eval, Style, think_with};
use tabula::games::tzaar::eval::{COUNT, START, Weights};
use tabula::games::tzaar::{Game, Side};
use tabula::games::{Engine, Setup};

/// Each weight's range and step, in `Weights::NAMES` order.
const RANGES: [(i32, i32, i32); COUNT] = [
    (40, 200, 20),   // material
    (0, 2000, 200),  // secure
    (0, 8000, 1000), // all_secure
    (0, 600, 75),    // tall2
    (0, 600, 75),    // tall3
    (0, 300, 40),    // lead
    (0, 200, 20),    // height
    (0, 100, 10),    // targets
    (0, 1500, 150),  // starved
    (0, 32, 4),      // threat_mover
    (0, 32, 4),      // threat_other
    (-300, 600, 75), // tempo
    (0, 2000, 200),  // exposed
    (0, 200, 20),    // attackers
    (0, 200, 20),    // targets_end
    (0, 200, 20),    // attackers_end
    (0, 1500, 150),  // starved_end
    (0, 200, 20),    // stacks
    (-300, 600, 75), // tempo_end
];

struct Settings {
    games: u32,
    nodes: u64,
    seed: u64,
    rounds: u32,
    accept: f64,
    vs_material: bool,
    vs_no_proof: bool,
    vs_tuned: bool,
    only: Option<Vec<String>>,
    start: Weights,
}

fn settings() -> Settings {
    let mut s = Settings {
        games: 16,
        nodes: 30_000,
        seed: 1,
        rounds: 1,
        accept: 0.56,
        vs_material: false,
        vs_no_proof: false,
        vs_tuned: false,
        only: None,
        start: START,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--games" => s.games = value.parse().expect("--games N"),
            "--nodes" => s.nodes = value.parse().expect("--nodes N"),
            "--seed" => s.seed = value.parse().expect("--seed N"),
            "--rounds" => s.rounds = value.parse().expect("--rounds N"),
            "--accept" => s.accept = value.parse().expect("--accept 0.56"),
            "--only" => s.only = Some(value.split(',').map(str::to_string).collect()),
            "--start" => {
                let v: Vec<i32> = value.split_whitespace().map(|x| x.parse().expect("a weight")).collect();
                s.start = Weights::from_array(v.try_into().expect("all the weights"));
            }
            "--vs-material" => {
                s.vs_material = true;
                i += 1;
                continue;
            }
            "--vs-tuned" => {
                s.vs_tuned = true;
                i += 1;
                continue;
            }
            "--vs-no-proof" => {
                s.vs_no_proof = true;
                i += 1;
                continue;
            }
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    s
}

/// Plays one game from the random setup `seed`; returns whether White won.
fn game(seed: u64, white: Style<'_>, black: Style<'_>, nodes: u64) -> bool {
    let mut game = Game::new(&Setup { variant: "random".into(), seed, seats: 2 }).expect("a random setup");
    let mut turn = 0u64;
    while let Some(side) = game.side_to_move() {
        let style = if side == Side::White { white } else { black };
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
            game.play_text(m).expect("the search plays legal moves");
        }
        turn += 1;
    }
    game.outcome().and_then(|o| o.winner) == Some(0)
}

/// A's score share in `games` games against B (pairs of games on one setup, colours swapped).
fn score(a: Style<'_>, b: Style<'_>, s: &Settings, seed: u64) -> f64 {
    let mut points = 0;
    for i in 0..s.games {
        let setup = seed.wrapping_add(u64::from(i / 2));
        let a_white = i % 2 == 0;
        let white_won = if a_white { game(setup, a, b, s.nodes) } else { game(setup, b, a, s.nodes) };
        if white_won == a_white {
            points += 1;
        }
    }
    f64::from(points) / f64::from(s.games)
}

fn style(w: &Weights) -> Style<'_> {
    Style { eval: Eval::Weights(w), endgame: Endgame::Kept }
}

fn main() {
    let s = settings();
    let started = Instant::now();
    let mut best = s.start;
    println!(
        "tune_tzaar: games {} nodes {} seed {} rounds {} accept {} start {:?}",
        s.games,
        s.nodes,
        s.seed,
        s.rounds,
        s.accept,
        best.to_array()
    );
    if s.vs_material {
        let share = score(style(&best), Style::MATERIAL, &s, s.seed);
        println!("against material: {:.1}% in {} games ({:.0?})", 100.0 * share, s.games, started.elapsed());
        return;
    }
    if s.vs_tuned {
        let share = score(style(&best), Style::TUNED, &s, s.seed);
        println!(
            "against the tuned level 5: {:.1}% in {} games ({:.0?})",
            100.0 * share,
            s.games,
            started.elapsed()
        );
        return;
    }
    if s.vs_no_proof {
        let without = Style { endgame: Endgame::Off, ..style(&best) };
        let share = score(style(&best), without, &s, s.seed);
        println!(
            "with the endgame search against without: {:.1}% in {} games ({:.0?})",
            100.0 * share,
            s.games,
            started.elapsed()
        );
        return;
    }
    let mut match_seed = s.seed;
    for round in 0..s.rounds {
        for (k, name) in Weights::NAMES.iter().enumerate() {
            if s.only.as_ref().is_some_and(|only| !only.iter().any(|o| o == name)) {
                continue;
            }
            let (lo, hi, step) = RANGES[k];
            for dir in [1, -1] {
                let mut values = best.to_array();
                let v = (values[k] + dir * step).clamp(lo, hi);
                if v == values[k] {
                    continue;
                }
                values[k] = v;
                let candidate = Weights::from_array(values);
                // Every trial gets fresh setups, so no setup decides two trials.
                match_seed = match_seed.wrapping_add(u64::from(s.games));
                let share = score(style(&candidate), style(&best), &s, match_seed);
                let accepted = share >= s.accept;
                println!(
                    "round {round} {name} {} -> {v}: {:.1}% {} ({:.0?})",
                    best.to_array()[k],
                    100.0 * share,
                    if accepted { "accepted" } else { "kept" },
                    started.elapsed()
                );
                if accepted {
                    best = candidate;
                    break;
                }
            }
        }
        println!("after round {round}: {best:?}");
    }
    println!("tuned: {:?}", best.to_array());
    println!("{best:#?}");
}
