//! The Tablut variants `linnaeus` and `ashton`: perft with capture counts from the spec's tables, and one or more
//! positions per numbered rule (L1-L6, A1-A8), built from the spec's text.

use std::collections::BTreeSet;
use std::path::PathBuf;

use tabula::cli::engine as cli_engine;
use tabula::games::tablut::{Game, Position, Side, Square, Variant, picture, squares};
use tabula::games::{CliPosition, CommandLine, Engine, MoveError, Setup};

mod ai;
mod ashton;
mod linnaeus;

/// Where a command-line command starts: `position` in notation or the start, under `variant`.
fn at<'a>(position: Option<&'a str>, variant: Option<&'a str>) -> CliPosition<'a> {
    CliPosition { position, variant, ..CliPosition::default() }
}

fn data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/tablut").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

// ---------------------------------------------------------------------------------------------------------------
// Perft

/// Checks the lines of `variants.perft` up to `max_depth`.
fn check_perft(max_depth: u32) {
    let text = data("variants.perft");
    let mut failures = Vec::new();
    let mut checked = 0;
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        let [variant, position, depth, nodes, captures] = cols[..] else {
            panic!("variants.perft:{}: expected five tab-separated columns", i + 1);
        };
        let variant: Variant = variant.parse().expect("a variant name");
        let depth: u32 = depth.parse().unwrap();
        if depth > max_depth {
            continue;
        }
        let nodes: u64 = nodes.parse().unwrap();
        let pos = Position::parse(position, variant).expect("a valid position");
        checked += 1;
        let got = pos.perft(depth);
        if got != nodes {
            failures.push(format!(
                "variants.perft:{}: {variant} perft({depth}) is {got}, expected {nodes}",
                i + 1
            ));
        }
        if let Ok(captures) = captures.parse::<u64>() {
            let (n, c) = pos.perft_captures(depth);
            if (n, c) != (nodes, captures) {
                failures.push(format!(
                    "variants.perft:{}: {variant} depth {depth}: {n} nodes with {c} captures, expected {nodes} \
                     with {captures}",
                    i + 1
                ));
            }
        }
    }
    assert!(checked >= 3 * max_depth.min(3), "only {checked} lines checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn perft_to_depth_3_matches_the_spec_table() {
    check_perft(3);
}

/// Depth 4 with capture counts plays some 20 million moves per line: about a second each in release builds.
#[test]
fn perft_depth_4_matches_the_spec_table() {
    if cfg!(debug_assertions) && std::env::var_os("TABLUT_DEEP_PERFT").is_none() {
        eprintln!("skipped in a debug build: run `cargo test --release` or set TABLUT_DEEP_PERFT=1");
        return;
    }
    check_perft(4);
}

#[test]
fn each_variant_starts_with_its_own_first_mover() {
    let seed = Position::start(Variant::Seed);
    let linnaeus = Position::start(Variant::Linnaeus);
    let ashton = Position::start(Variant::Ashton);
    assert_eq!(linnaeus.to_string(), "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 b");
    assert_eq!(ashton.to_string(), "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 w");
    assert_eq!(seed.to_string(), linnaeus.to_string());
    assert_eq!((linnaeus.variant(), ashton.variant()), (Variant::Linnaeus, Variant::Ashton));
    assert_eq!(ashton.count_moves(), 56);
}

// ---------------------------------------------------------------------------------------------------------------
// The rules, case by case

