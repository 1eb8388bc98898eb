//! The still picture the bot posts after every move: drawing the board and encoding it as PNG, per game at the
//! start, in the middle and late in a game (Tantrix with 40 tiles and more). Each position is made once by
//! seeded random legal moves (reproducible); its picture's size is printed once, then render + encode is timed.
//! Targets (issue 28): 3 ms median, 40 KB for Tablut and TZAAR, 60 KB for a late Tantrix board.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::games::{AnyGame, GameKind, Setup};
use tabula::i18n::Lang;

/// A game of `kind` with `seats` players and exactly `moves` stored moves, still in play: seeded random legal
/// moves, trying seeds until a game lasts that long.
fn game_of(kind: GameKind, seats: usize, moves: usize) -> AnyGame {
    for seed in 1..1_000u64 {
        let setup = Setup { variant: String::new(), seed, seats };
        let mut game = AnyGame::new(kind, &setup).expect("a start");
        let mut played = 0;
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        while played < moves && game.outcome().is_none() {
            let legal = game.legal_moves_text();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let pick = &legal[(state % legal.len() as u64) as usize];
            played += game.play_text(pick).expect("a legal move").len();
        }
        if played == moves && game.outcome().is_none() {
            return game;
        }
    }
    panic!("no seed gives a {moves}-move {kind} game");
}

fn pictures(c: &mut Criterion) {
    let names = vec!["Attacking Alice".to_string(), "Defending Bob".to_string()];
    let caption = "Attacking Alice to move, 2 d 4 h left";
    let mut group = c.benchmark_group("picture");
    group.sample_size(30);
    let stages: [(GameKind, &str, usize); 9] = [
        (GameKind::Tablut, "start", 0),
        (GameKind::Tablut, "mid", 30),
        (GameKind::Tablut, "late", 80),
        (GameKind::Tzaar, "start", 0),
        (GameKind::Tzaar, "mid", 20),
        (GameKind::Tzaar, "late", 40),
        (GameKind::Tantrix, "start", 0),
        (GameKind::Tantrix, "mid", 20),
        (GameKind::Tantrix, "late", 42),
    ];
    for (kind, stage, moves) in stages {
        let game = game_of(kind, 2, moves);
        let png = game.board_png(&names, Lang::En, None, Some(caption));
        let img = image::load_from_memory(&png).expect("the picture decodes");
        assert!(img.width() > 500 && img.height() > 300, "{kind} {stage}: {}x{}", img.width(), img.height());
        println!("{kind} {stage}: {moves} moves, {}x{}, {} bytes", img.width(), img.height(), png.len());
        group.bench_function(format!("{kind} {stage}"), |b| {
            b.iter(|| black_box(&game).board_png(&names, Lang::En, None, Some(caption)));
        });
    }
    group.finish();
}

criterion_group!(benches, pictures);
criterion_main!(benches);
