//! Tantrix: the spec's examples, each restriction on hand-built positions, the reference chain scores, whole
//! random games with their invariants, notation round trips and error sentences, and golden pictures.

use std::collections::HashSet;

use proptest::prelude::*;
use tabula::games::tantrix::cli;
use tabula::games::tantrix::{Colour, Direction, Game, Hex, IllegalMove, Placement, Position, Tile};
use tabula::games::{Engine, MoveError, Setup};

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("test position `{text}` does not read: {e}"))
}

fn placement(text: &str) -> Placement {
    text.parse().unwrap_or_else(|e| panic!("test placement `{text}` does not read: {e}"))
}

fn setup(seed: u64, seats: usize) -> Setup {
    Setup { variant: String::new(), seed, seats }
}

/// The same position with the bag emptied, so the restrictions no longer apply.
fn endgame(p: &Position) -> Position {
    Position::new(p.board().clone(), p.hand(), 0).unwrap()
}

const EXAMPLE_FREE: &str = "53@0,0:2 9@1,-1:0 34@0,-1:0 14@2,-2:3 55@1,-2:2 | 11 18 20 21 42 44 | 39";
const EXAMPLE_FORCED: &str = "12@0,0:5 20@0,-1:2 49@1,0:4 13@-1,1:3 38@-2,2:3 | 21 34 35 39 48 56 | 39";

#[test]
fn the_spec_examples_have_64_and_2_legal_moves() {
    assert_eq!(cli::moves(EXAMPLE_FREE).unwrap().len(), 64, "first example of the spec");
    let forced = cli::moves(EXAMPLE_FORCED).unwrap();
    assert_eq!(forced, ["34@1,-1:0", "48@0,1:5"], "second example of the spec: the two forced fills");
    // Every listed move is legal on its own, and distinct.
    let p = pos(EXAMPLE_FREE);
    let moves = p.legal_moves();
    assert_eq!(moves.iter().collect::<HashSet<_>>().len(), moves.len(), "moves are listed once each");
    for m in &moves {
        assert_eq!(p.check(*m), Ok(()), "{m} is listed but refused");
    }
}

#[test]
fn forced_fills_come_before_free_moves() {
    let p = pos(EXAMPLE_FORCED);
    let forced: HashSet<Hex> = p.board().forced_spaces().into_iter().collect();
    assert_eq!(forced, [Hex::new(1, -1), Hex::new(-1, 0), Hex::new(0, 1)].into_iter().collect());
    let err = p.check(placement("21@1,1:0")).unwrap_err();
    assert!(matches!(err, IllegalMove::ForcedFirst { .. }), "a free move while fills are due: {err}");
    assert_eq!(
        err.to_string(),
        "a forced space must be filled first: 1,-1 (for example 34@1,-1:0); free moves come after"
    );
}

// Restriction 1: no forced space with one colour on three sides.
const RULE1: &str = "50@0,0:5 18@1,0:0 | 48 43 13 31 41 35 | 42";

#[test]
fn restriction_1_no_forced_space_with_three_sides_of_one_colour() {
    let p = pos(RULE1);
    let m = placement("13@0,-1:0");
    assert_eq!(
        p.check(m),
        Err(IllegalMove::SameColourSpace { space: Hex::new(1, -1), colour: Colour::Yellow }),
        "13@0,-1:0 makes 1,-1 a forced space with three yellow sides"
    );
    assert!(!p.legal_moves().contains(&m));
    // Negative: once the bag is empty the restriction is lifted.
    assert_eq!(endgame(&p).check(m), Ok(()));
    assert!(endgame(&p).legal_moves().contains(&m));
    // Negative: the same cell is fine for a rotation that does not make the space dead.
    assert!(p.legal_moves().iter().any(|x| x.cell == Hex::new(0, -1)), "0,-1 stays playable");
}

// Restriction 2: no empty cell with four or more neighbouring tiles.
const RULE2: &str = "36@0,0:4 38@0,1:0 7@1,1:0 | 9 10 46 44 20 22 | 41";