/// Builds a position of `variant` from lists of squares: attackers, defenders, the king, and the side to move.
fn board(variant: Variant, attackers: &str, defenders: &str, king: &str, side: Side) -> Position {
    let mut grid = [['.'; 9]; 9];
    for (list, c) in [(attackers, 'a'), (defenders, 'd'), (king, 'k')] {
        for sq in list.split_whitespace() {
            let sq: Square = sq.parse().unwrap();
            grid[usize::from(sq.rank())][usize::from(sq.file())] = c;
        }
    }
    let ranks: Vec<String> = (0..9)
        .rev()
        .map(|r| {
            let mut out = String::new();
            let mut empty = 0;
            for c in grid[r] {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c);
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    let text = format!("{} {}", ranks.join("/"), if side == Side::Black { 'b' } else { 'w' });
    Position::parse(&text, variant).unwrap_or_else(|e| panic!("{e}"))
}

#[derive(Clone, Copy)]
enum Expect {
    /// The last move captures exactly these soldiers and the game goes on.
    Captures(&'static str),
    /// The game ends with this result and reason.
    Ends(&'static str, &'static str),
    /// The last move is refused with a sentence starting with this.
    Refused(&'static str),
}

struct Case {
    rule: &'static str,
    what: &'static str,
    attackers: &'static str,
    defenders: &'static str,
    king: &'static str,
    side: Side,
    moves: &'static str,
    expect: Expect,
}

const THRONE_STOP: &str = "no piece may stop on the throne e5";
const THRONE_CROSS: &str = "crosses the throne e5, which no piece may pass";

/// Plays each case under `variant` and collects what differs from the expectation.
fn run_cases(variant: Variant, cases: &[Case]) {
    let mut failures = Vec::new();
    for case in cases {
        let pos = board(variant, case.attackers, case.defenders, case.king, case.side);
        let mut game = Game::from_position(pos);
        let moves: Vec<&str> = case.moves.split(' ').collect();
        let (last, before) = moves.split_last().unwrap();
        for m in before {
            game.play_notation(m).unwrap_or_else(|e| panic!("{} {}: {m}: {e}", case.rule, case.what));
        }
        let played = game.play_notation(last);
        let outcome = game.result().map(|r| (r.notation().to_string(), r.reason()));
        let problem = match (&case.expect, &played) {
            (Expect::Captures(want), Ok((_, got))) => {
                let got: BTreeSet<String> = squares(*got).map(|s| s.to_string()).collect();
                let want: BTreeSet<String> = want.split_whitespace().map(str::to_string).collect();
                if got != want {
                    Some(format!("captured {got:?}, expected {want:?}"))
                } else if outcome.is_some() {
                    Some(format!("the game ended ({outcome:?}) but should go on"))
                } else {
                    None
                }
            }
            (Expect::Ends(result, reason), Ok(_)) => {
                let want = Some(((*result).to_string(), (*reason).to_string()));
                (outcome != want).then(|| format!("ended with {outcome:?}, expected {want:?}"))
            }
            (Expect::Refused(why), Err(MoveError::Illegal(got))) => (!got.to_string().starts_with(why)
                && !got.to_string().contains(why))
            .then(|| format!("refused with `{got}`, expected `{why}`")),
            (_, result) => Some(format!("unexpected {result:?}")),
        };
        // Whatever the expectation, a refused move is not generated and a played one is.
        let generated = pos_after(&pos, before).legal_moves().iter().any(|m| m.to_string() == *last);
        if generated != played.is_ok() && problem.is_none() {
            failures.push(format!(
                "{} {}: the generator disagrees with the move check on {last}",
                case.rule, case.what
            ));
        }
        if let Some(problem) = problem {
            failures.push(format!("{} {} ({pos} after `{}`): {problem}", case.rule, case.what, case.moves));
        }
    }
    assert!(failures.is_empty(), "{variant}:\n{}", failures.join("\n"));
}

fn pos_after(start: &Position, moves: &[&str]) -> Position {
    let mut game = Game::from_position(*start);
    for m in moves {
        game.play_notation(m).unwrap();
    }
    *game.position()
}

/// The seed rules differ where the variants do: the same positions, other outcomes.
#[test]
fn the_seed_rules_differ_where_the_variants_do() {
    let seed_expect: &[(&str, Expect)] = &[
        ("the king captures like a soldier", Expect::Captures("")),
        ("the king on the throne closes a sandwich against an attacker", Expect::Captures("")),
        ("elsewhere by two, like a soldier", Expect::Captures("")),
        (
            "three attackers around the king's throne: an attacker on e3 captures the defender on e4",
            Expect::Captures(""),
        ),
    ];
    let cases: Vec<Case> = seed_expect
        .iter()
        .map(|(what, expect)| {
            let c = linnaeus::CASES.iter().find(|c| c.what == *what).expect("a Linnaeus case");
            Case { expect: *expect, ..*c }
        })
        .collect();
    run_cases(Variant::Seed, &cases);
}

// ---------------------------------------------------------------------------------------------------------------
// Repetition (L6, A7)

fn play(game: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        assert!(game.result().is_none(), "over before {m}: {:?}", game.result());
        game.play_notation(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn linnaeus_draws_on_the_third_occurrence_counting_the_start() {
    let mut game = Game::with_variant(Variant::Linnaeus);
    let cycle = "a4-b4 e3-d3 b4-a4 d3-e3";
    play(&mut game, cycle);
    assert!(game.result().is_none(), "the second occurrence does not draw");
    play(&mut game, "a4-b4 e3-d3 b4-a4");
    assert!(game.result().is_none());
    play(&mut game, "d3-e3");
    let result = game.result().expect("drawn");
    assert_eq!(
        (result.notation(), result.reason()),
        ("draw", "the same position occurred a third time".into())
    );
}

#[test]
fn ashton_draws_on_the_second_occurrence() {
    // White first: after the sixth move the position after the second recurs.
    let moves = "c5-c4 a4-a3 c4-c5 a3-b3 c5-c4 b3-a3";
    let (first, last) = moves.rsplit_once(' ').unwrap();
    let mut game = Game::with_variant(Variant::Ashton);
    play(&mut game, first);
    assert!(game.result().is_none());
    play(&mut game, last);
    let result = game.result().expect("drawn");
    assert_eq!(
        (result.notation(), result.reason()),
        ("draw", "the same position occurred a second time".into())
    );
    assert_eq!(cli_engine::replay_line::<Game>(&at(None, Some("ashton")), moves, false).unwrap(), "draw");
    // Linnaeus with White first plays on.
    let start = "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 w";
    assert_eq!(
        cli_engine::replay_line::<Game>(&at(Some(start), Some("linnaeus")), moves, false).unwrap(),
        "*"
    );
}

#[test]
fn in_ashton_the_start_position_draws_only_on_its_third_occurrence() {
    let start = board(Variant::Ashton, "b2 h2", "c7 g7", "e3", Side::White);
    let mut game = Game::from_position(start);
    play(&mut game, "c7-c6 b2-b1 c6-c7 b1-b2");
    assert_eq!(*game.position(), start);
    assert!(game.result().is_none(), "the start does not count as having arisen");
    play(&mut game, "g7-g6 h2-h1 g6-g7");
    assert!(game.result().is_none());
    play(&mut game, "h1-h2");
    let result = game.result().expect("drawn");
    assert_eq!(
        (result.notation(), result.reason()),
        ("draw", "the same position occurred a third time".into())
    );
}

// ---------------------------------------------------------------------------------------------------------------
// Setups, stored games and the command line

#[test]
fn a_setup_names_its_variant_and_a_stored_game_replays_under_it() {
    let ashton = Setup { variant: "ashton".into(), seed: 0, seats: 2 };
    let mut game = Game::new(&ashton).unwrap();
    assert_eq!(game.position().variant(), Variant::Ashton);
    // Black is seat 0 in every variant; here seat 1, White, moves first.
    assert_eq!(game.to_move(), Some(1), "White moves first");
    assert_eq!(
        (game.seat_label(0).as_str(), game.seat_label(1).as_str()),
        ("Black (attackers)", "White (defenders)")
    );
    let played = game.play_text("e3-d3").unwrap();
    assert_eq!(played[0].seat, 1);
    assert_eq!(game.to_move(), Some(0));
    let mut game = Game::new(&ashton).unwrap();
    game.play_text("c5-c4").unwrap();
    game.play_text("a4-a3").unwrap();
    let again = Game::replay(game.setup(), &game.moves_text()).unwrap();
    assert_eq!(again.position(), game.position());
    assert_eq!(again.position().variant(), Variant::Ashton);
    // Under the seed rules the same record is refused: Black moves first.
    let seed = Setup { variant: String::new(), ..ashton.clone() };
    assert!(Game::replay(&seed, &game.moves_text()).is_err());
    for name in ["Linnaeus", " LINNAEUS "] {
        let g = Game::new(&Setup { variant: name.into(), ..ashton.clone() }).unwrap();
        assert_eq!(g.position().variant(), Variant::Linnaeus, "{name:?}");
    }
}

/// A setup can be a position in notation, under the seed rules or under a named ruleset (`ashton:…`), as TZAAR's
/// can; the game replays from it.
#[test]
fn a_setup_can_be_a_position() {
    let text = "3a5/9/9/9/4k4/9/9/9/3d5 w";
    let setup = Setup { variant: text.into(), seed: 0, seats: 2 };
    let mut game = Game::new(&setup).unwrap();
    assert_eq!(game.position().to_string(), text);
    assert_eq!(game.position().variant(), Variant::Seed);
    assert_eq!(game.to_move(), Some(1), "White moves first, as the position says");
    game.play_text("e5-e8").unwrap();
    let again = Game::replay(game.setup(), &game.moves_text()).unwrap();
    assert_eq!(again.position(), game.position());
    let ashton = Game::new(&Setup { variant: format!("Ashton:{text}"), ..setup.clone() }).unwrap();
    assert_eq!(ashton.position().variant(), Variant::Ashton);
    for wrong in ["3a5/9/9 w", "ashton:3a5/9/9/9/4k4/9/9/9/3d5", "nope:3a5/9/9/9/4k4/9/9/9/3d5 w"] {
        assert!(Game::new(&Setup { variant: wrong.into(), ..setup.clone() }).is_err(), "{wrong}");
    }
}

#[tokio::test]
async fn a_tablut_challenge_can_start_from_a_position() {
    let dir = tempfile::tempdir().unwrap();
    let sessions = tabula::session::Sessions::new(
        tabula_testkit::MemoryStore::new(),
        tabula::session::SessionConfig::default(),
    );
    let mut console = tabula::local::Console::new(std::sync::Arc::new(sessions), dir.path());
    let over = console.line("@alice /play game:tablut opponent:@bob setup:\"k8/9/9/9/9/9/9/9/3a5 b\"").await;
    assert!(over.starts_with("(to @alice only) That position is already over"), "{over}");
    let out = console
        .line("@alice /play game:tablut opponent:@bob side:first setup:\"3a5/9/9/9/4k4/9/9/9/3d5 w\"")
        .await;
    assert!(
        out.contains("Starting position: `3a5/9/9/9/4k4/9/9/9/3d5 w`") && out.contains("[Accept]"),
        "{out}"
    );
    let out = console.line("@bob /accept").await;
    assert!(out.contains("@alice, White (defenders), to move"), "{out}");
}

#[tokio::test]
async fn an_old_stored_game_without_a_variant_loads_as_the_seed_rules() {
    use tabula::games::{AnyGame, GameKind};
    use tabula::store::{NewSession, PlayerRow, SessionState, SessionStore, SqliteStore, Store};

    let store = SqliteStore::in_memory().await.unwrap();
    let players: Vec<PlayerRow> = (1..=2)
        .map(|id| PlayerRow {
            id,
            name: format!("p{id}"),
            accepted: true,
            level: None,
            abandoned: false,
            left: None,
        })
        .collect();
    let mut ids = Vec::new();
    for (channel, variant) in [(1, ""), (2, "ashton"), (3, "linnaeus")] {
        let session = NewSession {
            channel,
            guild: None,
            rated: true,
            game: GameKind::Tablut,
            setup: Setup { variant: variant.into(), seed: 0, seats: 2 },
            players: players.clone(),
            challenger: 1,
            state: SessionState::Playing,
            now: 100,
            expires_at: 200,
        };
        ids.push(store.create(&session).await.unwrap());
    }
    store.append_moves(ids[0], 0, &[(0, "e8-d8".into())], None, 110, None).await.unwrap();
    store.append_moves(ids[1], 0, &[(0, "e3-d3".into())], None, 110, None).await.unwrap();
    // Each replays under its own rules: who moves next, and how many moves there are, say which.
    for (channel, variant, moves) in
        [(1, Variant::Seed, "e8-d8"), (2, Variant::Ashton, "e3-d3"), (3, Variant::Linnaeus, "")]
    {
        let record = store.open_session(channel).await.unwrap().expect("an open session");
        let game = AnyGame::replay(record.game, &record.setup, &record.moves).unwrap();
        let mut want = Game::with_variant(variant);
        play(&mut want, moves);
        assert_eq!(game.to_move(), Engine::to_move(&want), "channel {channel}");
        assert_eq!(game.legal_moves_text(), want.legal_moves_text(), "channel {channel}");
    }
    let old = store.open_session(1).await.unwrap().unwrap();
    assert_eq!(old.setup.variant, "", "an old game keeps its empty variant");
    let game = Game::replay(&old.setup, &old.moves).unwrap();
    assert_eq!(game.position().variant(), Variant::Seed);
    store.close().await;
}

#[test]
fn the_command_line_takes_each_variant() {
    assert_eq!(<Game as CommandLine>::cli_perft(&at(None, Some("linnaeus")), 2, false).unwrap().1, 4400);
    assert_eq!(<Game as CommandLine>::cli_perft(&at(None, Some("ashton")), 2, false).unwrap().1, 4408);
    assert_eq!(cli_engine::moves::<Game>(&at(None, Some("ashton"))).unwrap().len(), 56);
    assert_eq!(cli_engine::replay_line::<Game>(&at(None, Some("ashton")), "e3-d3", true).unwrap(), "* 56");
    assert!(
        cli_engine::replay_line::<Game>(&at(None, Some("ashton")), "e8-d8", false)
            .unwrap_err()
            .starts_with("illegal 1 e8-d8: ")
    );
    assert_eq!(
        cli_engine::moves::<Game>(&at(None, Some("hnefatafl"))),
        Err("there is no Tablut variant called `hnefatafl`: choose seed, linnaeus or ashton".to_string())
    );
    let img = cli_engine::render::<Game>(&at(None, Some("ashton")), &["e3-d3".to_string()]).unwrap();
    assert!(img.width() > 600);
}

// ---------------------------------------------------------------------------------------------------------------
// Pictures

/// The players' names in seat order: Black, then White.
fn names() -> [String; 2] {
    ["Attacking Alice".to_string(), "Defending Bob".to_string()]
}

/// Checks a variant's picture: its size, its PNG's weight, and the golden picture `name`.
fn check_picture(name: &str, game: &Game) {
    let variant = game.position().variant();
    let img = picture::render(game, &names(), tabula::i18n::Lang::En);
    assert_eq!(img.dimensions(), (picture::WIDTH, picture::height(variant)), "{name}");
    let png = tabula::render::encode_indexed(&img, picture::palette());
    assert!(png.len() <= 40_000, "{name}: the PNG has {} bytes, more than 40 KB", png.len());
    crate::golden::check_png(name, &png);
}

#[test]
fn picture_of_linnaeus_names_its_rules() {
    let mut game = Game::with_variant(Variant::Linnaeus);
    // The armed king steps off the throne and captures the attacker on f6 against the defender on g6 (L1).
    play(&mut game, "f9-f6 e6-b6 a4-a3 g5-g6 a3-a2");
    let (_, captured) = game.play_notation("e5-e6").unwrap();
    assert_eq!(squares(captured).map(|s| s.to_string()).collect::<Vec<_>>(), ["f6"]);
    check_picture("tablut-linnaeus", &game);
}

#[test]
fn picture_of_ashton_marks_the_camps_and_names_its_rules() {
    let mut game = Game::with_variant(Variant::Ashton);
    // White first; the attacker from e1 captures e4 against the king on the throne (A4).
    play(&mut game, "e3-d3 a4-a3 c5-c4 e2-c2 g5-g3");
    let (_, captured) = game.play_notation("e1-e3").unwrap();
    assert_eq!(squares(captured).map(|s| s.to_string()).collect::<Vec<_>>(), ["e4"]);
    check_picture("tablut-ashton", &game);
    // The emptied camp squares a4 and e2 look different from plain squares: compare a corner pixel with the seed
    // board's, and a plain square's (c2) with it.
    let seed = picture::render(&Game::with_variant(Variant::Seed), &names(), tabula::i18n::Lang::En);
    let ashton = picture::render(&game, &names(), tabula::i18n::Lang::En);
    // The picture's geometry: a 30-pixel label margin on the left, an 80-pixel header and a 14-pixel gap above
    // the board, 74-pixel squares; 6 pixels into the square is outside any piece.
    let corner = |sq: &str| {
        let sq: Square = sq.parse().unwrap();
        let x = 30 + 74 * u32::from(sq.file()) + 6;
        let y = 80 + 14 + 74 * (8 - u32::from(sq.rank())) + 6;
        (x, y)
    };
    for sq in ["a4", "e2", "b4"] {
        let (x, y) = corner(sq);
        let differs = seed.get_pixel(x, y) != ashton.get_pixel(x, y);
        assert_eq!(differs, sq != "b4", "{sq}: a camp square is marked, a plain one is not");
    }
}

#[test]
fn the_seed_picture_keeps_its_size_and_the_variants_add_a_footer() {
    assert_eq!(picture::height(Variant::Seed), picture::HEIGHT);
    for v in [Variant::Linnaeus, Variant::Ashton] {
        assert!(picture::height(v) > picture::HEIGHT, "{v}");
        assert!(!v.rules().differences().is_empty(), "{v}");
    }
    assert!(Variant::Seed.rules().differences().is_empty());
    assert_eq!(
        Variant::Linnaeus.rules().differences(),
        ["armed king", "king captured by 2 off the throne", "Linnaean capture"]
    );
}

// ---------------------------------------------------------------------------------------------------------------
// What the game says about its variants

#[test]
fn the_game_offers_its_variants_with_a_line_each_and_explains_them() {
    let info = <Game as Engine>::INFO;
    let choices = info.variant_choices("");
    let values: Vec<&str> = choices.iter().map(|(_, v)| v.as_str()).collect();
    assert_eq!(values, ["seed", "linnaeus", "ashton"]);
    for (label, value) in &choices {
        assert!(label.starts_with(&format!("{value}: ")) && label.chars().count() <= 100, "{label}");
        let variant: Variant = value.parse().unwrap();
        assert_eq!(variant.name(), value);
    }
    assert_eq!(info.variant_choices("a").len(), 1);
    // /help's rules: the English of the translations.
    let help = tabula::i18n::plain(tabula::i18n::Lang::En, info.rules_key);
    for needle in ["`linnaeus`", "`ashton`", "arms the king", "camps", "White moves first"] {
        assert!(help.contains(needle), "the help does not mention {needle}");
    }
    assert!(help.chars().count() < 1_900, "the help has {} characters, too many for one message", help.len());
}

#[test]
fn the_text_board_marks_camps_and_names_the_rules() {
    let ashton = Game::with_variant(Variant::Ashton);
    let mut game = ashton.clone();
    play(&mut game, "e3-d3 a4-a3");
    let text = game.text_board();
    assert!(text.lines().any(|l| l.starts_with("4  #")), "{text}");
    assert!(text.contains("Ashton rules: White moves first; armed king;"), "{text}");
    assert!(!Game::with_variant(Variant::Seed).text_board().contains("rules"));
}

#[test]
fn the_seats_are_the_same_in_every_variant() {
    // Black (seat 0) captures the king by two in Ashton, by four under the seed rules.
    let mut game = Game::from_position(board(Variant::Ashton, "b3 h3", "", "c3", Side::Black));
    assert_eq!(game.to_move(), Some(0));
    game.play_text("h3-d3").unwrap();
    assert_eq!(game.outcome().map(|o| o.winner), Some(Some(0)));
    let mut seed = Game::from_position(board(Variant::Seed, "b3 d3 c4 c1", "", "c3", Side::Black));
    seed.play_text("c1-c2").unwrap();
    assert_eq!(seed.outcome().map(|o| o.winner), Some(Some(0)));
}
