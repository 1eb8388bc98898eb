//! The engines' English and the English translation agree: every phrase of every engine (each error variant
//! built by hand, and every refusal, effect, ending and prompt met in random games with random and mutated texts)
//! reads in `en` exactly as the engine's own `Display`, and formats in every language with every variable filled.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use super::whole;
use crate::games::{
    AnyGame, Describe, GameKind, MoveError, Phrase, Setup, SetupError, tablut, tantrix, tzaar,
};
use crate::i18n::{self, Lang};

/// The problems of one phrase: its English rendering differs from the engine's, a key is missing in a language,
/// or a translation leaves a variable unfilled.
fn problems(phrase: &Phrase) -> Vec<String> {
    let mut found = Vec::new();
    for part in phrase.all() {
        let rendered = whole(part).to_string();
        if rendered != part.to_string() {
            found.push(format!("{}: en reads {rendered:?}, the engine {:?}", part.key(), part.to_string()));
        }
        for lang in Lang::ALL {
            if !i18n::has(lang, part.key()) {
                found.push(format!("{}: missing in {}", part.key(), lang.code()));
            }
        }
    }
    for lang in &Lang::ALL[1..] {
        let text = whole(phrase).plain_in(*lang);
        if text.contains('{') || text.contains('}') || text.trim().is_empty() {
            found.push(format!("{}: {} reads {text:?}", phrase.key(), lang.code()));
        }
    }
    found
}

fn check_all(phrases: &[Phrase]) {
    let found: Vec<String> = phrases.iter().flat_map(problems).collect();
    assert!(found.is_empty(), "{} problems:\n{}", found.len(), found.join("\n"));
}

fn sq(name: &str) -> tablut::Square {
    name.parse().unwrap()
}

fn tablut_move(text: &str) -> tablut::Move {
    let (from, to) = text.split_once('-').unwrap();
    tablut::Move { from: sq(from), to: sq(to) }
}

fn tablut_errors() -> Vec<Phrase> {
    use tablut::{End, IllegalMove, Side, Verdict};
    let results = [
        Verdict { winner: Some(Side::White), end: End::KingEscaped(sq("a5")) },
        Verdict { winner: Some(Side::Black), end: End::KingCaptured(sq("e5")) },
        Verdict { winner: Some(Side::Black), end: End::NoMoves(Side::White) },
        Verdict { winner: Some(Side::White), end: End::NoMoves(Side::Black) },
        Verdict { winner: None, end: End::Repetition(2) },
        Verdict { winner: None, end: End::Repetition(3) },
        Verdict { winner: None, end: End::Repetition(4) },
        Verdict { winner: None, end: End::Repetition(7) },
    ];
    let mv = tablut_move("d9-d2");
    let mut out: Vec<Phrase> = results.iter().map(|r| IllegalMove::GameOver(*r).describe()).collect();
    out.extend(results.iter().copied().map(Verdict::reason_phrase));
    out.extend(
        [
            IllegalMove::NoPiece(sq("c6")),
            IllegalMove::NotYourPiece { square: sq("e7"), to_move: Side::Black },
            IllegalMove::NotYourPiece { square: sq("e1"), to_move: Side::White },
            IllegalMove::NoDistance(sq("e8")),
            IllegalMove::NotStraight(tablut_move("e8-d7")),
            IllegalMove::Blocked { mv, at: sq("d5") },
            IllegalMove::Occupied(sq("d5")),
            IllegalMove::Throne,
            IllegalMove::ThroneInTheWay(tablut_move("e3-e7")),
            IllegalMove::Camp { mv, at: sq("d9") },
            IllegalMove::WrongCaptures { mv, actual: 0 },
            IllegalMove::WrongCaptures { mv, actual: sq("d3").bit() },
            IllegalMove::WrongCaptures { mv, actual: sq("d3").bit() | sq("c2").bit() | sq("e2").bit() },
        ]
        .iter()
        .map(Describe::describe),
    );
    out.push(tablut::MoveParseError("e5-e99".into()).describe());
    out.push(tablut::SquareError("z0".into()).describe());
    out.push(tablut::UnknownVariant("nope".into()).describe());
    out.push(tablut::PositionError { text: "3aaa3/x b".into(), why: "a rank is too long".into() }.describe());
    out
}