#[test]
fn restriction_2_no_space_with_four_neighbours() {
    let p = pos(RULE2);
    assert_eq!(p.board().forced_spaces(), [Hex::new(1, 0)], "1,0 is a forced space");
    assert!(p.forced_fills().is_empty(), "no tile of the hand fits 1,0, so free moves are allowed");
    let m = placement("9@1,-1:0");
    assert_eq!(p.check(m), Err(IllegalMove::FourNeighbours { space: Hex::new(1, 0) }));
    assert!(p.legal_moves().iter().all(|x| x.cell != Hex::new(1, -1)), "no tile may go on 1,-1");
    assert!(p.legal_moves().iter().all(|x| x.cell != Hex::new(2, 0)), "nor on 2,0");
    // Negative: with an empty bag it is allowed.
    assert_eq!(endgame(&p).check(m), Ok(()));
    // Negative: a cell next to the board but not next to the forced space is fine.
    assert!(p.legal_moves().iter().any(|x| x.cell == Hex::new(-1, 1)), "-1,1 stays playable");
}

// Restriction 3: controlled sides.
const RULE3: &str = "19@0,0:5 52@0,1:0 49@1,-1:2 14@0,2:4 | 4 44 33 48 40 5 | 40";

#[test]
fn restriction_3_no_tile_on_a_controlled_side() {
    let p = pos(RULE3);
    assert_eq!(p.board().forced_spaces(), [Hex::new(1, 0)]);
    let m = placement("4@1,2:1");
    // On its own the placement leaves no cell with four neighbours (1,1 gets three)...
    assert_eq!(p.board().neighbour_count(Hex::new(1, 1)), 2);
    // ...but filling the forced space 1,0 would give 1,1 a fourth.
    assert_eq!(p.check(m), Err(IllegalMove::ControlledSide { space: Hex::new(1, 1) }));
    assert!(p.legal_moves().iter().all(|x| x.cell != Hex::new(1, 2)), "1,2 is on the controlled side");
    assert_eq!(endgame(&p).check(m), Ok(()), "no restriction once the bag is empty");
    assert!(p.legal_moves().iter().any(|x| x.cell == Hex::new(-1, 2)), "the other side stays playable");
}

#[test]
fn forced_spaces_chain_along_a_side() {
    // A straight side of three tiles and a forced space at its top: after one fill, the next space is forced.
    let p = pos("19@0,0:5 52@0,1:0 49@1,-1:2 14@0,2:4 | 4 44 33 48 40 5 | 40");
    let fills = p.forced_fills();
    assert!(fills.iter().all(|f| f.cell == Hex::new(1, 0)), "only 1,0 is forced: {fills:?}");
    for fill in fills {
        let next = p.play(fill).unwrap();
        assert_eq!(next.board().forced_spaces(), [Hex::new(1, 1)], "after {fill} the space below is forced");
    }
}

#[test]
fn the_first_tile_goes_on_the_origin() {
    let p = pos("| 1 2 3 4 5 6 | 44");
    assert_eq!(p.legal_moves().len(), 36, "six tiles in six rotations on 0,0");
    assert_eq!(
        p.check(placement("1@1,0:0")).unwrap_err().to_string(),
        "the first tile goes on 0,0: write it as 1@0,0:k with k the rotation 0-5"
    );
}

#[test]
fn every_reference_board_scores_as_listed() {
    let text = include_str!("../data/tantrix/scores.tsv");
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.starts_with("id\t") && !l.trim().is_empty())
    {
        let cols: Vec<&str> = line.split('\t').collect();
        let (id, position) = (cols[0], cols[1]);
        let want: Vec<(char, u32)> =
            ['R', 'B', 'Y', 'G'].iter().zip(&cols[2..6]).map(|(&c, v)| (c, v.parse().unwrap())).collect();
        let got = cli::score(position).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(got, want, "{id}: scores of `{position}`");
        checked += 1;
    }
    assert!(checked >= 60, "only {checked} boards read");
}

