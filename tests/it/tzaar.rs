//! TZAAR: turn perft against the reference tables, notation, rules, errors, the command-line helpers, the
//! picture, and property tests over random playouts.

use proptest::prelude::*;
use tabula::cli::engine as cli_engine;
use tabula::games::tzaar::cli;
use tabula::games::tzaar::{
    Game, IllegalMove, Kind, Layout, LayoutError, Move, Phase, Point, Position, STANDARD, Side, random_start,
};
use tabula::games::{CliPosition, CommandLine, Engine, MoveError, Setup};

/// `tabula moves` at `position` or the start of `variant`.
fn cli_moves(position: Option<&str>, variant: Option<&str>) -> Result<Vec<String>, String> {
    cli_engine::moves::<Game>(&CliPosition { position, variant, ..CliPosition::default() })
}

/// `tabula replay` of one line from `position` or the start of `variant`.
fn replay_line(
    position: Option<&str>,
    variant: Option<&str>,
    line: &str,
    counts: bool,
) -> Result<String, String> {
    cli_engine::replay_line::<Game>(
        &CliPosition { position, variant, ..CliPosition::default() },
        line,
        counts,
    )
}

const POSITIONS: &str = include_str!("../data/tzaar/positions.tsv");
const DIVIDE: &str = include_str!("../data/tzaar/standard-divide.tsv");

/// The data rows of a reference table: no comments, no header.
fn rows(table: &str) -> impl Iterator<Item = Vec<&str>> {
    table
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .skip(1)
        .map(|l| l.split('\t').collect())
}

fn setup(variant: &str, seed: u64) -> Setup {
    Setup { variant: variant.to_string(), seed, seats: 2 }
}

fn standard_game() -> Game {
    Game::new(&setup("standard", 0)).unwrap()
}

#[test]
fn perft_from_the_standard_start() {
    let start = Position::standard();
    assert_eq!(start.perft(1), 42);
    assert_eq!(start.perft(2), 260_556);
}

