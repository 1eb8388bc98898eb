//! The Tantrix AI: legal placements from many positions with tiny budgets, the obvious best placement, seeded
//! determinism of levels and noise, and the greedy player's choice.

use std::time::Duration;

use tabula::ai::{LEVELS, Limits};
use tabula::games::tantrix::{Game, Placement, ai as tantrix_ai};
use tabula::games::{AnyGame, Engine, GameKind, Setup};

fn new_game(seed: u64, seats: usize) -> Game {
    Game::new(&Setup { variant: String::new(), seed, seats }).unwrap()
}

/// Plays `plies` seeded placements (cheap greedy moves).
fn advance(game: &mut Game, plies: usize, seed: u64) {
    for i in 0..plies {
        if game.to_move().is_none() {
            return;
        }
        let m = tantrix_ai::greedy(game, seed.wrapping_mul(31).wrapping_add(i as u64));
        game.play_text(&m[0]).unwrap();
    }
}

fn tiny(seed: u64, depth: u32) -> Limits {
    Limits {
        threads: 1,
        time: Duration::from_secs(5),
        max_depth: Some(depth),
        max_nodes: Some(60),
        noise: 0.0,
        seed,
    }
}

#[test]
fn the_ai_returns_a_legal_placement_from_many_positions_with_tiny_budgets() {
    for seed in 0..12u64 {
        let seats = 2 + (seed % 3) as usize;
        let mut game = new_game(seed, seats);
        advance(&mut game, (seed as usize * 5) % 45, seed);
        let mut turns = 0;
        while game.to_move().is_some() && turns < 6 {
            let seat = game.to_move();
            for depth in [0, 2, 3, 5] {
                let r = tantrix_ai::think(&game, &tiny(seed + u64::from(depth), depth));
                assert_eq!(r.notation().len(), 1, "one placement");
                let legal: Vec<String> = game.legal_moves_text();
                assert!(
                    legal.contains(&r.notation()[0]),
                    "{} is not legal in\n{}",
                    r.notation()[0],
                    game.text_board()
                );
            }
            let r = tantrix_ai::think(&game, &tiny(seed, 3));
            game.play_text(&r.notation()[0]).unwrap();
            if game.to_move() != seat {
                turns += 1;
            }
        }
    }
}

#[test]
fn a_zero_budget_still_gives_a_legal_placement() {
    let game = new_game(3, 2);
    let limits = Limits {
        threads: 1,
        time: Duration::ZERO,
        max_depth: Some(4),
        max_nodes: Some(0),
        noise: 0.0,
        seed: 1,
    };
    let r = tantrix_ai::think(&game, &limits);
    assert!(game.legal_moves_text().contains(&r.notation()[0]));
    let r = AnyGame::Tantrix(game.clone()).think(&GameKind::Tantrix.limits(5, Duration::ZERO, 1));
    assert!(game.legal_moves_text().contains(&r.notation()[0]));
}

#[test]
fn an_ai_seat_plays_whole_games_of_three_and_four_players() {
    for seats in [3, 4] {
        let mut game = new_game(40 + seats as u64, seats);
        let mut plies = 0;
        while game.to_move().is_some() {
            let limits = tiny(plies, 3);
            let m = if game.to_move() == Some(0) {
                tantrix_ai::think(&game, &limits).notation()
            } else {
                tantrix_ai::greedy(&game, plies)
            };
            game.play_text(&m[0]).unwrap();
            plies += 1;
            assert!(plies < 200);
        }
        assert!(game.outcome().is_some());
    }
}

/// The seat to move's chain score if it plays `p`.
fn score_after(game: &Game, p: &str) -> u32 {
    let mut g = game.clone();
    let seat = g.to_move().unwrap();
    g.play_text(p).unwrap();
    g.scores()[seat]
}

/// A position where one placement raises the mover's chain score three above every other placement.
fn obvious_position() -> (Game, String) {
    for seed in 0..400u64 {
        let mut game = new_game(seed, 2);
        for i in 0..10 + (seed as usize % 20) {
            let legal = game.legal_moves_text();
            if legal.is_empty() {
                break;
            }
            game.play_text(&legal[(i * 7 + seed as usize) % legal.len()]).unwrap();
        }
        if game.to_move().is_none() {
            continue;
        }
        let mut scored: Vec<(u32, String)> =
            game.legal_moves_text().iter().map(|m| (score_after(&game, m), m.clone())).collect();
        scored.sort_by_key(|s| std::cmp::Reverse(s.0));
        if scored.len() > 1 && scored[0].0 >= scored[1].0 + 3 {
            return (game, scored[0].1.clone());
        }
    }
    panic!("no position with an obvious best placement among the seeds");
}

