//! The move picker, step by step (the menu from the legal moves, the step's picture drawn and encoded as the bot
//! posts it, an indexed PNG in the game's palette), for a mid-game position of each game: each step must answer
//! well within Discord's 3 s (the issue asks for a median under 150 ms on these machines). The preview is the
//! board after the move, drawn as any board.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::games::{AnyGame, GameKind, Setup};
use tabula::i18n::Lang;
use tabula::render::encode_indexed;
use tabula::session::picker::menu;

/// A game of `kind` after `plies` moves, each the first legal move in a rotating order (a fixed, busy position).
fn mid_game(kind: GameKind, plies: usize) -> AnyGame {
    let seats = *kind.seats().start();
    let mut game = AnyGame::new(kind, &Setup { variant: String::new(), seed: 7, seats }).unwrap();
    for i in 0..plies {
        let moves = game.legal_moves_text();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        game.play_text(&moves[(i * 7 + 3) % moves.len()]).unwrap();
    }
    assert!(game.outcome().is_none(), "{kind} is still being played");
    game
}

/// One step: the menu after `chosen` and its picture as PNG; returns the PNG's size.
fn step(game: &AnyGame, chosen: &[&str], names: &[String]) -> usize {
    let paths = game.pick_paths();
    let shown = menu(&paths, chosen, None);
    assert!(shown.done.is_some() || !shown.options.is_empty());
    let picture = game.pick_picture(chosen, names, Lang::En);
    encode_indexed(&picture, game.palette()).len()
}

fn bench_picker(c: &mut Criterion) {
    let names = vec!["alice".to_string(), "bob".to_string()];
    for (kind, plies) in [(GameKind::Tablut, 20), (GameKind::Tzaar, 15), (GameKind::Tantrix, 12)] {
        let game = mid_game(kind, plies);
        let path = game.pick_paths().into_iter().next().expect("a legal move");
        let values: Vec<String> = path.choices.iter().map(|c| c.value.clone()).collect();
        for n in 0..values.len() {
            let chosen: Vec<&str> = values[..n].iter().map(String::as_str).collect();
            println!("{kind} step {n}: picture {} bytes", step(&game, &chosen, &names));
            c.bench_function(&format!("picker {kind} step {n}"), |b| {
                b.iter(|| step(black_box(&game), black_box(&chosen), &names));
            });
        }
        // The preview: the board after the move, as any board is drawn.
        let mut after = game.clone();
        after.play_text(&path.text).unwrap();
        let png = encode_indexed(&after.render(&names, Lang::En), after.palette()).len();
        println!("{kind} preview: picture {png} bytes");
        c.bench_function(&format!("picker {kind} preview"), |b| {
            b.iter(|| {
                let mut after = black_box(&game).clone();
                after.play_text(&path.text).unwrap();
                encode_indexed(&after.render(&names, Lang::En), after.palette()).len()
            });
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench_picker
}
criterion_main!(benches);