#[test]
fn every_reference_position_gives_its_one_and_two_turn_counts() {
    let mut failures = Vec::new();
    let mut n = 0;
    for row in rows(POSITIONS) {
        let [id, text, one, two] = row[..] else { panic!("bad row {row:?}") };
        let pos: Position = text.parse().unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(pos.to_string(), text, "{id}: the position text does not round trip");
        let (one, two): (u64, u64) = (one.parse().unwrap(), two.parse().unwrap());
        let got = (pos.perft(1), pos.perft(2));
        if got != (one, two) {
            failures.push(format!("{id}: one/two turns {got:?}, expected ({one}, {two})"));
        }
        n += 1;
    }
    assert!(n >= 40, "only {n} reference positions were read");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_standard_divide_matches_at_two_turns() {
    let (lines, total) = cli::perft(None, None, 2, true).unwrap();
    assert_eq!(total, 260_556);
    assert_eq!(lines.len(), 42);
    let mut failures = Vec::new();
    for row in rows(DIVIDE) {
        let (opening, expected): (&str, u64) = (row[0], row[1].parse().unwrap());
        match lines.iter().find(|(m, _)| m == opening) {
            Some((_, got)) if *got == expected => {}
            Some((_, got)) => failures.push(format!("{opening}: {got} sequences, expected {expected}")),
            None => failures.push(format!("{opening}: missing from the divide")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn divide_lists_whole_turns_that_add_up() {
    let after = "I5xH6";
    let pos = Position::standard().play(after.parse().unwrap()).unwrap().to_string();
    let (lines, total) = cli::perft(Some(&pos), None, 1, true).unwrap();
    assert_eq!(total, Position::standard().play(after.parse().unwrap()).unwrap().perft(1));
    assert_eq!(lines.iter().map(|l| l.1).sum::<u64>(), total);
    assert!(lines.iter().all(|(turn, n)| *n == 1 && turn.split(' ').count() <= 2), "{lines:?}");
    assert!(lines.iter().any(|(turn, _)| turn.ends_with(" pass")));
    assert_eq!(cli::perft(None, None, 2, false).unwrap(), (Vec::new(), 260_556));
}

#[test]
fn the_standard_start_reads_and_prints() {
    let p: Position = STANDARD.parse().unwrap();
    assert_eq!(p, Position::standard());
    assert_eq!(p.to_string(), STANDARD);
    assert_eq!((p.to_move(), p.phase()), (Side::White, Phase::Opening));
    for side in Side::BOTH {
        assert_eq!([Kind::Tzaar, Kind::Tzarra, Kind::Tott].map(|k| p.count(side, k)), [6, 9, 15]);
    }
}

#[test]
fn points_and_moves_read_in_any_case() {
    let e4: Point = "e4".parse().unwrap();
    assert_eq!(e4.to_string(), "E4");
    assert_eq!("e4xd4".parse::<Move>().unwrap().to_string(), "E4xD4");
    assert_eq!("F4-f5".parse::<Move>().unwrap().to_string(), "F4-F5");
    assert_eq!("PASS".parse::<Move>().unwrap(), Move::Pass);
}

#[test]
fn unreadable_text_gets_a_sentence_with_the_format() {
    let err = |s: &str| s.parse::<Move>().unwrap_err().to_string();
    assert_eq!(
        err("E4yD4"),
        "can't read `E4yD4`: write a capture as E4xD4, a stacking move as F4-F5, or pass"
    );
    assert_eq!(err("E5xE4"), "`E5` is the centre hole, not a point: no stack can stand there");
    assert_eq!(
        err("J1xA1"),
        "`J1` is not on the board: columns A to I hold 5, 6, 7, 8, 9, 8, 7, 6 and 5 points, numbered from 1 at the \
         bottom"
    );
    assert!(err("A6xA5").starts_with("`A6` is not on the board"));
    let pos = "ttttT/TaaaAT w o".parse::<Position>().unwrap_err().to_string();
    assert!(
        pos.starts_with("can't read the position `ttttT/TaaaAT w o`: the board has 2 columns instead of 9;"),
        "{pos}"
    );
    assert!(pos.contains("then the side to move (w or b) and the phase (o, c or s)"), "{pos}");
}

/// The reason `text` is refused in `position`.
fn refusal(position: &str, text: &str) -> String {
    let mut game = Game::from_position(position.parse().unwrap());
    match game.play_text(text) {
        Err(MoveError::Illegal(why) | MoveError::Unreadable(why)) => why.to_string(),
        Ok(p) => panic!("{text} was accepted: {p:?}"),
    }
}

#[test]
fn illegal_moves_say_why() {
    let s = STANDARD;
    // Column C of the standard start is `TAzzZAT`: C1 white Tott, C2 white Tzarra, C3 black Tzaar.
    assert_eq!(refusal(s, "C3xC2"), "C3 holds a black stack: White moves the white stacks");
    assert_eq!(
        refusal(s, "C1xC2"),
        "C2 holds your own stack, which cannot be captured; stack on it with C1-C2 as a second move"
    );
    assert_eq!(
        refusal(s, "C1-C2"),
        "a capture is due first: the first move of a turn must take an enemy stack (e.g. E4xD4); stacking and passing \
         are only for the second move"
    );
    assert!(refusal(s, "pass").starts_with("a capture is due first"));
    assert_eq!(
        refusal(s, "C1xE4"),
        "C1 and E4 are not on one line: a move goes straight along one of the six lines"
    );
    assert_eq!(
        refusal(s, "E4xE6"),
        "the path from E4 to E6 crosses the centre hole E5: no move crosses the centre"
    );
    assert_eq!(
        refusal(s, "C1xC3"),
        "the path from C1 to C3 is blocked at C2: a move must stop at the first stack in its line"
    );
    assert_eq!(refusal(s, "C1xC1"), "a move must leave C1: name two different points");
    let sparse = "ZAT.t/....../......./......../......../......../......./....../zat.. w c";
    assert_eq!(
        refusal(sparse, "A3xA4"),
        "there is nothing on A4 to capture or stack on: a move ends on the first stack in its line"
    );
    assert_eq!(refusal(sparse, "A4xA5"), "there is no stack on A4: a move starts from one of your stacks");
    let tall = "ZATt2./...t../......./......../......../......../......./....../zat.. w c";
    assert_eq!(
        refusal(tall, "A3xA4"),
        "the black stack on A4 (height 2) is taller than the white stack on A3 (height 1): capture only stacks no \
         taller than yours"
    );
    assert_eq!(
        refusal(s, "E4xD4 F4-F5 A1xA2"),
        "`E4xD4 F4-F5 A1xA2` goes past the end of this turn: play one turn at a time"
    );
}

#[test]
fn a_finished_game_refuses_moves() {
    // Black's last Tott is taken by White's opening capture: the game ends at once.
    let pos = "ZATt./....../......./......../......../......../......./....../za... w o";
    let mut game = Game::from_position(pos.parse().unwrap());
    let played = game.play_text("A3xA4").unwrap();
    assert_eq!(
        crate::contract::effect(&played[0]),
        "captured a black Tott; Black has no Tott left, so White wins"
    );
    assert_eq!(game.to_move(), None);
    let o = game.outcome().unwrap();
    assert_eq!((o.winner, o.reason.to_string().as_str()), (Some(0), "Black has no Tott left, so White wins"));
    let err = game.play_text("A2xA3").unwrap_err().to_string();
    assert_eq!(err, "the game is over: Black has no Tott left on top, so White has won");
}

#[test]
fn burying_your_own_last_type_is_legal_and_loses() {
    // White: Tzaar A1, Tzarra A2, Tott A3 with a capture ready; after it, stacking A1 onto A2 covers the Tzarra.
    let pos: Position =
        "ZATt./....../......./......../......../......../......./....../zat.. w c".parse().unwrap();
    let mut game = Game::from_position(pos);
    let played = game.play_text("A3xA4 A1-A2").unwrap();
    assert_eq!(crate::contract::effect(&played[0]), "captured a black Tott");
    assert_eq!(
        crate::contract::effect(&played[1]),
        "stacked to height 2; White covered its own last Tzarra, so Black wins"
    );
    assert_eq!(game.outcome().unwrap().winner, Some(1));
    assert_eq!(game.to_move(), None);
}

#[test]
fn a_side_that_cannot_capture_loses() {
    // After White's opening, Black's only stacks are too far apart to capture anything: Black has lost.
    let pos: Position =
        "ZAT.t/....../......./......../......../......../......./....../zat.. w o".parse().unwrap();
    let mut game = Game::from_position(pos);
    game.play_text("A3xA5").unwrap();
    let o = game.outcome().unwrap();
    assert_eq!((o.winner, o.reason.to_string().as_str()), (Some(0), "Black cannot capture, so White wins"));
}

#[test]
fn the_second_capture_may_use_any_stack() {
    // After the first capture, a different stack captures as the second move.
    let mut game = standard_game();
    game.play_text("I5xH6").unwrap();
    let first = game.legal_moves_text()[0].clone();
    game.play_text(&first).unwrap();
    let mover: Point = first[..2].parse().unwrap();
    let other = game
        .legal_moves_text()
        .into_iter()
        .find(|m| m.contains('x') && m[..2].parse::<Point>().unwrap() != mover)
        .expect("another stack can capture");
    game.play_text(&other).unwrap();
}

#[test]
fn the_engine_reports_turns_seats_and_effects() {
    let mut game = standard_game();
    assert_eq!((game.to_move(), game.move_number()), (Some(0), 1));
    assert_eq!(game.seat_label(0), "White");
    let p = game.play_text("i5xh6").unwrap();
    assert_eq!(p.len(), 1);
    assert_eq!(
        (p[0].notation.as_str(), crate::contract::effect(&p[0]).as_str(), p[0].seat),
        ("I5xH6", "captured a black Tott", 0)
    );
    assert_eq!((game.to_move(), game.move_number()), (Some(1), 2));
    let capture = game.legal_moves_text()[0].clone();
    let p = game.play_text(&format!("{capture} pass")).unwrap();
    assert_eq!(p.len(), 2);
    assert_eq!((crate::contract::effect(&p[1]).as_str(), p[1].seat), ("passed", 1));
    assert_eq!((game.to_move(), game.move_number()), (Some(0), 3));
    assert_eq!(game.moves_text(), ["I5xH6", capture.as_str(), "pass"]);
    // All or nothing: a bad second move leaves the game unchanged.
    let before = game.position().to_string();
    let capture = game.legal_moves_text()[0].clone();
    assert!(game.play_text(&format!("{capture} A1xI1")).is_err());
    assert_eq!(game.position().to_string(), before);
    let again = Game::replay(game.setup(), &game.moves_text()).unwrap();
    assert_eq!(again.position(), game.position());
    assert!(tabula::i18n::plain(tabula::i18n::Lang::En, <Game as Engine>::INFO.rules_key).contains("E4xD4"));
    assert!(game.text_board().contains("Turn 3: White to move (capture due)"));
}

#[test]
fn setups_choose_the_layout() {
    assert_eq!(*Game::new(&setup("standard", 5)).unwrap().position(), Position::standard());
    assert_eq!(*Game::new(&setup("", 5)).unwrap().position(), random_start(5));
    assert_eq!(*Game::new(&setup("Random", 5)).unwrap().position(), random_start(5));
    let err = Game::new(&setup("hexagonal", 0)).unwrap_err().to_string();
    assert_eq!(err, "there is no TZAAR variant `hexagonal`: choose random (the default) or standard");
    assert!(Game::new(&Setup { variant: String::new(), seed: 0, seats: 3 }).is_err());
    let custom = Game::from_position(Position::standard());
    assert_eq!(*Game::new(custom.setup()).unwrap().position(), Position::standard());
}

#[test]
fn one_parser_reads_every_spelling_of_a_start_and_prints_it_back() {
    let custom = "ZATt./....../......./......../......../......../......./....../zat.. w c";
    let cases = [
        ("", Layout::Random, "random"),
        ("  random ", Layout::Random, "random"),
        ("RANDOM", Layout::Random, "random"),
        ("random:42", Layout::Seeded(42), "random:42"),
        ("Random: 7", Layout::Seeded(7), "random:7"),
        ("random:18446744073709551615", Layout::Seeded(u64::MAX), "random:18446744073709551615"),
        ("standard", Layout::Standard, "standard"),
        ("Standard", Layout::Standard, "standard"),
        (STANDARD, Layout::Position(Position::standard()), STANDARD),
        (custom, Layout::Position(custom.parse().unwrap()), custom),
    ];
    for (text, layout, printed) in cases {
        assert_eq!(text.parse::<Layout>(), Ok(layout), "reading `{text}`");
        assert_eq!(layout.to_string(), printed);
        assert_eq!(printed.parse::<Layout>(), Ok(layout), "`{printed}` reads back");
    }
    assert_eq!(Layout::default(), Layout::Random);
    // What each layout starts from: `random` takes the game's seed, `random:SEED` its own.
    assert_eq!(Layout::Random.start(5), random_start(5));
    assert_eq!(Layout::Seeded(9).start(5), random_start(9));
    assert_eq!(Layout::Standard.start(5), Position::standard());
    assert_eq!(Layout::Position(custom.parse().unwrap()).start(5).to_string(), custom);
}

#[test]
fn the_bot_and_the_command_line_read_starts_alike() {
    // The bot's setups: every spelling, the seed of the game for a plain `random`.
    assert_eq!(*Game::new(&setup("random:42", 5)).unwrap().position(), random_start(42));
    assert_eq!(*Game::new(&setup(STANDARD, 5)).unwrap().position(), Position::standard());
    let stored = Game::new(&setup("random:42", 5)).unwrap();
    assert_eq!(Game::replay(stored.setup(), &[]).unwrap().position(), stored.position());
    // The command line: the same parser (its `random` has seed 0), and `standard` when nothing is given.
    let moves_of = |p: Position| p.legal_moves().iter().map(ToString::to_string).collect::<Vec<_>>();
    assert_eq!(cli_moves(None, None).unwrap(), moves_of(Position::standard()));
    assert_eq!(tabula::games::tzaar::cli::DEFAULT, Layout::Standard);
    for (variant, start) in [
        ("", random_start(0)),
        ("random", random_start(0)),
        ("random:42", random_start(42)),
        ("standard", Position::standard()),
        (STANDARD, Position::standard()),
    ] {
        assert_eq!(cli_moves(None, Some(variant)).unwrap(), moves_of(start), "--variant `{variant}`");
        let game = Game::cli_game(&CliPosition { variant: Some(variant), ..CliPosition::default() }).unwrap();
        assert_eq!(*game.position(), start, "--variant `{variant}`");
    }
    // The same words are refused with the same sentence on both sides.
    for bad in ["hex", "random:-1", "random:x", "ttttT/TaaaAT w o"] {
        let bot = Game::new(&setup(bad, 0)).unwrap_err().to_string();
        assert_eq!(cli_moves(None, Some(bad)).unwrap_err(), bot, "`{bad}`");
    }
}

#[test]
fn start_errors_say_what_is_accepted() {
    let err = |text: &str| text.parse::<Layout>().unwrap_err();
    assert_eq!(
        err("hexagonal").to_string(),
        "there is no TZAAR variant `hexagonal`: choose random (the default) or standard"
    );
    assert_eq!(
        err("random:x").to_string(),
        "the seed in `random:x` is not a whole number from 0 to 18446744073709551615: write random:SEED, e.g. \
         random:42"
    );
    assert!(matches!(err("random:18446744073709551616"), LayoutError::Seed(_)));
    assert!(matches!(err("random:"), LayoutError::Seed(_)));
    let position = err("ttttT/TaaaAT w o");
    assert!(matches!(position, LayoutError::Position(_)));
    let text = position.to_string();
    assert!(
        text.starts_with("can't read the position `ttttT/TaaaAT w o`: the board has 2 columns"),
        "{text}"
    );
    assert!(text.contains("write the columns A to I separated by `/`"), "{text}");
    // A long text is echoed as a short excerpt, never in full.
    let long = "x".repeat(4000);
    let text = err(&long).to_string();
    assert!(text.len() < 150, "{} characters", text.len());
    assert!(text.starts_with(&format!("there is no TZAAR variant `{}…`", "x".repeat(40))), "{text}");
}

#[test]
fn the_help_texts_name_every_start() {
    use clap::CommandFactory;
    let general = tabula::cli::Cli::command().render_help().to_string();
    // /help's rules (the English of the translations) name the spellings; the position of `standard` is in
    // the others.
    let help = tabula::i18n::plain(tabula::i18n::Lang::En, <Game as Engine>::INFO.rules_key);
    for text in [help.as_str(), tabula::games::tzaar::SPELLINGS, general.as_str()] {
        for spelling in ["`random`", "`random:SEED`", "`standard`"] {
            assert!(text.contains(spelling), "{spelling} is missing from: {text}");
        }
    }
    for text in [tabula::games::tzaar::SPELLINGS, general.as_str()] {
        assert!(text.contains(STANDARD), "{STANDARD} is missing from: {text}");
    }
    assert!(help.contains("the default"));
    assert!(general.contains("the start is `standard`"), "{general}");
    assert!(help.len() < 1900, "/help must fit in a Discord message");
}

#[test]
fn the_random_setup_replays_exactly_from_its_seed() {
    let a = random_start(42);
    assert_eq!(a, random_start(42));
    assert_ne!(a, random_start(43));
    assert_eq!(a.to_string().parse::<Position>().unwrap(), a);
    for side in Side::BOTH {
        assert_eq!([Kind::Tzaar, Kind::Tzarra, Kind::Tott].map(|k| a.count(side, k)), [6, 9, 15]);
    }
    // Pinned: the shuffle must not change between versions, or stored games would replay differently.
    assert_eq!(
        random_start(0).to_string(),
        "TAzzA/tTtTZT/ZatTAZt/tttZAAtT/ZAaATTtt/aztTTzat/TATzTTa/tAataz/tZaTa w o"
    );
    let mut game = Game::new(&setup("random", 42)).unwrap();
    let mut moves = Vec::new();
    while game.to_move().is_some() && moves.len() < 30 {
        let m = game.legal_moves_text()[moves.len() % 3 % game.legal_moves_text().len()].clone();
        game.play_text(&m).unwrap();
        moves.push(m);
    }
    let again = Game::replay(&setup("random", 42), &moves).unwrap();
    assert_eq!(again.position(), game.position());
}

#[test]
fn suggestions_are_legal_useful_and_narrow() {
    let mut game = standard_game();
    let all = game.legal_moves_text();
    let s = game.suggest("", 8);
    assert_eq!(s.len(), 8);
    assert!(s.iter().all(|m| all.contains(m)), "{s:?}");
    assert_eq!(game.suggest("i5", 20), ["I5xH6"]);
    assert_eq!(game.suggest("I5X", 20), ["I5xH6"]);
    assert!(game.suggest("E4", 20).iter().all(|m| m.starts_with("E4x")));
    assert!(game.suggest("zz", 5).is_empty());
    game.play_text("I5xH6").unwrap();
    let capture = game.legal_moves_text()[0].clone();
    game.play_text(&capture).unwrap();
    let s = game.suggest("", 6);
    assert_eq!(s[0], "pass");
    assert_eq!(s.len(), 6);
    let legal = game.legal_moves_text();
    assert!(s.iter().all(|m| legal.contains(m)));
    // Completing a whole turn from its first move.
    let mut fresh = standard_game();
    fresh.play_text("I5xH6").unwrap();
    let first = fresh.legal_moves_text()[0].clone();
    let turn = fresh.suggest(&format!("{} p", first.to_lowercase()), 5);
    assert_eq!(turn, [format!("{first} pass")]);
}

#[test]
fn cli_moves_and_replay() {
    let moves = cli_moves(None, None).unwrap();
    assert_eq!(moves.len(), 42);
    assert!(moves.contains(&"I5xH6".to_string()));
    assert_eq!(cli_moves(None, Some("standard")).unwrap(), moves);
    assert_eq!(cli_moves(None, Some("random:7")).unwrap().len(), random_start(7).legal_moves().len());
    assert!(cli_moves(None, Some("hex")).unwrap_err().starts_with("there is no TZAAR variant `hex`"));
    assert!(cli_moves(Some("nonsense"), None).unwrap_err().starts_with("can't read the position `nonsense`"));
    let after = Position::standard().play("I5xH6".parse().unwrap()).unwrap();
    let c = after.legal_moves()[0];
    let second = after.play_unchecked(c);
    assert!(cli_moves(Some(&second.to_string()), None).unwrap().contains(&"pass".to_string()));
    let line = format!("I5xH6 {c} pass");
    let out = replay_line(None, None, &line, true).unwrap();
    let n2 = after.legal_moves().len();
    let n3 = second.legal_moves().len();
    assert_eq!(out, format!("* 42 {n2} {n3}"));
    assert_eq!(replay_line(None, None, "I5xH6", false).unwrap(), "*");
    assert_eq!(
        replay_line(None, None, "I5xH6 A5xA4", false).unwrap_err(),
        "illegal 2 A5xA4: A5 holds a white stack: Black moves the black stacks"
    );
    assert!(
        replay_line(None, None, "I5xH6 zz", false).unwrap_err().starts_with("illegal 2 zz: can't read `zz`")
    );
    let win = "ZATt./....../......./......../......../......../......./....../zat.. w c";
    assert_eq!(replay_line(Some(win), None, "A3xA4 A1-A2", false).unwrap(), "black");
}

#[test]
fn cli_render_draws_or_explains() {
    let img = cli_engine::render::<Game>(&CliPosition::default(), &["I5xH6".to_string()]).unwrap();
    assert!(img.width() >= 600);
    let err = cli_engine::render::<Game>(&CliPosition::default(), &["I5xH6 E4xE6".to_string()]).unwrap_err();
    assert!(err.starts_with("illegal 2 E4xE6:"), "{err}");
}

fn names() -> Vec<String> {
    vec!["alice".to_string(), "bob".to_string()]
}

fn check_picture(name: &str, game: &Game) {
    let img = tabula::games::tzaar::picture::render(game, &names(), tabula::i18n::Lang::En);
    let png = tabula::render::encode_indexed(&img, tabula::games::GameKind::Tzaar.palette());
    assert!(png.len() <= 40_000, "{name}: the PNG takes {} bytes, over 40 KB", png.len());
    crate::golden::check_png(name, &png);
}

#[test]
fn golden_pictures() {
    check_picture("tzaar-start", &standard_game());
    check_picture("tzaar-random", &Game::new(&setup("random", 7)).unwrap());
    let mut game = standard_game();
    game.play_text("I5xH6").unwrap();
    let first = game.legal_moves_text()[3].clone();
    game.play_text(&first).unwrap();
    let second = game.legal_moves_text().into_iter().find(|m| m.contains('-')).unwrap();
    game.play_text(&second).unwrap();
    check_picture("tzaar-turn", &game);
    let mut over = Game::from_position(
        "ZATt./....../......./......../......../......../......./....../zat.. w c".parse().unwrap(),
    );
    over.play_text("A3xA4 A1-A2").unwrap();
    check_picture("tzaar-over", &over);
}

/// Plays `choices` as indexes into the legal moves, checking invariants after each move; returns the game.
fn playout(seed: u64, choices: &[usize]) -> Game {
    let mut game = Game::new(&setup("random", seed)).unwrap();
    for &c in choices {
        let pos = *game.position();
        let legal = pos.legal_moves();
        if legal.is_empty() {
            assert!(game.outcome().is_some(), "no moves but no result in {pos}");
            break;
        }
        let m = legal[c % legal.len()];
        assert_eq!(pos.check(m), Ok(()), "generated move {m} is not legal in {pos}");
        let before: [u32; 2] = [pos.pieces(Side::White), pos.pieces(Side::Black)];
        let captured = match m {
            Move::Capture { to, .. } => pos.stack(to),
            _ => None,
        };
        game.play_text(&m.to_string()).unwrap();
        let after = *game.position();
        assert_eq!(after.to_string().parse::<Position>().unwrap(), after, "notation round trip");
        for side in Side::BOTH {
            let lost = captured.filter(|s| s.side == side).map_or(0, |s| u32::from(s.height));
            let i = side.seat();
            assert_eq!(after.pieces(side), before[i] - lost, "pieces of {side:?} after {m} in {pos}");
        }
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_playouts_keep_the_invariants(seed in any::<u64>(), choices in prop::collection::vec(any::<usize>(), 0..80)) {
        let game = playout(seed, &choices);
        let replayed = Game::replay(game.setup(), &game.moves_text()).unwrap();
        prop_assert_eq!(replayed.position(), game.position());
        // Every suggestion is a legal move.
        let legal = game.legal_moves_text();
        for typed in ["", "a", "E", "c3x"] {
            for s in game.suggest(typed, 10) {
                prop_assert!(legal.contains(&s), "suggested {} is not legal", s);
            }
        }
    }

    #[test]
    fn perft_one_counts_whole_turns(seed in any::<u64>(), choices in prop::collection::vec(any::<usize>(), 0..20)) {
        let game = playout(seed, &choices);
        let pos = *game.position();
        // Count the turns by playing them one by one.
        let expected: u64 = match pos.phase() {
            _ if pos.end().is_some() => 0,
            Phase::Capture => pos.legal_moves().iter().map(|&m| {
                let p1 = pos.play_unchecked(m);
                if p1.end().is_some() { 1 } else { p1.legal_moves().len() as u64 }
            }).sum(),
            _ => pos.legal_moves().len() as u64,
        };
        prop_assert_eq!(pos.perft(1), expected);
    }

    #[test]
    fn arbitrary_text_never_panics(text in ".{0,40}", ascii in "[A-Ia-iXx0-9 ./-]{0,40}") {
        for t in [&text, &ascii] {
            let _ = t.parse::<Move>();
            let _ = t.parse::<Point>();
            let _ = t.parse::<Position>();
            let mut game = standard_game();
            crate::contract::all_or_nothing(&mut game, t)?;
            let _ = game.suggest(t, 5);
            let _ = cli_moves(Some(t), None);
            let _ = replay_line(None, None, t, true);
            let _ = cli::perft(None, Some(t), 1, false);
        }
    }

    #[test]
    fn position_like_text_never_panics(cols in prop::collection::vec("[zatZAT.0-9]{0,10}", 9), side in "[wbx]", phase in "[ocsx]") {
        let text = format!("{} {side} {phase}", cols.join("/"));
        if let Ok(p) = text.parse::<Position>() {
            prop_assert_eq!(p.to_string().parse::<Position>().unwrap(), p);
            let _ = p.perft(1);
            let _ = p.legal_moves();
        }
    }
}

#[test]
fn illegal_move_values_print_their_reasons() {
    let e = IllegalMove::CaptureDue.to_string();
    assert!(e.starts_with("a capture is due first"));
}