/// Plays a whole game with moves picked by a simple generator, checking the invariants after every placement.
fn play_out(seed: u64, seats: usize) -> Game {
    let mut game = Game::new(&setup(seed, seats)).unwrap();
    let mut rng = seed.wrapping_add(1);
    let mut tiles_seen = HashSet::new();
    while let Some(seat) = game.to_move() {
        let moves = game.legal_moves();
        assert!(!moves.is_empty(), "seed {seed}: seat {seat} is to move with no legal move");
        let position = game.position();
        let restricted = position.restricted();
        let forced_due = !position.forced_fills().is_empty();
        rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let m = moves[(rng >> 33) as usize % moves.len()];
        if forced_due {
            assert!(position.board().neighbour_count(m.cell) >= 3, "seed {seed}: {m} is not a forced fill");
        }
        assert!(tiles_seen.insert(m.tile), "seed {seed}: tile {} placed twice", m.tile);
        let played =
            game.play_text(&m.to_string()).unwrap_or_else(|e| panic!("seed {seed}: {m} refused: {e}"));
        assert_eq!(played[0].seat, seat);
        let board = game.board();
        for d in Direction::ALL {
            if let Some(t) = board.get(m.cell.step(d)) {
                assert_eq!(
                    m.tile.edge(m.rot, d),
                    t.edge(d.opposite()),
                    "seed {seed}: {m} clashes on edge {d}"
                );
            }
        }
        if restricted {
            for h in board.frontier() {
                let n = board.neighbour_count(h);
                assert!(n <= 3, "seed {seed}: after {m}, {h} has {n} neighbours");
                if n == 3 {
                    let sides = board.sides(h);
                    for c in Colour::ALL {
                        let k = sides.iter().filter(|s| **s == Some(c)).count();
                        assert!(k < 3, "seed {seed}: after {m}, forced space {h} has three {c} sides");
                    }
                }
            }
        }
        let held: usize = game.hands().iter().map(Vec::len).sum();
        assert_eq!(board.len() + held + game.bag_len(), 56, "seed {seed}: tiles are conserved");
    }
    game
}

#[test]
fn random_games_for_two_three_and_four_players_play_to_the_end() {
    for seats in 2..=4 {
        for seed in 0..4u64 {
            let game = play_out(seed * 31 + seats as u64, seats);
            let outcome = game.outcome().expect("the game ended");
            if game.board().len() == 56 {
                let all: HashSet<Tile> = game.board().placements().iter().map(|p| p.tile).collect();
                assert_eq!(all.len(), 56, "every tile is on the board once");
                let scores = game.scores();
                let best = *scores.iter().max().unwrap();
                match outcome.winner {
                    Some(w) => {
                        assert_eq!(scores.iter().filter(|&&s| s == best).count(), 1, "{outcome:?}");
                        assert_eq!(scores[w], best, "{outcome:?}");
                    }
                    None => assert!(scores.iter().filter(|&&s| s == best).count() > 1, "{outcome:?}"),
                }
            } else {
                assert_eq!(outcome.winner, None, "a blocked game is a draw");
            }
        }
    }
}

#[test]
fn a_seeded_game_replays_identically() {
    let game = play_out(99, 3);
    let again = Game::replay(game.setup(), &game.moves_text()).unwrap();
    assert_eq!(again.moves_text(), game.moves_text());
    assert_eq!(again.hands(), game.hands());
    assert_eq!(again.outcome(), game.outcome());
    let fresh = Game::new(&setup(99, 3)).unwrap();
    let fresh2 = Game::new(&setup(99, 3)).unwrap();
    assert_eq!(fresh.hands(), fresh2.hands(), "the same seed deals the same hands");
    assert_ne!(Game::new(&setup(100, 3)).unwrap().hands(), fresh.hands(), "another seed deals others");
}

#[test]
fn setup_deals_six_each_and_the_highest_first_draw_starts() {
    for seats in 2..=4 {
        let game = Game::new(&setup(5, seats)).unwrap();
        assert!(game.hands().iter().all(|h| h.len() == 6));
        assert_eq!(game.bag_len(), 56 - 6 * seats);
        let start = game.to_move().unwrap();
        let draws = game.first_draws();
        assert!(draws.iter().all(|&t| t <= draws[start]), "seat {start} drew the highest of {draws:?}");
        assert_eq!(game.legal_moves().len(), 36);
    }
    let game = Game::new(&Setup { variant: "gy".into(), seed: 1, seats: 2 }).unwrap();
    assert_eq!(game.colours(), [Colour::Green, Colour::Yellow]);
    assert_eq!(game.seat_label(0), "Green");
    for (variant, seats, msg) in [
        ("RR", 2, "red is taken twice: each seat needs its own colour"),
        ("RBX", 3, "`X` is not a Tantrix colour: name one colour per seat with R, B, Y, G (e.g. BYG)"),
        ("RB", 3, "2 colours for 3 players: name exactly one colour per seat (e.g. RBY)"),
        ("", 5, "Tantrix is played by 2 to 4 players, not 5"),
    ] {
        let err = Game::new(&Setup { variant: variant.into(), seed: 1, seats }).unwrap_err();
        assert_eq!(err.to_string(), msg);
    }
}

