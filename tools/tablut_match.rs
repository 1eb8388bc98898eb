//! Self-play matches between two sets of Tablut evaluation weights (`crates/games/src/games/tablut/ai.rs`): the weights in use
//! against a candidate that differs in the weights named on the command line.
//!
//! Each pair of games shares an opening (two seeded random plies, as `tabula arena` opens a Tablut match) with
//! colours swapped; every search has a fixed node budget per move (level 5's budget is a million nodes a second,
//! so `--nodes 1000000` is level 5 at one second a move), so a run is reproduced exactly by its command line
//! whatever the machine's load. Games run on `--threads` threads. A draw (a repetition, or no result after
//! `--max-plies`) is half a point. `--show` prints each game's moves.
//!
//! `--keep-table` lets the candidate keep its transposition table from one of its moves to the next
//! (`ai::Thinker`, as the Tablut Challenge client plays).
//!
//! The players are both `Style::PRUNING` unless told: `--base reducing` makes the baseline the reducing player
//! (`Style::REDUCING`, as `baseline5` in `tabula match`), and `--candidate reducing` the candidate's search (its
//! weights still the ones `--set` gives).
//!
//! `cargo run --release -p tabula-tools --bin tablut_match -- --variant ashton --games 40 --nodes 100000 --set escape_moves=60`

use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use tabula::ai::Limits;
use tabula::games::tablut::ai::{Style, Thinker, WEIGHTS, Weights, think_with};
use tabula::games::tablut::{Game, Side};
use tabula::games::{Engine, Setup};

struct Settings {
    variant: String,
    games: u32,
    nodes: u64,
    seed: u64,
    threads: usize,
    max_plies: usize,
    show: bool,
    candidate: Weights,
    /// The candidate's search (its weights are `candidate`).
    candidate_style: Style,
    /// The baseline.
    base: Style,
    /// The candidate keeps its transposition table from one of its moves to the next (`ai::Thinker`).
    keep_table: bool,
}

fn settings() -> Settings {
    let mut s = Settings {
        variant: "ashton".into(),
        games: 20,
        nodes: 100_000,
        seed: 1,
        threads: std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        max_plies: 300,
        show: false,
        candidate: WEIGHTS,
        candidate_style: Style::PRUNING,
        base: Style::PRUNING,
        keep_table: false,
    };
    let style = |name: &str| match name {
        "pruning" => Style::PRUNING,
        "reducing" => Style::REDUCING,
        other => panic!("no style {other}: pruning or reducing"),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| panic!("{arg} takes a value"));
        match arg.as_str() {
            "--variant" => s.variant = value(),
            "--games" => s.games = value().parse().expect("--games N"),
            "--nodes" => s.nodes = value().parse().expect("--nodes N"),
            "--seed" => s.seed = value().parse().expect("--seed N"),
            "--threads" => s.threads = value().parse().expect("--threads N"),
            "--max-plies" => s.max_plies = value().parse().expect("--max-plies N"),
            "--set" => {
                for pair in value().split(',') {
                    let (name, v) = pair.split_once('=').expect("--set name=value[,name=value]");
                    let i = Weights::NAMES
                        .iter()
                        .position(|n| *n == name)
                        .unwrap_or_else(|| panic!("no weight {name}"));
                    let mut all = s.candidate.to_array();
                    all[i] = v.parse().expect("a weight is an integer");
                    s.candidate = Weights::from_array(all);
                }
            }
            "--base" => s.base = style(&value()),
            "--candidate" => s.candidate_style = style(&value()),
            "--show" => s.show = true,
            "--keep-table" => s.keep_table = true,
            other => panic!("unknown argument {other}"),
        }
    }
    s
}

/// A game's result for the candidate, in half points (2 a win, 1 a draw, 0 a loss), and the candidate's side.
fn game(s: &Settings, candidate: Style, index: u32) -> (u32, Side) {
    let opening = s.seed.wrapping_mul(10_007).wrapping_add(u64::from(index / 2));
    let mut game =
        Game::new(&Setup { variant: s.variant.clone(), seed: opening, seats: 2 }).expect("a variant");
    let mut state = opening.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for _ in 0..2 {
        let legal = game.legal_moves_text();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        game.play_text(&legal[(state % legal.len() as u64) as usize]).expect("a legal move");
    }
    let candidate_side = if index % 2 == 0 { Side::White } else { Side::Black };
    let mut winner_side = None;
    let mut plies = 0;
    let mut kept = s.keep_table.then(|| Thinker::new(candidate));
    while let Some(side) = game.side_to_move() {
        if plies >= s.max_plies {
            return (1, candidate_side);
        }
        let style = if side == candidate_side { candidate } else { s.base };
        let limits = Limits {
            threads: 1,
            time: Duration::from_secs(600),
            max_depth: None,
            max_nodes: Some(s.nodes),
            noise: 0.0,
            seed: opening.wrapping_add(plies as u64),
        };
        let report = match kept.as_mut().filter(|_| side == candidate_side) {
            Some(thinker) => thinker.think(&game, &limits),
            None => think_with(&game, &limits, style),
        };
        let mv = report.notation().into_iter().next().expect("a move in a game that is not over");
        let mover = game.to_move();
        game.play_text(&mv).expect("the search plays legal moves");
        plies += 1;
        if let Some(outcome) = game.outcome() {
            let other = if side == Side::White { Side::Black } else { Side::White };
            winner_side = outcome.winner.map(|seat| if Some(seat) == mover { side } else { other });
        }
    }
    if s.show {
        println!(
            "game {index} (candidate {candidate_side:?}): {} -> {:?}",
            game.moves_text().join(" "),
            winner_side
        );
    }
    let points = match winner_side {
        None => 1,
        Some(w) if w == candidate_side => 2,
        Some(_) => 0,
    };
    (points, candidate_side)
}

fn main() {
    let s = settings();
    let weights: &'static Weights = Box::leak(Box::new(s.candidate));
    let candidate = Style { weights, ..s.candidate_style };
    println!(
        "tablut_match: {} games of {} at {} nodes a move, seed {}, {} threads; candidate {:?} against {:?}{}",
        s.games,
        s.variant,
        s.nodes,
        s.seed,
        s.threads,
        candidate,
        s.base,
        if s.keep_table { ", keeping its table" } else { "" }
    );
    let started = Instant::now();
    let next = AtomicU32::new(0);
    // Half points by the candidate's side: [white, black] as (points, games).
    let tally = Mutex::new([(0u32, 0u32); 2]);
    std::thread::scope(|scope| {
        for _ in 0..s.threads.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= s.games {
                        break;
                    }
                    let (points, side) = game(&s, candidate, i);
                    let mut t = tally.lock().unwrap();
                    let k = usize::from(side == Side::Black);
                    t[k].0 += points;
                    t[k].1 += 1;
                }
            });
        }
    });
    let t = tally.into_inner().unwrap();
    let share = |(p, n): (u32, u32)| if n == 0 { 0.0 } else { 100.0 * f64::from(p) / f64::from(2 * n) };
    let all = (t[0].0 + t[1].0, t[0].1 + t[1].1);
    println!(
        "candidate: {:.1}% in {} games (as White {:.1}% of {}, as Black {:.1}% of {}), {:.0?}",
        share(all),
        all.1,
        share(t[0]),
        t[0].1,
        share(t[1]),
        t[1].1,
        started.elapsed()
    );
}
