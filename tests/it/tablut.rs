//! Tablut: perft, the reference game records, the rules case by case, notation, errors, the Engine surface,
//! the command-line helpers and the pictures.

use std::collections::BTreeSet;
use std::path::PathBuf;

use proptest::prelude::*;
use tabula::cli::engine as cli_engine;
use tabula::games::tablut::cli;
use tabula::games::tablut::{Game, MoveText, Position, Side, Square, Variant, squares};
use tabula::games::{CliPosition, Engine, MoveError, Setup};

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

fn data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/tablut").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The non-comment lines of a data file, with their line numbers.
fn records(text: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .map(|(i, l)| (i + 1, l.split('\t').collect()))
}

fn seed_setup() -> Setup {
    Setup { variant: String::new(), seed: 0, seats: 2 }
}

// ---------------------------------------------------------------------------------------------------------------
// Perft

#[test]
fn perft_matches_the_spec_table() {
    let mut failures = Vec::new();
    for (line, cols) in records(&data("seed.perft")) {
        let pos = Position::parse(cols[0], Variant::Seed).expect("valid position");
        let depth: u32 = cols[1].parse().unwrap();
        let nodes: u64 = cols[2].parse().unwrap();
        let got = pos.perft(depth);
        if got != nodes {
            failures.push(format!(
                "seed.perft:{line}: perft({depth}) of `{}` is {got}, expected {nodes}",
                cols[0]
            ));
        }
        if let Ok(captures) = cols[3].parse::<u64>() {
            let (n, c) = pos.perft_captures(depth);
            if (n, c) != (nodes, captures) {
                failures.push(format!(
                    "seed.perft:{line}: depth {depth}: {n} nodes with {c} captures, expected {nodes} with {captures}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn perft_divide_adds_up() {
    let (lines, total) = cli::perft(None, None, 2, true).unwrap();
    assert_eq!(lines.len(), 80);
    assert_eq!(lines.iter().map(|l| l.1).sum::<u64>(), total);
    assert_eq!(total, 4400);
    assert_eq!(cli::perft(None, None, 2, false).unwrap(), (vec![], 4400));
    assert_eq!(cli::perft(None, None, 0, false).unwrap(), (vec![], 1));
}

// ---------------------------------------------------------------------------------------------------------------
// Reference games

fn check_reference(file: &str) {
    let text = data(file);
    let mut failures = Vec::new();
    let mut games = 0;
    for (line, cols) in records(&text) {
        games += 1;
        let [result, moves, counts] = cols[..] else {
            failures.push(format!("{file}:{line}: expected three tab-separated columns"));
            continue;
        };
        let expected = format!("{result} {counts}");
        match replay_line(None, None, moves, true) {
            Ok(got) if got == expected => {}
            Ok(got) => {
                let (want, have): (Vec<&str>, Vec<&str>) =
                    (expected.split(' ').collect(), got.split(' ').collect());
                let at =
                    want.iter().zip(&have).position(|(a, b)| a != b).unwrap_or(want.len().min(have.len()));
                failures.push(format!(
                    "{file}:{line}: replay gives `{}` at field {at}, expected `{}` (result, then counts per ply)",
                    have.get(at).unwrap_or(&"<end>"),
                    want.get(at).unwrap_or(&"<end>")
                ));
            }
            Err(e) => failures.push(format!("{file}:{line}: {e}")),
        }
    }
    assert!(games >= 100, "{file}: only {games} games read");
    assert!(failures.is_empty(), "{} of {games} games differ:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn random_reference_games_replay_identically() {
    check_reference("seed-games.tsv");
}

#[test]
fn king_hunt_reference_games_replay_identically() {
    check_reference("seed-games-king-hunt.tsv");
}

// ---------------------------------------------------------------------------------------------------------------
// The rules, case by case

/// Builds a position from lists of squares: attackers, defenders, the king, and the side to move.
fn board(attackers: &str, defenders: &str, king: &str, side: Side) -> Position {
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
    Position::parse(&text, Variant::Seed).unwrap_or_else(|e| panic!("{e}"))
}

enum Expect {
    /// The last move captures exactly these soldiers and the game goes on.
    Captures(&'static str),
    /// The game ends with this result and reason.
    Ends(&'static str, &'static str),
    /// The last move is refused with this sentence.
    Refused(&'static str),
}

struct Case {
    what: &'static str,
    attackers: &'static str,
    defenders: &'static str,
    king: &'static str,
    side: Side,
    moves: &'static str,
    expect: Expect,
}

const CASES: &[Case] = &[
    Case {
        what: "custodian capture",
        attackers: "c4 e2",
        defenders: "d4",
        king: "g7",
        side: Side::Black,
        moves: "e2-e4",
        expect: Expect::Captures("d4"),
    },
    Case {
        what: "three soldiers at once",
        attackers: "a7 c5 e7 c9",
        defenders: "b7 c6 d7",
        king: "g3",
        side: Side::Black,
        moves: "c9-c7",
        expect: Expect::Captures("b7 c6 d7"),
    },
    Case {
        what: "moving into a sandwich is safe",
        attackers: "c4 e4",
        defenders: "d2",
        king: "g7",
        side: Side::White,
        moves: "d2-d4",
        expect: Expect::Captures(""),
    },
    Case {
        what: "the king never captures",
        attackers: "d4",
        defenders: "e4",
        king: "c7",
        side: Side::White,
        moves: "c7-c4",
        expect: Expect::Captures(""),
    },
    Case {
        what: "the king is no anvil",
        attackers: "d4",
        defenders: "e2",
        king: "c4",
        side: Side::White,
        moves: "e2-e4",
        expect: Expect::Captures(""),
    },
    Case {
        what: "the empty throne is hostile to defenders",
        attackers: "e2",
        defenders: "e4",
        king: "g7",
        side: Side::Black,
        moves: "e2-e3",
        expect: Expect::Captures("e4"),
    },
    Case {
        what: "the empty throne is hostile to attackers",
        attackers: "e6 a1",
        defenders: "e8",
        king: "c3",
        side: Side::White,
        moves: "e8-e7",
        expect: Expect::Captures("e6"),
    },
    Case {
        what: "the throne with the king on it is not hostile",
        attackers: "e6",
        defenders: "e8",
        king: "e5",
        side: Side::White,
        moves: "e8-e7",
        expect: Expect::Captures(""),
    },
    Case {
        what: "pieces pass over the empty throne",
        attackers: "a1",
        defenders: "e3",
        king: "c7",
        side: Side::White,
        moves: "e3-e7",
        expect: Expect::Captures(""),
    },
    Case {
        what: "nobody stops on the empty throne",
        attackers: "a1",
        defenders: "e3",
        king: "c7",
        side: Side::White,
        moves: "e3-e5",
        expect: Expect::Refused(
            "no piece may stop on the throne e5: stop before it, or pass over it if the rules allow",
        ),
    },
    Case {
        what: "the king does not return to the throne",
        attackers: "a1",
        defenders: "",
        king: "e4",
        side: Side::White,
        moves: "e4-e5",
        expect: Expect::Refused(
            "no piece may stop on the throne e5: stop before it, or pass over it if the rules allow",
        ),
    },
    Case {
        what: "king on the throne captured by four",
        attackers: "d5 f5 e4 e7",
        defenders: "",
        king: "e5",
        side: Side::Black,
        moves: "e7-e6",
        expect: Expect::Ends("black", "the king was captured on e5"),
    },
    Case {
        what: "king beside the throne captured by three and the throne",
        attackers: "d4 f4 e2",
        defenders: "",
        king: "e4",
        side: Side::Black,
        moves: "e2-e3",
        expect: Expect::Ends("black", "the king was captured on e4"),
    },
    Case {
        what: "king away from the throne captured by four",
        attackers: "b3 d3 c4 c1",
        defenders: "",
        king: "c3",
        side: Side::Black,
        moves: "c1-c2",
        expect: Expect::Ends("black", "the king was captured on c3"),
    },
    Case {
        what: "three attackers do not capture the king away from the throne",
        attackers: "b3 d3 c1",
        defenders: "",
        king: "c3",
        side: Side::Black,
        moves: "c1-c2",
        expect: Expect::Captures(""),
    },
    Case {
        what: "two attackers do not capture the king",
        attackers: "b3 g3",
        defenders: "",
        king: "c3",
        side: Side::Black,
        moves: "g3-d3",
        expect: Expect::Captures(""),
    },
    Case {
        what: "the king may move into a surround",
        attackers: "b3 d3 c2 h8",
        defenders: "",
        king: "c5",
        side: Side::White,
        moves: "c5-c3 h8-h7",
        expect: Expect::Captures(""),
    },
    Case {
        what: "the king escapes on an edge square",
        attackers: "a1",
        defenders: "",
        king: "c3",
        side: Side::White,
        moves: "c3-c1",
        expect: Expect::Ends("white", "the king escaped to c1"),
    },
    Case {
        what: "no legal move loses",
        attackers: "d4 f4 e3 e7",
        defenders: "",
        king: "e4",
        side: Side::Black,
        moves: "e7-e6",
        expect: Expect::Ends("black", "White had no legal move"),
    },
    Case {
        what: "a game over refuses moves",
        attackers: "a1 h2",
        defenders: "",
        king: "c3",
        side: Side::White,
        moves: "c3-c1 h2-h3",
        expect: Expect::Refused(
            "the game is over (White won: the king escaped to c1): no more moves can be played",
        ),
    },
];

#[test]
fn rules_case_by_case() {
    let mut failures = Vec::new();
    for case in CASES {
        let pos = board(case.attackers, case.defenders, case.king, case.side);
        let mut game = Game::from_position(pos);
        let moves: Vec<&str> = case.moves.split(' ').collect();
        let (last, before) = moves.split_last().unwrap();
        for m in before {
            game.play_notation(m).unwrap_or_else(|e| panic!("{}: {m}: {e}", case.what));
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
            (Expect::Refused(why), Err(MoveError::Illegal(got))) => {
                (got.to_string() != *why).then(|| format!("refused with `{got}`, expected `{why}`"))
            }
            (_, result) => Some(format!("unexpected {result:?}")),
        };
        if let Some(problem) = problem {
            failures.push(format!("{} ({} after `{}`): {problem}", case.what, pos, case.moves));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_third_repetition_is_a_draw() {
    let mut game = Game::with_variant(Variant::Seed);
    let cycle = ["a4-b4", "e3-d3", "b4-a4", "d3-e3"];
    for (i, m) in cycle.iter().cycle().take(8).enumerate() {
        assert!(game.result().is_none(), "over too early, before ply {}", i + 1);
        game.play_notation(m).unwrap();
    }
    let result = game.result().expect("drawn");
    assert_eq!(
        (result.notation(), result.reason().as_str()),
        ("draw", "the same position occurred a third time")
    );
    assert_eq!(replay_line(None, None, &cycle.repeat(2).join(" "), false).unwrap(), "draw");
    assert_eq!(replay_line(None, None, &cycle.join(" "), false).unwrap(), "*");
}

#[test]
fn a_position_without_moves_is_lost() {
    let pos = board("d5 f5 e4 e6", "", "e5", Side::White);
    let game = Game::from_position(pos);
    assert_eq!(
        game.outcome().map(|o| (o.winner, o.reason.to_string())),
        Some((Some(0), "White had no legal move".into()))
    );
    assert_eq!(game.to_move(), None);
    assert_eq!(cli_moves(Some(&pos.to_string()), None).unwrap(), Vec::<String>::new());
}

// ---------------------------------------------------------------------------------------------------------------
// Errors

/// A refusal's kind and English, to compare with the expected sentence.
#[derive(Debug, PartialEq)]
enum Refused {
    Unreadable(String),
    Illegal(String),
}

fn english<T>(result: Result<T, MoveError>) -> Result<T, Refused> {
    result.map_err(|e| match e {
        MoveError::Unreadable(p) => Refused::Unreadable(p.to_string()),
        MoveError::Illegal(p) => Refused::Illegal(p.to_string()),
    })
}

#[test]
fn illegal_moves_say_why() {
    let cases = [
        ("c6-c7", "there is no piece on c6: start the move from a square with one of your pieces"),
        ("e7-b7", "the piece on e7 is White's, but it is Black's turn: move one of the attackers"),
        ("e8-e8", "e8-e8 goes nowhere: a piece must move at least one square"),
        ("e8-d7", "e8-d7 is not a straight line: pieces move like a chess rook, along a rank or a file"),
        ("d9-d2", "the path from d9 to d2 is blocked at d5: pieces cannot jump over other pieces"),
        ("d9-d5", "d5 is already occupied: a piece must stop on an empty square"),
        (
            "e8-d8xd7",
            "e8-d8 captures nothing, not what the move says: leave out the `x...` part or list the captured squares",
        ),
    ];
    for (text, why) in cases {
        let mut game = Game::with_variant(Variant::Seed);
        assert_eq!(english(game.play_text(text)), Err(Refused::Illegal(why.to_string())), "move {text}");
        assert_eq!(game.moves_text(), Vec::<String>::new(), "a refused move {text} changed the game");
    }
    let mut game = Game::with_variant(Variant::Seed);
    game.play_text("e8-d8").unwrap();
    assert_eq!(
        english(game.play_text("d8-d7")),
        Err(Refused::Illegal(
            "the piece on d8 is Black's, but it is White's turn: move one of the defenders or the king"
                .into()
        ))
    );
}

#[test]
fn unreadable_moves_say_how_to_write_them() {
    for text in ["e5-e99", "", "hello", "j1-j2", "e0-e1", "e8-d8x", "e8-d8xz9", "e8–d8"] {
        let mut game = Game::with_variant(Variant::Seed);
        assert_eq!(
            english(game.play_text(text)),
            Err(Refused::Unreadable(format!(
                "can't read the move `{}`: write the starting and the target square joined by a dash, like \
                 `e8-d8` (files a-i, ranks 1-9)",
                text.trim()
            ))),
            "move {text:?}"
        );
    }
}

#[test]
fn bad_positions_say_what_is_wrong() {
    let tail = "; write the ranks from 9 down to 1 separated by `/` (a = attacker, d = defender, k = king, a digit = \
                that many empty squares), a space and `b` or `w` for the side to move, like \
                `3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 b`";
    let cases = [
        ("", "it is empty"),
        ("9/9/9/9/4k4/9/9/9 b", "it has 8 ranks, not 9"),
        ("9/9/9/9/4k5/9/9/9/9 b", "rank 5 has 10 squares, not 9"),
        ("9/9/9/9/4k3/9/9/9/9 b", "rank 5 has 8 squares, not 9"),
        ("9/9/9/9/4kx3/9/9/9/9 b", "rank 5 has `x`, which is not a, d, k or a digit 1-9"),
        ("9/9/9/9/4k4/9/9/9/9", "the side to move (`b` or `w`) is missing after the board"),
        ("9/9/9/9/4k4/9/9/9/9 x", "the side to move is `x`, not `b` or `w`"),
        ("9/9/9/9/4k4/9/9/9/9 b b", "there is something after the side to move: `b`"),
        ("9/9/9/9/9/9/9/9/9 b", "there is no king"),
        ("k8/9/9/9/4k4/9/9/9/9 b", "there are 2 kings, not one"),
        ("9/9/9/9/4a4/9/9/9/k8 b", "a soldier stands on the throne e5, where only the king may be"),
    ];
    for (text, why) in cases {
        let expected = format!("can't read the position `{text}`: {why}{tail}");
        assert_eq!(Position::parse(text, Variant::Seed).map_err(|e| e.to_string()), Err(expected.clone()));
        assert_eq!(cli_moves(Some(text), None), Err(expected), "cli_moves({text:?})");
    }
    assert_eq!(
        cli_moves(None, Some("hnefatafl")),
        Err("there is no Tablut variant called `hnefatafl`: choose seed, linnaeus or ashton".to_string())
    );
    let setup = Setup { variant: "ashtonx".into(), seed: 0, seats: 2 };
    assert_eq!(
        Game::new(&setup).map(|_| ()).map_err(|e| e.to_string()),
        Err("there is no Tablut variant called `ashtonx`: choose seed, linnaeus or ashton".to_string())
    );
    assert_eq!(
        Game::new(&Setup { seats: 3, ..seed_setup() }).map(|_| ()).map_err(|e| e.to_string()),
        Err("Tablut is played by 2 players, not 3".to_string())
    );
}

// ---------------------------------------------------------------------------------------------------------------
// Notation

#[test]
fn move_notation_is_tolerant() {
    let want = MoveText { from: "e8".parse().unwrap(), to: "d8".parse().unwrap(), captures: None };
    for text in ["e8-d8", "E8-D8", " e8 - d8 ", "e8d8", "e8 d8"] {
        assert_eq!(text.parse::<MoveText>(), Ok(want), "{text:?}");
    }
    let with: MoveText = "d1-d3xe3xc3".parse().unwrap();
    assert_eq!(with.to_string(), "d1-d3xc3xe3");
    assert_eq!("d1-d3xe3/c3".parse::<MoveText>(), Ok(with));
    assert_eq!("D1-D3 x E3, C3".parse::<MoveText>(), Ok(with));
}

#[test]
fn recorded_moves_carry_their_captures_and_replay() {
    let line = data("seed-games.tsv");
    let moves: Vec<&str> = records(&line).next().unwrap().1[1].split(' ').take(17).collect();
    let mut game = Game::new(&seed_setup()).unwrap();
    let mut played = Vec::new();
    for m in &moves {
        played = game.play_text(m).unwrap();
    }
    assert_eq!(played[0].notation, "a4-e4xe3");
    assert_eq!(crate::contract::effect(&played[0]), "captured e3");
    assert_eq!(played[0].seat, 0);
    let again = Game::replay(&seed_setup(), &game.moves_text()).unwrap();
    assert_eq!(again.position(), game.position());
    assert_eq!(again.moves_text().len(), 17);
}

// ---------------------------------------------------------------------------------------------------------------
// The Engine surface

#[test]
fn engine_surface() {
    let mut game = Game::new(&seed_setup()).unwrap();
    assert_eq!(game.seat_label(0), "Black (attackers)");
    assert_eq!(game.seat_label(1), "White (defenders)");
    assert_eq!(game.to_move(), Some(0));
    assert_eq!(game.move_number(), 1);
    assert_eq!(game.legal_moves_text().len(), 80);
    let from_e8 = game.suggest("E8", 100);
    assert_eq!(from_e8.len(), 8);
    assert!(from_e8.iter().all(|m| m.starts_with("e8-")), "{from_e8:?}");
    assert_eq!(game.suggest("e8-d", 10), vec!["e8-d8"]);
    assert_eq!(game.suggest("", 5).len(), 5);
    assert!(game.suggest("z", 5).is_empty());
    game.play_text("e8-d8").unwrap();
    assert_eq!((game.to_move(), game.move_number()), (Some(1), 2));
    assert!(game.text_board().contains("White (defenders) to move"), "{}", game.text_board());
    assert!(tabula::i18n::plain(tabula::i18n::Lang::En, <Game as Engine>::INFO.rules_key).contains("e8-d8"));
    assert!(Game::new(&Setup { variant: "Seed".into(), ..seed_setup() }).is_ok());
}

#[test]
fn suggestions_put_winning_moves_captures_and_king_moves_first() {
    // White: the king on b6 can escape; the guard on g1 captures f4 (against e4) by moving to g4.
    let game = Game::from_position(board("f4 a1", "e4 g1", "b6", Side::White));
    let top = game.suggest("", 5);
    assert_eq!(top[..4], ["b6-b1", "b6-a6", "b6-i6", "b6-b9"], "the king's escapes first: {top:?}");
    assert_eq!(top[4], "g1-g4", "then the capture: {top:?}");
    let from_g1 = game.suggest("g1", 20);
    assert_eq!(from_g1[0], "g1-g4", "the capture comes first: {from_g1:?}");
}

// ---------------------------------------------------------------------------------------------------------------
// Properties

/// Plays random legal moves picked by `choices`, checking invariants at every step.
fn playout(choices: &[u16]) -> Result<(), TestCaseError> {
    let mut game = Game::with_variant(Variant::Seed);
    for &choice in choices {
        let pos = *game.position();
        let text = pos.to_string();
        prop_assert_eq!(Position::parse(&text, Variant::Seed).map(|p| p.to_string()), Ok(text.clone()));
        let moves = pos.legal_moves();
        prop_assert_eq!(moves.len(), pos.count_moves() as usize);
        if game.result().is_some() {
            break;
        }
        let mv = moves[usize::from(choice) % moves.len()];
        let next = pos.play(mv);
        prop_assert!(next.is_ok(), "generated move {} refused in {}: {:?}", mv, text, next);
        let parsed: MoveText = mv.to_string().parse().unwrap();
        prop_assert_eq!(parsed.mv(), mv);
        // A random pair of squares is legal exactly when it is generated.
        let from = Square::from_index(usize::from(choice) % 81).unwrap();
        let to = Square::from_index(usize::from(choice / 81) % 81).unwrap();
        let probe = tabula::games::tablut::Move { from, to };
        prop_assert_eq!(pos.check(probe).is_ok(), moves.contains(&probe), "{} in {}", probe, text);

        let captured = game.apply(mv).unwrap();
        let after = game.position();
        let (victims_before, victims_after) = match pos.to_move() {
            Side::Black => (pos.defenders(), after.defenders()),
            Side::White => (pos.attackers(), after.attackers()),
        };
        prop_assert_eq!(victims_after, victims_before & !captured, "only captured pieces disappear");
        prop_assert_eq!(captured & pos.pieces(pos.to_move()), 0);
        prop_assert_eq!(after.pieces(pos.to_move()).count_ones(), pos.pieces(pos.to_move()).count_ones());
        prop_assert_eq!(after.occupied() & Square::THRONE.bit() != 0, after.king() == Square::THRONE);
    }
    let again = Game::replay(&seed_setup(), &game.moves_text());
    prop_assert!(again.is_ok());
    let again = again.unwrap();
    prop_assert_eq!(again.position(), game.position());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_playouts_keep_the_invariants(choices in proptest::collection::vec(any::<u16>(), 0..250)) {
        playout(&choices)?;
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,40}", short in "[a-kA-K0-9 xX/,-]{0,12}") {
        for t in [&text, &short] {
            let _ = Position::parse(t, Variant::Seed);
            let _ = t.parse::<MoveText>();
            let _ = t.parse::<Square>();
            let _ = t.parse::<Variant>();
            let mut game = Game::with_variant(Variant::Seed);
            crate::contract::all_or_nothing(&mut game, t)?;
            let _ = game.suggest(t, 10);
            let _ = cli_moves(Some(t), None);
            let _ = replay_line(None, Some(t), "e8-d8", true);
            let _ = replay_line(None, None, t, true);
        }
    }

    #[test]
    fn arbitrary_boards_never_panic(cells in proptest::collection::vec(0u8..5, 81), white in any::<bool>()) {
        let ranks: Vec<String> = cells
            .chunks(9)
            .map(|r| r.iter().map(|c| ['1', 'a', 'd', '1', '1'][usize::from(*c)]).collect())
            .collect();
        let text = format!("{}/4k4/{} {}", ranks[..4].join("/"), ranks[5..].join("/"), if white { 'w' } else { 'b' });
        let pos = Position::parse(&text, Variant::Seed).expect("a valid board");
        let mut n = 0;
        for &mv in pos.legal_moves().iter() {
            prop_assert!(pos.play(mv).is_ok());
            n += 1;
        }
        prop_assert_eq!(n, pos.count_moves());
        prop_assert_eq!(pos.perft(2), pos.perft_divide(2).iter().map(|l| l.1).sum::<u64>());
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Command-line helpers

#[test]
fn cli_helpers() {
    let moves = cli_moves(None, None).unwrap();
    assert_eq!(moves.len(), 80);
    assert!(moves.contains(&"e8-d8".to_string()));
    let unique: BTreeSet<&String> = moves.iter().collect();
    assert_eq!(unique.len(), 80);
    assert_eq!(cli_moves(None, Some("seed")).unwrap(), moves);
    let white = cli_moves(Some("3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 w"), None).unwrap();
    assert_eq!(white.len(), 56);
    assert_eq!(replay_line(None, None, "e8-d8 e4-h4", true).unwrap(), "* 80 56");
    assert_eq!(replay_line(None, None, "", false).unwrap(), "*");
    assert_eq!(
        replay_line(None, None, "e8-d8 e4-e9", false),
        Err("illegal 2 e4-e9: the path from e4 to e9 is blocked at e5: pieces cannot jump over other pieces"
            .into())
    );
    assert_eq!(
        replay_line(None, None, "e8-d8 e4", false).unwrap_err(),
        "illegal 2 e4: can't read the move `e4`: write the starting and the target square joined by a dash, like \
         `e8-d8` (files a-i, ranks 1-9)"
    );
    let img = cli_engine::render::<Game>(
        &CliPosition::default(),
        &["e8-d8".to_string(), "e4-h4 a6-a7".to_string()],
    )
    .unwrap();
    assert_eq!(
        img.dimensions(),
        (tabula::games::tablut::picture::WIDTH, tabula::games::tablut::picture::HEIGHT)
    );
    assert!(
        cli_engine::render::<Game>(&CliPosition::default(), &["e8-e7".to_string()])
            .unwrap_err()
            .starts_with("illegal 1 e8-e7: ")
    );
}

// ---------------------------------------------------------------------------------------------------------------
// Pictures

fn game_after(moves: &str) -> Game {
    let mut game = Game::with_variant(Variant::Seed);
    for m in moves.split_whitespace() {
        game.play_notation(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    game
}

fn check_picture(name: &str, game: &Game) {
    let names = ["Attacking Alice".to_string(), "Defending Bob".to_string()];
    let img = tabula::games::tablut::picture::render(game, &names, tabula::i18n::Lang::En);
    let (w, h) = img.dimensions();
    assert!((700..=900).contains(&w) && h < 1000, "{name}: {w}x{h}");
    let png = tabula::render::encode_indexed(&img, tabula::games::tablut::picture::palette());
    assert!(png.len() <= 40_000, "{name}: the PNG has {} bytes, more than 40 KB", png.len());
    crate::golden::check_png(name, &png);
}

#[test]
fn picture_start() {
    check_picture("tablut-start", &Game::with_variant(Variant::Seed));
}

#[test]
fn picture_after_a_capture() {
    let game = game_after(
        "e8-d8 e4-h4 a6-a7 h4-h1 d1-d3 e6-b6 d8-b8 g5-g9 i4-h4 f5-g5 h4-i4 g9-g7 i4-i1 c5-c9 i5-i2 d5-d8 a4-e4",
    );
    assert_eq!(squares(game.last_captures()).map(|s| s.to_string()).collect::<Vec<_>>(), ["e3"]);
    check_picture("tablut-capture", &game);
}

#[test]
fn picture_king_captured() {
    let game = game_after("d1-c1 g5-g6 f9-f6 g6-g7 f1-f4 e5-f5 h5-g5");
    assert_eq!(game.result().map(|r| r.reason()), Some("the king was captured on f5".into()));
    check_picture("tablut-king-captured", &game);
}

#[test]
fn picture_king_escaped() {
    let game = game_after(
        "i4-h4 g5-g4 h4-i4 g4-h4 f9-f6 e7-h7 e8-d8 d5-d4 f6-f7 c5-c2 a6-a7 c2-c8 e9-h9 e4-f4 d1-b1 h4-h3 h9-f9 \
         e6-f6 i4-i2 e5-e9",
    );
    assert_eq!(game.result().map(|r| r.reason()), Some("the king escaped to e9".into()));
    check_picture("tablut-king-escaped", &game);
}

#[test]
fn picture_with_missing_and_long_names() {
    let game = game_after("e8-d8");
    let img = tabula::games::tablut::picture::render(&game, &[], tabula::i18n::Lang::En);
    assert_eq!(
        img.dimensions(),
        (tabula::games::tablut::picture::WIDTH, tabula::games::tablut::picture::HEIGHT)
    );
    let long = ["x".repeat(300), "🙂".repeat(50)];
    let _ = tabula::games::tablut::picture::render(&game, &long, tabula::i18n::Lang::En);
    // The longest names shown (18 characters), with the longest result line, stay under 40 KB.
    let widest = ["W".repeat(18), "M".repeat(18)];
    let hunt = game_after("d1-c1 g5-g6 f9-f6 g6-g7 f1-f4 e5-f5 h5-g5");
    for game in [&Game::with_variant(Variant::Seed), &hunt] {
        let png = tabula::render::encode_indexed(
            &tabula::games::tablut::picture::render(game, &widest, tabula::i18n::Lang::En),
            tabula::games::tablut::picture::palette(),
        );
        assert!(png.len() <= 40_000, "the PNG has {} bytes, more than 40 KB", png.len());
    }
}