fn point(name: &str) -> tzaar::Point {
    name.parse().unwrap()
}

fn tzaar_errors() -> Vec<Phrase> {
    use tzaar::{End, IllegalMove, Kind, LayoutError, MoveParseError, PointError, Side};
    let (from, to, at) = (point("E4"), point("E7"), point("E6"));
    let mut out = Vec::new();
    for side in [Side::White, Side::Black] {
        for kind in [Kind::Tzaar, Kind::Tzarra, Kind::Tott] {
            out.push(IllegalMove::GameOver(End::LostType { side, kind }).describe());
        }
        out.push(IllegalMove::GameOver(End::CannotCapture { side }).describe());
        out.push(IllegalMove::NotYours { point: from, owner: side }.describe());
        out.push(IllegalMove::Taller { from, to, mover: side, mover_height: 1, target: 3 }.describe());
    }
    out.extend(
        [
            IllegalMove::CaptureDue,
            IllegalMove::NoStack(from),
            IllegalMove::SamePoint(from),
            IllegalMove::NotInLine { from, to: point("F7") },
            IllegalMove::CrossesHole { from: point("E3"), to: point("E7") },
            IllegalMove::Blocked { from, to, at },
            IllegalMove::Empty { from, to },
            IllegalMove::OwnTarget { from, to },
            IllegalMove::EnemyTarget { from, to },
        ]
        .iter()
        .map(Describe::describe),
    );
    out.push(PointError::Unreadable("Q9".into()).describe());
    out.push(PointError::Hole.describe());
    out.push(PointError::OffBoard("A9".into()).describe());
    out.push(MoveParseError::Unreadable("E4yD4".into()).describe());
    out.push(MoveParseError::Point(PointError::Hole).describe());
    for text in ["nope", "random:x", "ttttT/x w o"] {
        let e: LayoutError = text.parse::<tzaar::Layout>().unwrap_err();
        out.push(e.describe());
    }
    // Every way a position in notation is refused (a `/play setup:` can be one).
    let standard = tzaar::STANDARD.replace(" w o", "");
    let columns: Vec<&str> = standard.split('/').collect();
    let with_column = |col: usize, text: &str| {
        let mut c = columns.clone();
        c[col] = text;
        format!("{} w c", c.join("/"))
    };
    let positions = [
        "ttttT w".to_string(),
        format!("{standard} x c"),
        format!("{standard} w q"),
        format!("{standard} b o"),
        "ttttT/TaaaAT w c".to_string(),
        "t/t w c".to_string(),
        with_column(0, ".2tttT"),
        with_column(0, "ttttQ"),
        with_column(0, "ttttT40"),
        with_column(0, "tttt"),
        with_column(0, "TTTTT")
            .replace("tTTTT", "TTTTT")
            .replace("taAAAt", "TAAAAT")
            .replace("tazZZat", "TAZZZAT"),
        ".....//////// w c".to_string(),
        "...../....../......./......../......../......../......./....../..... w c".to_string(),
        with_column(0, "ttttZ"),
    ];
    let refused: Vec<Phrase> =
        positions.iter().filter_map(|t| t.parse::<tzaar::Position>().err()).map(|e| e.describe()).collect();
    let mut reasons: Vec<&str> = refused
        .iter()
        .flat_map(Phrase::all)
        .map(Phrase::key)
        .filter(|k| k.starts_with("tzaar-position-"))
        .collect();
    reasons.sort_unstable();
    reasons.dedup();
    assert_eq!(reasons.len(), 12, "every reason a position is refused for is met: {reasons:?}");
    out.extend(refused);
    out
}

