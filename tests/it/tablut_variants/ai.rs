//! The Tablut player under the variants: legal moves at every level, captures of the king by two (and against a
//! camp) found where the seed rules' shortcuts would call the king free, and camps that close the king's lines.

use std::time::Duration;

use tabula::ai::{self, Limits};
use tabula::games::tablut::ai as tablut_ai;
use tabula::games::tablut::{Game, Side, Variant};
use tabula::games::{Engine, GameKind, Setup};

use super::board;

/// A small deterministic generator for the random walks.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[test]
fn every_level_and_greedy_play_legal_moves_in_every_variant() {
    for variant in Variant::ALL {
        let setup = Setup { variant: variant.name().into(), seed: 0, seats: 2 };
        for seed in 0..6u64 {
            let mut rng = seed * 13 + 5;
            let mut game = Game::new(&setup).unwrap();
            for _ in 0..next(&mut rng) % 40 {
                let legal = game.legal_moves_text();
                let mut trial = game.clone();
                trial.play_text(&legal[(next(&mut rng) % legal.len() as u64) as usize]).unwrap();
                if trial.result().is_some() {
                    break;
                }
                game = trial;
            }
            for level in ai::LEVELS {
                let report =
                    tablut_ai::think(&game, &GameKind::Tablut.limits(level, Duration::from_millis(10), seed));
                let [mv] = &report.notation()[..] else { panic!("{variant} level {level}: {report:?}") };
                game.clone().play_text(mv).unwrap_or_else(|e| panic!("{variant} level {level}: {mv}: {e}"));
            }
            let greedy = tablut_ai::greedy(&game, seed);
            game.clone().play_text(&greedy[0]).unwrap();
        }
    }
}

/// Every level, and a one-node search, choose `mv` for the side to move.
fn all_levels_choose(game: &Game, mv: &str) {
    for level in ai::LEVELS {
        let report = tablut_ai::think(game, &GameKind::Tablut.limits(level, Duration::from_millis(50), 3));
        assert_eq!(report.notation(), [mv], "level {level} in {}", game.position());
    }
    let one = Limits {
        threads: 1,
        time: Duration::from_secs(5),
        max_depth: None,
        max_nodes: Some(1),
        noise: 0.0,
        seed: 1,
    };
    assert_eq!(tablut_ai::think(game, &one).notation(), [mv], "one node in {}", game.position());
}

#[test]
fn the_attackers_capture_the_king_by_two_though_he_sees_two_edges() {
    // The king on c7 sees c9 and c1; under the seed rules Black could not stop him. Here h7-d7 captures him
    // against b7.
    for variant in [Variant::Linnaeus, Variant::Ashton] {
        let game = Game::from_position(board(variant, "b7 h7", "", "c7", Side::Black));
        all_levels_choose(&game, "h7-d7");
        let report = tablut_ai::think(&game, &GameKind::Tablut.limits(3, Duration::from_millis(50), 1));
        assert!(report.score > ai::search::WON, "{variant}: {report:?}");
    }
    let seed = Game::from_position(board(Variant::Seed, "b7 h7", "", "c7", Side::Black));
    let report = tablut_ai::think(&seed, &GameKind::Tablut.limits(3, Duration::from_millis(50), 1));
    assert!(report.score < -ai::search::WON, "under the seed rules Black has lost: {report:?}");
}

#[test]
fn in_ashton_the_attackers_capture_the_king_against_a_camp() {
    // The king on e3 sees a3 and i3; c4-e4 captures him against the camp square e2.
    let game = Game::from_position(board(Variant::Ashton, "c4 h8", "", "e3", Side::Black));
    all_levels_choose(&game, "c4-e4");
}

#[test]
fn in_ashton_a_line_through_a_camp_is_no_escape() {
    // The king on c5 looks west over b5 and a5: open under the seed rules, a camp in Ashton.
    let (attackers, defenders) = ("c4 c6 h8", "d5");
    let limits = GameKind::Tablut.limits(3, Duration::from_millis(50), 1);
    let seed = Game::from_position(board(Variant::Seed, attackers, defenders, "c5", Side::White));
    let report = tablut_ai::think(&seed, &limits);
    assert_eq!(report.notation(), ["c5-a5"]);
    assert!(report.score > ai::search::WON, "{report:?}");
    let ashton = Game::from_position(board(Variant::Ashton, attackers, defenders, "c5", Side::White));
    let report = tablut_ai::think(&ashton, &limits);
    assert!(report.score < ai::search::WON, "{report:?}");
}

#[test]
fn the_armed_king_takes_a_capture_when_greedy() {
    // Linnaeus: the king, shut in but for the file down to c3, captures d4 on c4 against the defender on e4.
    let game = Game::from_position(board(Variant::Linnaeus, "d4 b7 c8 c2", "e4 d7", "c7", Side::White));
    for seed in 0..4 {
        assert_eq!(tablut_ai::greedy(&game, seed), ["c7-c4"]);
    }
}
