//! The Tablut and TZAAR players: legal moves from many positions with tiny budgets, immediate wins, determinism
//! for a seed with node budgets, the greedy players, and the level limits.

use std::time::Duration;

use tabula::ai::{self, Limits, Report};
use tabula::games::tablut::ai as tablut_ai;
use tabula::games::tablut::{self, Position as TablutPosition, Variant};
use tabula::games::tzaar::ai as tzaar_ai;
use tabula::games::tzaar::{self, Phase, Position as TzaarPosition};
use tabula::games::{AnyGame, Engine, GameKind, Setup};

/// A small deterministic generator for the random walks.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn tiny(nodes: u64, depth: Option<u32>, noise: f64, seed: u64) -> Limits {
    Limits { threads: 1, time: Duration::from_secs(5), max_depth: depth, max_nodes: Some(nodes), noise, seed }
}

/// Games of `kind` after random walks of various lengths, not over.
fn random_games(kind: GameKind, count: u64) -> Vec<AnyGame> {
    let mut out = Vec::new();
    for seed in 0..count {
        let mut rng = seed * 7 + 1;
        let mut game = AnyGame::new(kind, &Setup { variant: String::new(), seed, seats: 2 }).unwrap();
        let plies = next(&mut rng) % 60;
        for _ in 0..plies {
            let legal = game.legal_moves_text();
            if legal.is_empty() {
                break;
            }
            let mut trial = game.clone();
            trial.play_text(&legal[(next(&mut rng) % legal.len() as u64) as usize]).unwrap();
            if trial.to_move().is_none() {
                break;
            }
            game = trial;
        }
        out.push(game);
    }
    out
}

/// Plays a report's moves; they must all be accepted and complete the turn.
fn play_report(game: &AnyGame, moves: &[String]) -> AnyGame {
    assert!(!moves.is_empty(), "no move in a game that is not over");
    let seat = game.to_move();
    let mut after = game.clone();
    for m in moves {
        after.play_text(m).unwrap_or_else(|e| panic!("`{m}` refused: {e}"));
    }
    assert!(after.to_move().is_none() || after.to_move() != seat, "{moves:?} does not complete the turn");
    after
}

#[test]
fn legal_moves_with_tiny_budgets() {
    for kind in [GameKind::Tablut, GameKind::Tzaar] {
        for (i, game) in random_games(kind, 24).iter().enumerate() {
            let seed = i as u64;
            for limits in [
                tiny(0, None, 0.0, seed),
                tiny(1, Some(1), 0.0, seed),
                tiny(60, None, 0.3, seed),
                tiny(400, Some(3), 0.0, seed),
                tiny(10, None, 1.0, seed),
                Limits {
                    threads: 1,
                    time: Duration::ZERO,
                    max_depth: None,
                    max_nodes: None,
                    noise: 0.0,
                    seed,
                },
            ] {
                let report = game.think(&limits);
                play_report(game, &report.notation());
            }
            play_report(game, &game.greedy(seed));
        }
    }
}

#[test]
fn levels_play_legal_moves_with_a_small_top() {
    for kind in [GameKind::Tablut, GameKind::Tzaar] {
        for game in random_games(kind, 3) {
            for level in ai::LEVELS {
                let limits = kind.limits(level, Duration::from_millis(20), 9);
                play_report(&game, &game.think(&limits).notation());
            }
        }
    }
}

#[test]
fn a_finished_game_gets_no_move() {
    let mut game = tablut::Game::from_position(
        TablutPosition::parse("9/9/2a6/9/a3k3a/9/9/9/4a4 w", Variant::Seed).unwrap(),
    );
    game.play_text("e5-e9").unwrap();
    assert!(tablut_ai::think(&game, &tiny(100, None, 0.0, 1)).moves.is_empty());
    assert!(tablut_ai::greedy(&game, 1).is_empty());
}

fn tablut_game(text: &str) -> tablut::Game {
    tablut::Game::from_position(TablutPosition::parse(text, Variant::Seed).unwrap())
}

