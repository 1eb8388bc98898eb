//! Animated replays: a 100-move Tablut game must encode in under 1 s on one core and stay under 2 MB; a 40-tile
//! Tantrix game under 3 MB. Each game is made once (seeded, reproducible), its size and frame count asserted, then
//! the whole replay (drawing every frame and encoding the GIF) is timed.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::games::{AnyGame, GameKind, Setup};
use tabula::record::animate::{Gif, animate_game};

/// A game of `kind` with exactly `moves` stored moves, still in play: seeded random legal moves, trying seeds
/// until a game lasts that long.
fn game_of(kind: GameKind, moves: usize) -> (AnyGame, Vec<String>) {
    for seed in 1..1_000u64 {
        let setup = Setup { variant: String::new(), seed, seats: 2 };
        let start = AnyGame::new(kind, &setup).expect("a start");
        let mut game = start.clone();
        let mut played = Vec::new();
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        while played.len() < moves && game.outcome().is_none() {
            let legal = game.legal_moves_text();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let pick = &legal[(state % legal.len() as u64) as usize];
            played.extend(game.play_text(pick).expect("a legal move").into_iter().map(|p| p.notation));
        }
        if played.len() == moves && game.outcome().is_none() {
            return (start, played);
        }
    }
    panic!("no seed gives a {moves}-move {kind} game");
}

fn replay(kind: GameKind, moves: usize, limit: usize) -> impl Fn() -> Gif {
    let (start, played) = game_of(kind, moves);
    let names = vec!["Attacking Alice".to_string(), "Defending Bob".to_string()];
    move || {
        let gif =
            animate_game(black_box(&start), &played, (&names, None), usize::MAX, tabula::i18n::Lang::En)
                .expect("a replay");
        assert_eq!(gif.frames, moves + 1, "{kind}: one frame per move and the start");
        assert!(gif.bytes.len() < limit, "{kind}: {} bytes, over {limit}", gif.bytes.len());
        gif
    }
}

fn replays(c: &mut Criterion) {
    let mut group = c.benchmark_group("replay gif");
    group.sample_size(10);
    for (kind, moves, limit) in [(GameKind::Tablut, 100, 2_000_000), (GameKind::Tantrix, 40, 3_000_000)] {
        let make = replay(kind, moves, limit);
        let gif = make();
        println!("{kind}: {moves} moves, {} frames, {} bytes", gif.frames, gif.bytes.len());
        group.bench_function(format!("{kind} {moves} moves"), |b| b.iter(&make));
    }
    group.finish();
}

criterion_group!(benches, replays);
criterion_main!(benches);