#[test]
fn the_turn_is_forced_fills_one_free_move_then_forced_fills() {
    // Play seeded games and follow each turn: a free move happens once, and only fills come after it.
    for seed in 0..6 {
        let mut game = Game::new(&setup(seed, 2)).unwrap();
        let mut turn = (game.move_number(), false);
        while let Some(_seat) = game.to_move() {
            if game.move_number() != turn.0 {
                turn = (game.move_number(), false);
            }
            let position = game.position();
            let m = game.legal_moves()[0];
            let free = position.board().neighbour_count(m.cell) < 3 || position.board().is_empty();
            if game.free_move_made() {
                assert!(!free, "seed {seed}: a second free move in turn {}", turn.0);
            }
            if free {
                assert!(!turn.1, "seed {seed}: two free moves in turn {}", turn.0);
                turn.1 = true;
            }
            game.play(m).unwrap();
        }
    }
}

#[test]
fn error_sentences_say_what_is_wrong_and_what_to_do() {
    let p = pos(EXAMPLE_FREE);
    let cases = [
        ("23@1,0:0", "tile 23 is not in your hand: place one of 11, 18, 20, 21, 42, 44"),
        ("11@1,-1:0", "cell 1,-1 is taken by tile 9: choose an empty cell next to the tiles"),
        ("11@5,5:0", "cell 5,5 is not next to a tile: choose an empty cell that touches a tile on the board"),
        (
            "11@-1,0:0",
            "colours clash on the NE edge: tile 11 turned 0 shows red there but tile 34 on 0,-1 shows yellow; \
             try another rotation or cell",
        ),
        (
            "18@1,-3:4",
            "it would make a forced space at 0,-2 with three yellow sides, which no tile could fill; choose \
             another rotation or cell",
        ),
    ];
    for (m, want) in cases {
        assert_eq!(p.check(placement(m)).unwrap_err().to_string(), want, "{m}");
    }
    assert_eq!(
        pos(RULE2).check(placement("9@1,-1:0")).unwrap_err().to_string(),
        "it would leave a space with four neighbours at 1,0, which is not allowed while the bag has tiles; \
         choose another cell"
    );
    assert_eq!(
        pos(RULE3).check(placement("4@1,2:1")).unwrap_err().to_string(),
        "it would break a controlled side: filling the forced spaces it leaves would surround 1,1 by four \
         tiles; choose a cell off that line"
    );
    for (text, want) in [
        ("23-1,1", "can't read `23-1,1`: write a placement as tile@q,r:k"),
        ("57@0,0:0", "can't read `57@0,0:0`: tiles are numbered 1 to 56; write a placement"),
        ("5@0,0:6", "can't read `5@0,0:6`: the rotation is 0 to 5; write a placement"),
        ("5@0,99:1", "can't read `5@0,99:1`: cells run from -60 to 60; write a placement"),
    ] {
        let err = text.parse::<Placement>().unwrap_err().to_string();
        assert!(err.starts_with(want), "`{text}` gives `{err}`");
    }
    let mut game = play_out(3, 2);
    assert_eq!(
        game.play_text("1@0,0:0").map_err(|e| (matches!(e, MoveError::Illegal(_)), e.to_string())),
        Err((true, "the game is over: no more tiles can be placed".into()))
    );
    for (text, want) in [
        ("1@0,0:0 | 1 | 3", "tile 1 appears twice: each of the 56 tiles exists once"),
        ("1@0,0:0 1@0,0:0", "cell 0,0 holds two tiles"),
        ("| 1 2 | 60", "the bag can hold at most 54 tiles here, not 60"),
        ("| 1 x | 3", "can't read the hand: `x` is not a tile number 1-56"),
        ("| 1 | y", "can't read the bag count `y`"),
        ("1@0,0:0 | 2 | 3 | 4", "can't read the position: it has 4 parts"),
        ("5@0,0:1 9@0,1:2", "the board is not consistent: colours clash on the N edge of 9@0,1:2"),
    ] {
        let err = cli::moves(text).unwrap_err().to_string();
        assert!(err.starts_with(want), "`{text}` gives `{err}`");
    }
}