#[test]
fn greedy_takes_the_placement_that_scores_most() {
    let (game, best) = obvious_position();
    for seed in 0..4 {
        assert_eq!(tantrix_ai::greedy(&game, seed), vec![best.clone()], "greedy in\n{}", game.text_board());
    }
}

/// The mover's result (win 1, draw 0, loss -1) after playing `p`, the last tile of the game.
fn result_after(game: &Game, p: &str) -> i32 {
    let mut g = game.clone();
    let seat = g.to_move().unwrap();
    g.play_text(p).unwrap();
    match g.outcome().and_then(|o| o.winner) {
        Some(w) if w == seat => 1,
        Some(_) => -1,
        None => 0,
    }
}

#[test]
fn the_ai_finds_the_last_placement_that_wins() {
    // Seeded greedy games up to the last tile, where some placements win and some do not.
    let mut found = 0;
    for seed in 0..60u64 {
        let mut game = new_game(seed, 2);
        let mut i = 0;
        while game.board().len() < 55 && game.to_move().is_some() {
            let m = tantrix_ai::greedy(&game, seed * 1000 + i);
            game.play_text(&m[0]).unwrap();
            i += 1;
        }
        if game.to_move().is_none() {
            continue;
        }
        let results: Vec<(i32, String)> =
            game.legal_moves_text().into_iter().map(|m| (result_after(&game, &m), m)).collect();
        let best = results.iter().map(|r| r.0).max().unwrap();
        if results.iter().all(|r| r.0 == best) {
            continue;
        }
        for depth in [Some(2), Some(3), None] {
            let limits = Limits {
                threads: 1,
                time: Duration::from_secs(10),
                max_depth: depth,
                max_nodes: None,
                noise: 0.0,
                seed,
            };
            let r = tantrix_ai::think(&game, &limits);
            assert_eq!(
                result_after(&game, &r.notation()[0]),
                best,
                "depth {depth:?} in\n{}",
                game.text_board()
            );
        }
        found += 1;
    }
    assert!(found > 0, "no seeded game ends with a choice between winning and not");
}

#[test]
fn levels_and_noise_are_deterministic_for_a_seed() {
    let mut game = new_game(11, 2);
    advance(&mut game, 14, 11);
    let top = Duration::from_millis(20);
    for level in LEVELS {
        let mut limits = tantrix_ai::LEVEL_TABLE.limits(level, top, 99);
        limits.time = Duration::from_secs(30);
        let a = tantrix_ai::think(&game, &limits);
        let b = tantrix_ai::think(&game, &limits);
        assert_eq!((a.notation(), a.nodes, a.score), (b.notation(), b.nodes, b.score), "level {level}");
    }
    // Noise 1.0 is a seeded random legal placement.
    let noisy = Limits {
        threads: 1,
        time: Duration::from_secs(1),
        max_depth: Some(1),
        max_nodes: Some(100),
        noise: 1.0,
        seed: 5,
    };
    let picks: Vec<String> = (0..2).map(|_| tantrix_ai::think(&game, &noisy).notation()[0].clone()).collect();
    assert_eq!(picks[0], picks[1]);
    assert!(game.legal_moves_text().contains(&picks[0]));
}

#[test]
fn the_levels_budgets_grow_with_the_level() {
    let top = Duration::from_secs(2);
    let l: Vec<Limits> = LEVELS.map(|n| tantrix_ai::LEVEL_TABLE.limits(n, top, 1)).collect();
    for w in l.windows(2) {
        assert!(
            w[0].max_nodes <= w[1].max_nodes
                && w[0].max_depth.unwrap_or(u32::MAX) <= w[1].max_depth.unwrap_or(u32::MAX)
                && w[0].time <= w[1].time
        );
    }
    assert!(l[0].noise > 0.0 && l[4].noise == 0.0 && l[4].time == top);
}

#[test]
fn placements_parse_back() {
    let game = new_game(2, 2);
    let r = tantrix_ai::think(&game, &tiny(1, 3));
    let p: Placement = r.notation()[0].parse().unwrap();
    assert_eq!(p.to_string(), r.notation()[0]);
}