#[test]
fn tablut_the_king_escapes_when_it_can() {
    // Only the line north is open.
    let game = tablut_game("9/9/2a6/9/a3k3a/9/9/9/4a4 w");
    for limits in [tiny(1, None, 0.0, 1), tablut_ai::LEVEL_TABLE.limits(1, Duration::from_millis(50), 1)] {
        assert_eq!(tablut_ai::think(&game, &limits).notation(), ["e5-e9"]);
    }
    let report = tablut_ai::think(&game, &tablut_ai::LEVEL_TABLE.limits(5, Duration::from_millis(50), 1));
    assert_eq!(report.notation(), ["e5-e9"]);
    assert!(report.score > ai::search::WON, "{report:?}");
    assert_eq!(tablut_ai::greedy(&game, 3), ["e5-e9"]);
}

#[test]
fn tablut_the_attackers_capture_the_king_when_they_can() {
    // The king on c3 has attackers on b3, d3 and c4; c1-c2 closes the ring.
    let game = tablut_game("9/9/9/9/9/2a6/1aka5/9/2a6 b");
    for level in ai::LEVELS {
        let report =
            tablut_ai::think(&game, &tablut_ai::LEVEL_TABLE.limits(level, Duration::from_millis(50), 2));
        assert_eq!(report.notation(), ["c1-c2"], "level {level}");
    }
}

#[test]
fn tablut_blocks_a_single_open_line() {
    // The king on e5 sees e9; Black must block the e-file above it (or lose next move).
    let game = tablut_game("a8/9/2a6/9/a3k3a/9/9/9/4a4 b");
    let report = tablut_ai::think(&game, &tablut_ai::LEVEL_TABLE.limits(4, Duration::from_millis(100), 2));
    let mut after = game.clone();
    after.play_text(&report.notation()[0]).unwrap();
    let next = tablut_ai::think(&after, &tiny(1, None, 0.0, 1));
    let mut end = after.clone();
    end.play_text(&next.notation()[0]).unwrap();
    assert!(end.result().is_none(), "{report:?} lets the king out with {next:?}");
}

#[test]
fn tablut_greedy_takes_the_capture() {
    // d1-d3 closes b3-c3-d3.
    let game = tablut_game("9/9/9/9/4k4/9/1ad6/9/3a5 b");
    for seed in 0..5 {
        assert_eq!(tablut_ai::greedy(&game, seed), ["d1-d3"]);
    }
}

fn tzaar_game(text: &str) -> tzaar::Game {
    tzaar::Game::from_position(text.parse::<TzaarPosition>().unwrap())
}

/// White can take Black's only Tzaar on A2 (and win at once), or a Tzarra on I4.
const LAST_TZAAR: &str = "Zz.../....../......./......../......../......../......./....../AT.at w c";

#[test]
fn tzaar_takes_the_last_of_a_type() {
    let game = tzaar_game(LAST_TZAAR);
    for level in ai::LEVELS {
        let report =
            tzaar_ai::think(&game, &tzaar_ai::LEVEL_TABLE.limits(level, Duration::from_millis(50), 4));
        assert_eq!(report.notation(), ["A1xA2"], "level {level}");
    }
    assert_eq!(tzaar_ai::think(&game, &tiny(1, None, 0.0, 1)).notation(), ["A1xA2"]);
    assert_eq!(tzaar_ai::greedy(&game, 5), ["A1xA2"]);
}

#[test]
fn tzaar_a_turn_is_two_moves_and_a_second_move_one() {
    let game = tzaar_game("Zz.../....../......./......../......../......../......./....../AT.at w c");
    let mut start = tzaar::Game::new(&Setup { variant: "standard".into(), seed: 0, seats: 2 }).unwrap();
    let opening = tzaar_ai::think(&start, &tiny(2_000, None, 0.0, 1));
    assert_eq!(opening.notation().len(), 1, "White's opening is one capture");
    for m in &opening.notation() {
        start.play_text(m).unwrap();
    }
    let turn = tzaar_ai::think(&start, &tiny(5_000, None, 0.0, 1));
    assert_eq!(turn.notation().len(), 2, "{turn:?}");
    let mut half = start.clone();
    half.play_text(&turn.notation()[0]).unwrap();
    assert_eq!(half.position().phase(), Phase::Second);
    assert_eq!(tzaar_ai::think(&half, &tiny(2_000, None, 0.0, 1)).moves.len(), 1);
    assert_eq!(tzaar_ai::greedy(&half, 1).len(), 1);
    assert_eq!(tzaar_ai::greedy(&start, 1).len(), 2);
    drop(game);
}