#[test]
fn suggestions_are_legal_and_narrow_as_the_player_types() {
    let mut game = Game::new(&setup(8, 3)).unwrap();
    for _ in 0..12 {
        let m = game.legal_moves_text()[0].clone();
        game.play_text(&m).unwrap();
    }
    let legal: HashSet<String> = game.legal_moves_text().into_iter().collect();
    let all = game.suggest("", 25);
    assert!(!all.is_empty() && all.len() <= 25);
    assert!(all.iter().all(|s| legal.contains(s)), "{all:?}");
    let tile = game.legal_moves()[0].tile;
    let mine = game.suggest(&tile.to_string(), 100);
    assert!(!mine.is_empty() && mine.iter().all(|s| s.starts_with(&format!("{tile}@")) && legal.contains(s)));
    let first: Placement = mine[0].parse().unwrap();
    let narrowed = game.suggest(&format!("{tile} @ {},{}", first.cell.q, first.cell.r), 100);
    assert!(narrowed.iter().all(|s| s.parse::<Placement>().unwrap().cell == first.cell), "{narrowed:?}");
    assert!(narrowed.contains(&mine[0]));
    assert!(game.suggest("zz", 10).is_empty());
    assert!(game.suggest("", 3).len() <= 3);
    // Forced fills come first when due.
    let fills = game.position().forced_fills();
    if !fills.is_empty() {
        assert!(game.suggest("", 50).iter().all(|s| fills.iter().any(|f| f.to_string() == *s)));
    }
    assert!(
        tabula::i18n::plain(tabula::i18n::Lang::En, <Game as Engine>::INFO.rules_key).contains("tile@q,r:k")
    );
}

#[test]
fn positions_round_trip_through_their_notation() {
    for text in [EXAMPLE_FREE, EXAMPLE_FORCED, "| 1 2 3 4 5 6 | 44"] {
        let p = pos(text);
        assert_eq!(p.to_string(), text);
        assert_eq!(pos(&p.to_string()), p);
    }
    let spaced = pos("53 @ 0 , 0 : 2  9@1,-1:0 34@0,-1:0 14@2,-2:3 55@1,-2:2 | 11 18 20 21 42 44 | 39");
    assert_eq!(spaced.board(), pos(EXAMPLE_FREE).board());
    assert_eq!(placement(" 23 @ 1 , -1 : 4 ").to_string(), "23@1,-1:4");
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,40}") {
        let _ = s.parse::<Placement>();
        let _ = s.parse::<Position>();
        let _ = cli::moves(&s);
        let _ = cli::score(&s);
        let mut game = Game::new(&setup(1, 2)).unwrap();
        let _ = game.suggest(&s, 10);
        crate::contract::all_or_nothing(&mut game, &s)?;
    }

    #[test]
    fn notation_like_text_never_panics(s in "[0-9@,: |-]{0,30}") {
        let _ = cli::moves(&s);
        let _ = cli::score(&s);
        let _ = cli::render(&s, &[]);
    }

    #[test]
    fn placements_round_trip(tile in 1u8..=56, q in -60i32..=60, r in -60i32..=60, rot in 0u8..6) {
        let p = Placement { tile: Tile::new(tile).unwrap(), cell: Hex::new(q, r), rot };
        prop_assert_eq!(p.to_string().parse::<Placement>(), Ok(p));
    }

    #[test]
    fn every_generated_move_is_legal_and_keeps_the_board_matching(seed in 0u64..1000, plies in 0usize..30) {
        let mut game = Game::new(&setup(seed, 2)).unwrap();
        for i in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() { break; }
            let m = moves[(seed as usize + i * 7) % moves.len()];
            prop_assert_eq!(game.position().check(m), Ok(()));
            game.play(m).unwrap();
        }
        let text = game.position().to_string();
        prop_assert_eq!(pos(&text).to_string(), text);
    }
}

fn names(n: usize) -> Vec<String> {
    ["Alice", "Bob", "Carol", "Dave"].iter().take(n).map(ToString::to_string).collect()
}

