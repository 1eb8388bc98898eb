//! Tablut benchmarks: perft(4) from the start with our engine and with the public `hnefatafl` crate side by
//! side (both must count 19,913,864), perft(4) under the Linnaeus and Ashton variants (the spec's counts), and
//! drawing plus PNG-encoding a mid-game board.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use hnefatafl::aliases::{MediumBasicGameLogic, MediumBasicGameState};
use hnefatafl::board::state::BoardState;
use hnefatafl::collections::PieceSet;
use hnefatafl::game::GameStatus;
use hnefatafl::pieces::Side as HSide;
use hnefatafl::preset;
use tabula::games::tablut::{Game, Position, Variant};

const PERFT4: u64 = 19_913_864;
/// The spec's perft(4) of the variants, each from its own start.
const VARIANT_PERFT4: [(Variant, u64); 2] = [(Variant::Linnaeus, 19_913_864), (Variant::Ashton, 19_159_224)];

/// Perft with the `hnefatafl` crate, with the same bulk counting at the last ply.
fn hnefatafl_perft(logic: &MediumBasicGameLogic, state: &MediumBasicGameState, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if !matches!(state.status, GameStatus::Ongoing) {
        return 0;
    }
    let mut nodes = 0;
    for tile in state.board.occupied_by_side(state.side_to_play) {
        for play in logic.iter_plays(tile, state).expect("the tile holds a piece") {
            nodes += if depth == 1 {
                1
            } else {
                hnefatafl_perft(logic, &logic.do_valid_play(play, *state).new_state, depth - 1)
            };
        }
    }
    nodes
}

fn perft(c: &mut Criterion) {
    let start = Position::start(Variant::Seed);
    assert_eq!(start.perft(4), PERFT4);

    // hnefatafl's Tablut preset, with the throne made passable as in our seed rules.
    let mut rules = preset::rules::TABLUT;
    rules.passable_tiles.throne = PieceSet::all();
    let logic = MediumBasicGameLogic::new(rules, 9);
    let state = MediumBasicGameState::new(preset::boards::TABLUT, HSide::Attacker).expect("valid board");
    assert_eq!(hnefatafl_perft(&logic, &state, 4), PERFT4);

    let mut group = c.benchmark_group("tablut perft 4");
    group.sample_size(10);
    group.bench_function("tabula", |b| b.iter(|| assert_eq!(black_box(start).perft(4), PERFT4)));
    group.bench_function("hnefatafl 0.0.2", |b| {
        b.iter(|| assert_eq!(hnefatafl_perft(&logic, black_box(&state), 4), PERFT4));
    });
    for (variant, nodes) in VARIANT_PERFT4 {
        let start = Position::start(variant);
        group.bench_function(format!("tabula {variant}"), |b| {
            b.iter(|| assert_eq!(black_box(start).perft(4), nodes));
        });
    }
    group.finish();
}

fn render(c: &mut Criterion) {
    let mut game = Game::with_variant(Variant::Seed);
    for mv in "e8-d8 e4-h4 a6-a7 h4-h1 d1-d3 e6-b6 d8-b8 g5-g9 i4-h4 f5-g5 h4-i4 g9-g7 i4-i1".split(' ') {
        game.play_notation(mv).expect("a legal move");
    }
    let names = ["Attacking Alice".to_string(), "Defending Bob".to_string()];
    c.bench_function("tablut render+encode", |b| {
        b.iter(|| {
            let img =
                tabula::games::tablut::picture::render(black_box(&game), &names, tabula::i18n::Lang::En);
            tabula::render::encode_indexed(&img, tabula::games::tablut::picture::palette()).len()
        });
    });
}

criterion_group!(benches, perft, render);
criterion_main!(benches);