fn tantrix_errors() -> Vec<Phrase> {
    use tantrix::{Colour, Direction, Hex, IllegalMove, Placement, StartError, Tile};
    let tile = |n| Tile::new(n).unwrap();
    let cell = Hex::new(1, -1);
    let mut out = Vec::new();
    for text in ["hello", "99@0,0:0", "1@99,0:0", "1@0,0:9", "1@0,0"] {
        out.push(text.parse::<Placement>().unwrap_err().describe());
    }
    let colours = [Colour::Red, Colour::Blue, Colour::Yellow, Colour::Green];
    for (i, dir) in Direction::ALL.into_iter().enumerate() {
        out.push(
            IllegalMove::Clash {
                edge: dir,
                tile: tile(23),
                rot: 4,
                ours: colours[i % 4],
                theirs: colours[(i + 1) % 4],
                neighbour: tile(9),
                at: cell,
            }
            .describe(),
        );
    }
    for colour in colours {
        out.push(IllegalMove::SameColourSpace { space: cell, colour }.describe());
        out.push(StartError::Twice(colour).describe());
        out.push(StartError::NotPlaying { colour, colours: "BYG".into() }.describe());
        out.push(StartError::NoPlacement(colour).describe());
    }
    out.extend(
        [
            IllegalMove::GameOver,
            IllegalMove::NotInHand { tile: tile(5), hand: Vec::new() },
            IllegalMove::NotInHand { tile: tile(5), hand: vec![tile(1), tile(9), tile(44)] },
            IllegalMove::Taken { cell, by: tile(3) },
            IllegalMove::FirstAtOrigin { tile: tile(7) },
            IllegalMove::NotAdjacent { cell },
            IllegalMove::ForcedFirst { space: cell, example: Placement { tile: tile(23), cell, rot: 4 } },
            IllegalMove::FourNeighbours { space: cell },
            IllegalMove::ControlledSide { space: cell },
        ]
        .iter()
        .map(Describe::describe),
    );
    for e in [
        StartError::NotAColour('X'),
        StartError::Count { given: 1, seats: 2, example: "RB".into() },
        StartError::Count { given: 3, seats: 4, example: "RBYG".into() },
        StartError::Hands { bag: 1, dealt: 1, others: 1 },
        StartError::Hands { bag: 5, dealt: 3, others: 2 },
    ] {
        out.push(e.describe());
    }
    out
}

#[test]
fn every_engine_error_reads_in_english_as_the_engine_writes_it() {
    let mut all = tablut_errors();
    all.extend(tzaar_errors());
    all.extend(tantrix_errors());
    let setup = |game: GameKind, variant: &str, seats| {
        let Err(e) = AnyGame::new(game, &Setup { variant: variant.into(), seed: 1, seats }) else {
            panic!("{game} {variant:?} for {seats} is refused")
        };
        e.describe()
    };
    all.push(setup(GameKind::Tablut, "", 3));
    all.push(setup(GameKind::Tantrix, "", 5));
    all.push(setup(GameKind::Tablut, "nope", 2));
    all.push(setup(GameKind::Tantrix, "RRB", 3));
    all.push(setup(GameKind::Tantrix, "RQ", 2));
    all.push(setup(GameKind::Tantrix, "RB", 3));
    all.push(setup(GameKind::Tzaar, "random:x", 2));
    let replay = AnyGame::replay(
        GameKind::Tablut,
        &Setup { variant: String::new(), seed: 0, seats: 2 },
        &["e8-d8".into(), "e5-e99".into()],
    );
    let Err(e @ SetupError::Replay { .. }) = replay.map(|_| ()) else {
        panic!("a bad stored move is refused")
    };
    all.push(e.describe());
    assert!(all.len() > 100, "{} phrases", all.len());
    check_all(&all);
}

const NOISE: &[char] = &['a', 'e', 'i', 'x', '-', '@', ',', ':', '0', '1', '5', '9', 'E', 'Z', ' ', '/', 'é'];