/// A game of `seats` players after `tiles` tiles, reached with seeded moves.
fn game_after(seed: u64, seats: usize, tiles: usize) -> Game {
    let mut game = Game::new(&setup(seed, seats)).unwrap();
    let mut i = 0;
    while game.board().len() < tiles && game.to_move().is_some() {
        let moves = game.legal_moves();
        game.play(moves[(i * 13 + 5) % moves.len()]).unwrap();
        i += 1;
    }
    game
}

/// The PNG the bot posts of `img`, checked against the golden picture `name` and Tantrix's size limit.
fn check_png(name: &str, img: &image::RgbaImage) {
    let png = tabula::render::encode_indexed(img, tabula::games::tantrix::picture::palette());
    // Issue 28 aims at 60 KB for a late board; the indexed PNG is at 62-78 KB so far (it was 170-220 KB).
    assert!(png.len() <= 80_000, "{name}: the PNG takes {} bytes, over 80 KB", png.len());
    crate::golden::check_png(name, &png);
}

#[test]
fn golden_pictures() {
    let start = Game::new(&setup(4, 2)).unwrap();
    check_png(
        "tantrix-start",
        &tabula::games::tantrix::picture::render(&start, &names(2), tabula::i18n::Lang::En),
    );
    let mid = game_after(7, 3, 24);
    check_png(
        "tantrix-middle",
        &tabula::games::tantrix::picture::render(&mid, &names(3), tabula::i18n::Lang::En),
    );
    let end = play_out(11, 4);
    check_png(
        "tantrix-end",
        &tabula::games::tantrix::picture::render(&end, &names(4), tabula::i18n::Lang::En),
    );
    let img = cli::render(EXAMPLE_FORCED, &["34@1,-1:0".to_string()]).unwrap();
    check_png("tantrix-position", &img);
}

#[test]
fn a_forty_tile_picture_encodes_under_80_kb() {
    let game = game_after(21, 3, 40);
    assert!(game.board().len() >= 40);
    let img = tabula::games::tantrix::picture::render(&game, &names(3), tabula::i18n::Lang::En);
    assert!((700..=900).contains(&img.width()), "width {}", img.width());
    let png = tabula::render::encode_indexed(&img, tabula::games::tantrix::picture::palette());
    assert!(png.len() <= 80_000, "the PNG takes {} bytes", png.len());
}

#[test]
fn the_cli_render_refuses_illegal_moves_with_a_reason() {
    let err = cli::render(EXAMPLE_FORCED, &["21@1,1:0".to_string()]).unwrap_err().to_string();
    assert!(err.starts_with("move 1 `21@1,1:0` is illegal: a forced space must be filled first"), "{err}");
}

#[test]
fn a_game_for_analysis_deals_the_unseen_hands_from_a_position_line() {
    let p = pos(EXAMPLE_FREE);
    let g = Game::from_position(&p, &[Colour::Red, Colour::Yellow, Colour::Blue], Colour::Yellow, 7).unwrap();
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(g.hands()[1], p.hand());
    assert_eq!(g.bag_len(), 39);
    // 56 - 5 placed - 6 in hand - 39 in the bag = 6 tiles for the two other hands.
    assert_eq!(g.hands()[0].len() + g.hands()[2].len(), 6);
    assert_eq!(g.hands()[0].len(), 3);
    let mut seen: HashSet<Tile> = p.board().placements().iter().map(|pl| pl.tile).collect();
    for t in g.hands().iter().flatten() {
        assert!(seen.insert(*t), "tile {t} twice");
    }
    assert_eq!(g.legal_moves().len(), 64);
    // The same seed deals the same hands.
    let again =
        Game::from_position(&p, &[Colour::Red, Colour::Yellow, Colour::Blue], Colour::Yellow, 7).unwrap();
    assert_eq!(again.hands(), g.hands());

    let err = |colours: &[Colour], colour, line: &str| {
        Game::from_position(&pos(line), colours, colour, 0).unwrap_err().to_string()
    };
    assert!(err(&[Colour::Red, Colour::Blue], Colour::Green, EXAMPLE_FREE).contains("not one of"));
    assert!(err(&[Colour::Red], Colour::Red, EXAMPLE_FREE).contains("2 to 4 players"));
    assert!(err(&[Colour::Red, Colour::Red], Colour::Red, EXAMPLE_FREE).contains("twice"));
    assert!(err(&[Colour::Red, Colour::Blue], Colour::Red, "53@0,0:2 | 11 | 0").contains("other hand"));
}