#[test]
fn tzaar_greedy_takes_the_tall_stack() {
    // Second move: White's Tott of height 3 on A1 can take Black's Tott of height 3 on A2 or a single Tott on B1.
    let game = tzaar_game("T3t3ZA./t...../......./......../......../......../......./....../zzaat w s");
    for seed in 0..4 {
        let moves = tzaar_ai::greedy(&game, seed);
        assert_eq!(moves, ["A1xA2"]);
    }
}

fn same(a: &Report<tabula::games::AnyMove>, b: &Report<tabula::games::AnyMove>) -> bool {
    a.notation() == b.notation() && a.nodes == b.nodes && a.score == b.score && a.depth == b.depth
}

#[test]
fn node_budgets_and_seeds_make_searches_repeatable() {
    for kind in [GameKind::Tablut, GameKind::Tzaar] {
        for game in random_games(kind, 4) {
            for level in ai::LEVELS {
                let mut limits = kind.limits(level, Duration::from_millis(30), 11);
                limits.max_nodes = limits.max_nodes.map(|n| n.min(3_000));
                limits.time = Duration::from_secs(30);
                let (mut a, mut b) = (game.think(&limits), game.think(&limits));
                // TZAAR's player keeps the endgame facts it proves (a proven result is a fact about a position,
                // shared by every search of the process): a search may find more of its tree settled the next
                // time, until what it settles is known. Tablut keeps nothing between searches.
                for _ in 0..3 {
                    if kind == GameKind::Tablut || same(&a, &b) {
                        break;
                    }
                    (a, b) = (b, game.think(&limits));
                }
                assert!(same(&a, &b), "{kind} level {level}: {a:?} vs {b:?}");
            }
            assert_eq!(game.greedy(5), game.greedy(5));
        }
    }
}

#[test]
fn noise_varies_with_the_seed_at_level_one() {
    let game = AnyGame::new(GameKind::Tablut, &Setup { variant: String::new(), seed: 0, seats: 2 }).unwrap();
    let choices: std::collections::BTreeSet<Vec<String>> = (0..12)
        .map(|seed| game.think(&GameKind::Tablut.limits(1, Duration::from_millis(50), seed)).notation())
        .collect();
    assert!(choices.len() > 2, "{choices:?}");
}

#[test]
fn levels_grow_in_budget_and_lose_noise() {
    for kind in [GameKind::Tablut, GameKind::Tzaar] {
        let top = Duration::from_secs(2);
        let all: Vec<Limits> = ai::LEVELS.map(|l| kind.limits(l, top, 0)).collect();
        for pair in all.windows(2) {
            assert!(pair[0].max_nodes <= pair[1].max_nodes, "{kind}: {pair:?}");
            assert!(pair[0].noise >= pair[1].noise, "{kind}: {pair:?}");
            assert!(pair[0].time <= pair[1].time, "{kind}: {pair:?}");
        }
        assert!(all[0].noise > 0.0 && all[4].noise == 0.0);
        assert!(all[4].time <= top);
    }
}

#[test]
fn searches_on_several_threads_play_legal_moves_and_find_the_same_wins() {
    // Each search may take every idle core; on a one-core machine it runs alone, and the moves must still hold.
    let wide = |limits: Limits| Limits { threads: 4, ..limits };
    for kind in [GameKind::Tablut, GameKind::Tzaar] {
        for (i, game) in random_games(kind, 8).iter().enumerate() {
            let report = game.think(&wide(tiny(20_000, None, 0.0, i as u64)));
            play_report(game, &report.notation());
        }
    }
    let escape = tablut_game("9/9/2a6/9/a3k3a/9/9/9/4a4 w");
    let report =
        tablut_ai::think(&escape, &wide(tablut_ai::LEVEL_TABLE.limits(5, Duration::from_millis(50), 1)));
    assert_eq!(report.notation(), ["e5-e9"]);
    let last = tzaar_game(LAST_TZAAR);
    let report = tzaar_ai::think(&last, &wide(tzaar_ai::LEVEL_TABLE.limits(5, Duration::from_millis(50), 1)));
    assert_eq!(report.notation(), ["A1xA2"]);
}