/// A text near a legal move: cut, doubled, a character changed, or noise.
fn mutate(rng: &mut ChaCha8Rng, legal: &[String]) -> String {
    let pick = |rng: &mut ChaCha8Rng, n: usize| (rng.next_u64() % n.max(1) as u64) as usize;
    let base = legal.get(pick(rng, legal.len())).cloned().unwrap_or_default();
    let mut chars: Vec<char> = base.chars().collect();
    match pick(rng, 6) {
        0 if !chars.is_empty() => chars.truncate(pick(rng, chars.len())),
        1 => {
            let other = legal.get(pick(rng, legal.len())).cloned().unwrap_or_default();
            return format!("{base} {other} {base}");
        }
        2 if !chars.is_empty() => {
            let at = pick(rng, chars.len());
            chars[at] = NOISE[pick(rng, NOISE.len())];
        }
        3 => {
            // The same shape with other numbers: other squares, points, tiles, cells, rotations.
            for c in &mut chars {
                if c.is_ascii_digit() {
                    *c = char::from(b'0' + pick(rng, 10) as u8);
                } else if c.is_ascii_alphabetic() && c.is_ascii_lowercase() && *c != 'x' {
                    *c = char::from(b'a' + pick(rng, 9) as u8);
                } else if c.is_ascii_uppercase() && *c != 'X' {
                    *c = char::from(b'A' + pick(rng, 9) as u8);
                }
            }
        }
        4 => return (0..pick(rng, 12)).map(|_| NOISE[pick(rng, NOISE.len())]).collect(),
        _ => {}
    }
    chars.into_iter().collect()
}

#[test]
fn every_phrase_of_random_games_reads_in_english_as_the_engine_writes_it() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let mut phrases = Vec::new();
    let mut refusals = 0;
    for (kind, variants) in [
        (GameKind::Tablut, &["seed", "linnaeus", "ashton"][..]),
        (GameKind::Tzaar, &["standard", "random"][..]),
        (GameKind::Tantrix, &[""][..]),
    ] {
        for (g, variant) in variants.iter().cycle().take(6).enumerate() {
            let seats = if kind == GameKind::Tantrix { 2 + g % 3 } else { 2 };
            let setup = Setup { variant: (*variant).to_string(), seed: g as u64, seats };
            let mut game = AnyGame::new(kind, &setup).unwrap();
            for _ in 0..400 {
                phrases.extend(game.prompt());
                let legal = game.legal_moves_text();
                for _ in 0..3 {
                    let text = mutate(&mut rng, &legal);
                    let mut trial = game.clone();
                    if let Err(e @ (MoveError::Unreadable(_) | MoveError::Illegal(_))) =
                        trial.play_text(&text)
                    {
                        refusals += 1;
                        phrases.push(e.describe());
                    }
                }
                if legal.is_empty() {
                    break;
                }
                let mv = &legal[(rng.next_u64() % legal.len() as u64) as usize];
                let played = game.play_text(mv).unwrap();
                phrases.extend(played.into_iter().filter_map(|p| p.effect));
            }
            if let Some(outcome) = game.outcome() {
                phrases.push(outcome.reason);
            }
            if let Err(e) = game.play_text("pass") {
                phrases.push(e.describe());
            }
        }
    }
    assert!(refusals > 500, "{refusals} refusals met");
    let keys: std::collections::BTreeSet<&str> =
        phrases.iter().flat_map(|p| p.all()).map(Phrase::key).collect();
    assert!(keys.len() > 40, "{} different messages met: {keys:?}", keys.len());
    check_all(&phrases);
}

#[test]
fn typed_input_is_echoed_short_and_notation_as_code() {
    let long = format!("e5-{}", "9".repeat(500));
    let refusal = super::refusal(&tablut::MoveParseError(long));
    let cs = refusal.plain_in(Lang::Cs);
    assert!(cs.starts_with("Tah `e5-999") && cs.ends_with(")."), "a sentence of its own: {cs}");
    assert!(cs.contains("…`"), "{cs}");
    assert!(cs.len() < 300, "{cs}");
    assert!(cs.contains("`e8-d8`"), "{cs}");
}