#[test]
fn the_sampled_playouts_run_and_return_a_legal_placement() {
    for seed in [4u64, 9] {
        let mut game = new_game(seed, 2);
        advance(&mut game, 16, seed);
        let limits = Limits {
            threads: 1,
            time: Duration::from_secs(20),
            max_depth: Some(5),
            max_nodes: Some(20_000),
            noise: 0.0,
            seed,
        };
        let r = tantrix_ai::think(&game, &limits);
        assert!(game.legal_moves_text().contains(&r.notation()[0]));
        if game.legal_moves().len() > 1 {
            assert_eq!(r.depth, 5, "the playouts ran: {r:?}");
        }
        let again = tantrix_ai::think(&game, &limits);
        assert_eq!(
            (r.notation(), r.depth, r.nodes, r.score),
            (again.notation(), again.depth, again.nodes, again.score)
        );
    }
}

#[test]
fn with_the_bag_empty_every_move_is_played_out_to_the_end() {
    let mut checked = 0;
    for seed in [5u64, 8, 13] {
        let mut game = new_game(seed, 2);
        let mut i = 0;
        while game.bag_len() > 0 && game.to_move().is_some() {
            let m = tantrix_ai::greedy(&game, seed * 1000 + i);
            game.play_text(&m[0]).unwrap();
            i += 1;
        }
        if game.to_move().is_none() || game.legal_moves().len() < 2 {
            continue;
        }
        let limits = Limits {
            threads: 1,
            time: Duration::from_secs(30),
            max_depth: None,
            max_nodes: None,
            noise: 0.0,
            seed,
        };
        let r = tantrix_ai::think(&game, &limits);
        assert!(game.legal_moves_text().contains(&r.notation()[0]));
        assert!(r.depth >= 4, "the playouts ran: {r:?}");
        // Every hand is known: a finished playout's score carries the win or loss.
        assert!(r.score.abs() >= 100_000 || r.score == 0, "{r:?}");
        assert_eq!(tantrix_ai::think(&game, &limits).notation(), r.notation());
        checked += 1;
    }
    assert!(checked > 0, "no seeded game reached an empty bag with a choice to make");
}

#[test]
fn the_predicted_final_value_of_a_colour_is_never_below_its_score_now() {
    use tantrix_ai::eval::{PREDICTOR, Predictor, features};
    for seed in 0..9u64 {
        let seats = 2 + (seed % 3) as usize;
        let mut game = new_game(seed, seats);
        let mut early_growth = None;
        for step in 0..8 {
            let colours = features(&game);
            assert_eq!(colours.len(), seats);
            for (chains, score) in colours.iter().zip(game.scores()) {
                let now = chains.iter().map(|c| c.now).max().unwrap_or(0);
                // A chain's value now is its length (a loop's doubled) in units of 16 a tile; the best is the score.
                assert_eq!(now, 16 * score as i32, "seed {seed}, step {step}");
                assert!(PREDICTOR.colour(chains) >= now, "seed {seed}, step {step}");
                // Without the second chain's share, an open chain early in the game is predicted to grow.
                let own = Predictor { second: 0, ..PREDICTOR };
                if step == 1 && early_growth.is_none() {
                    early_growth = Some(own.colour(chains) - now);
                }
            }
            advance(&mut game, 6, seed);
        }
        assert!(early_growth.is_some_and(|g| g > 0), "seed {seed}: {early_growth:?}");
    }
}

#[test]
fn round_2s_player_stays_selectable_and_both_play_legal_placements() {
    use tantrix_ai::Style;
    // Today's level 5 without its sequential halving too (twelve finalists halved after 8, 16 and 32 rounds):
    // 30,000 nodes are enough for the first halvings.
    let unhalved = Style { halving: None, ..Style::PREDICTED };
    for seed in 0..4u64 {
        let mut game = new_game(seed, 2 + (seed % 3) as usize);
        advance(&mut game, 10, seed);
        let limits = Limits { max_depth: None, max_nodes: Some(30_000), ..tiny(seed, 0) };
        for style in [Style::PREDICTED, unhalved, Style::PROSPECTS] {
            let r = tantrix_ai::think_with(&game, &limits, style);
            assert!(game.legal_moves_text().contains(&r.notation()[0]), "{style:?}: {r:?}");
            assert_eq!(tantrix_ai::think_with(&game, &limits, style).notation(), r.notation(), "seeded");
        }
    }
}
