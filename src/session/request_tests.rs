//! The request parser's unit tests.

use super::*;

fn text(s: &str) -> OptionValue {
    OptionValue::Text(s.to_string())
}

fn error(command: &str, options: &[(&str, OptionValue)]) -> String {
    parse_request(command, options).unwrap_err().to_plain()
}

#[test]
fn reads_play_with_every_option() {
    let bob = Member::new(2, "bob");
    let request = parse_request(
        "play",
        &[
            ("game", text("Tablut")),
            ("opponent", OptionValue::User(bob.clone())),
            ("side", text("second")),
            ("level", OptionValue::Integer(4)),
            ("setup", text("standard")),
        ],
    )
    .unwrap();
    assert_eq!(
        request,
        Request::Play {
            game: GameKind::Tablut,
            opponents: vec![bob],
            variant: Some("standard".into()),
            side: SidePref::Second,
            level: Some(4),
            rated: true,
            clock: None,
            thread: None,
        }
    );
    // The console gives numbers as text.
    assert!(matches!(
        parse_request("play", &[("game", text("tzaar")), ("level", text("2"))]),
        Ok(Request::Play { level: Some(2), .. })
    ));
}

#[test]
fn wrong_values_say_what_is_accepted() {
    let e = error("play", &[("game", text("tablut")), ("level", text("five"))]);
    assert!(e.contains("`level:five` is not a level") && e.contains("1 (gentle) to 5"), "{e}");
    let e = error("play", &[("game", text("tablut")), ("level", OptionValue::Integer(9))]);
    assert!(e.contains("`level:9` is not a level"), "{e}");
    let e = error("play", &[("game", text("tablut")), ("side", text("left"))]);
    assert!(e.contains("`side:left` is not a side: choose first, second or random"), "{e}");
    let e = error("play", &[("game", text("tablut")), ("side", OptionValue::Integer(1))]);
    assert!(e.contains("`side:1` is not a side"), "{e}");
    let e = error("play", &[("game", text("chess"))]);
    assert!(e.contains("no game called `chess`: choose tablut, tzaar or tantrix"), "{e}");
    let e = error("help", &[("game", text("nonsense"))]);
    assert!(e.contains("no game called `nonsense`"), "{e}");
    let e = error("play", &[("game", text("tablut")), ("opponent", text("bob"))]);
    assert!(e.contains("names a member"), "{e}");
    let e = error("move", &[("colour", text("red"))]);
    assert!(e.contains("/move has no option `colour`; it takes move"), "{e}");
    let e = error("dance", &[]);
    assert!(e.contains("no /dance command"), "{e}");
}

#[test]
fn long_values_are_echoed_as_short_excerpts() {
    let long = "x".repeat(4_000);
    for options in [
        vec![("game", text(&long))],
        vec![("game", text("tablut")), ("side", text(&long))],
        vec![("game", text("tablut")), ("level", text(&long))],
    ] {
        let e = error("play", &options);
        assert!(e.len() < 200, "{} characters: {e}", e.len());
        assert!(e.contains('…'), "{e}");
    }
}

#[test]
fn game_ids_are_read_with_or_without_the_hash() {
    for value in [text("1042"), text("#1042"), OptionValue::Integer(1042)] {
        assert_eq!(
            parse_request("game", &[("id", value)]).unwrap(),
            Request::Game { id: 1042, replay: false }
        );
    }
    assert_eq!(
        parse_request("game", &[("id", text("#7")), ("replay", text("true"))]).unwrap(),
        Request::Game { id: 7, replay: true }
    );
    let e = error("game", &[("id", text("abc"))]);
    assert!(e.contains("`id:abc` is not a game id"), "{e}");
    let e = error("game", &[]);
    assert!(e.contains("/game id:1042"), "{e}");
    let e = error("game", &[("id", text("3")), ("replay", text("maybe"))]);
    assert!(e.contains("`replay:maybe` is not true or false"), "{e}");
}

#[test]
fn main_options_and_kinds() {
    assert_eq!(main_option("move"), Some("move"));
    assert_eq!(main_option("play"), Some("game"));
    assert_eq!(main_option("board"), None);
    assert_eq!(option_kind("play", "opponent2"), Some(OptionKind::User));
    assert_eq!(option_kind("play", "level"), Some(OptionKind::Integer));
    assert_eq!(option_kind("move", "level"), None);
}
