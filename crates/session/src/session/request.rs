//! Options' values and their readers, shared by the commands' parsers (the requests themselves are the
//! commands' own types, listed in `session::commands`), for every adapter: Discord hands them typed options, the
//! console hands them words. A value of the wrong type or spelling is an error sentence that says what is
//! accepted, never a silent default.

use crate::games::GameKind;

use super::Member;
use super::clocks::ClockChoice;
use super::text::{Text, excerpt};
use crate::t;

/// Which seat the challenger wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SidePref {
    First,
    Second,
    #[default]
    Random,
}

/// An option's value as the platform gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Text(String),
    Integer(i64),
    Boolean(bool),
    /// A member of the channel (Discord resolves it; the console makes one from `@name`).
    User(Member),
    /// A channel of the server (Discord resolves it; the console makes one from `#name`).
    Channel {
        id: u64,
        name: String,
    },
    /// A role of the server (Discord resolves it; the console makes one from `@&name`).
    Role {
        id: u64,
        name: String,
    },
}

/// The type of value an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    Text,
    Integer,
    Boolean,
    User,
    Channel,
    Role,
}

/// A short rendering of a value, for error sentences.
pub(super) fn shown(value: &OptionValue) -> String {
    match value {
        OptionValue::Text(s) => excerpt(s),
        OptionValue::Integer(n) => n.to_string(),
        OptionValue::Boolean(b) => b.to_string(),
        OptionValue::User(m) => format!("@{}", excerpt(&m.name)),
        OptionValue::Channel { name, .. } => format!("#{}", excerpt(name)),
        OptionValue::Role { name, .. } => format!("@&{}", excerpt(name)),
    }
}

/// "a, b or c", in the reader's language.
pub(super) fn or_list(names: &[&str]) -> Text {
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => t!("list-or", first = rest.join(", "), last = *last),
        _ => Text::new().plain(names.join("")),
    }
}

pub(super) fn game_names() -> Text {
    let names: Vec<&str> = GameKind::ALL.iter().map(|g| g.name()).collect();
    or_list(&names)
}

pub(super) fn read_game(value: &OptionValue) -> Result<GameKind, Text> {
    let unknown = || t!("no-such-game", typed = Text::new().code(shown(value)), games = game_names());
    match value {
        OptionValue::Text(s) => s.parse().map_err(|_| unknown()),
        _ => Err(unknown()),
    }
}

pub(super) fn read_side(value: &OptionValue) -> Result<SidePref, Text> {
    let side = match value {
        OptionValue::Text(s) => match s.trim().to_ascii_lowercase().as_str() {
            "first" => Some(SidePref::First),
            "second" => Some(SidePref::Second),
            "random" => Some(SidePref::Random),
            _ => None,
        },
        _ => None,
    };
    side.ok_or_else(|| t!("not-a-side", typed = Text::new().code(format!("side:{}", shown(value)))))
}

pub(super) fn read_level(value: &OptionValue) -> Result<u8, Text> {
    let level = match value {
        OptionValue::Integer(n) => u8::try_from(*n).ok(),
        OptionValue::Text(s) => s.trim().parse::<u8>().ok(),
        _ => None,
    };
    level.filter(|l| crate::ai::LEVELS.contains(l)).ok_or_else(|| {
        let (low, high) = (crate::ai::LEVELS.start(), crate::ai::LEVELS.end());
        t!(
            "not-a-level",
            typed = Text::new().code(format!("level:{}", shown(value))),
            low = *low,
            high = *high
        )
    })
}

pub(super) fn read_bool(name: &str, value: &OptionValue) -> Result<bool, Text> {
    let read = match value {
        OptionValue::Boolean(b) => Some(*b),
        OptionValue::Text(s) => match s.trim().to_ascii_lowercase().as_str() {
            "true" | "yes" => Some(true),
            "false" | "no" => Some(false),
            _ => None,
        },
        _ => None,
    };
    read.ok_or_else(|| {
        t!("not-a-bool", typed = Text::new().code(format!("{name}:{}", shown(value))), name = name)
    })
}

/// The clock an option names (`1h`, `3d`, `none`…), if it names one.
pub(super) fn clock_of(value: &OptionValue) -> Option<ClockChoice> {
    match value {
        OptionValue::Text(s) => s.parse().ok(),
        _ => None,
    }
}

/// What a yes/no option says, if it says one: Discord gives a boolean, the console text (`on`, `off`, `true`,
/// `false`, `yes`, `no`).
pub(super) fn switch_of(value: &OptionValue) -> Option<bool> {
    match value {
        OptionValue::Boolean(b) => Some(*b),
        OptionValue::Text(s) => match s.trim().to_ascii_lowercase().as_str() {
            "on" | "true" | "yes" => Some(true),
            "off" | "false" | "no" => Some(false),
            _ => None,
        },
        _ => None,
    }
}

pub(super) fn read_clock(value: &OptionValue) -> Result<ClockChoice, Text> {
    clock_of(value).ok_or_else(|| {
        let names: Vec<&str> = ClockChoice::ALL.iter().map(|c| c.name()).collect();
        t!(
            "not-a-clock",
            typed = Text::new().code(format!("clock:{}", shown(value))),
            choices = or_list(&names)
        )
    })
}

/// A yes/no option (see [`switch_of`]).
pub(super) fn read_switch(name: &str, value: &OptionValue) -> Result<bool, Text> {
    switch_of(value).ok_or_else(|| {
        t!(
            "not-a-switch",
            typed = Text::new().code(format!("{name}:{}", shown(value))),
            on = Text::new().code(format!("{name}:on")),
            off = Text::new().code(format!("{name}:off"))
        )
    })
}

pub(super) fn read_page(value: &OptionValue) -> Result<usize, Text> {
    let page = match value {
        OptionValue::Integer(n) => usize::try_from(*n).ok(),
        OptionValue::Text(s) => s.trim().parse::<usize>().ok(),
        _ => None,
    };
    page.filter(|&p| p >= 1)
        .ok_or_else(|| t!("not-a-page", typed = Text::new().code(format!("page:{}", shown(value)))))
}

pub(super) fn read_text(name: &str, value: &OptionValue) -> Result<String, Text> {
    match value {
        OptionValue::Text(s) => Ok(s.clone()),
        other => Err(t!(
            "takes-text",
            typed = Text::new().code(format!("{name}:{}", shown(other))),
            name = Text::new().code(name)
        )),
    }
}

pub(super) fn read_member(name: &str, value: &OptionValue) -> Result<Member, Text> {
    match value {
        OptionValue::User(m) => Ok(m.clone()),
        other => Err(t!(
            "takes-member",
            typed = Text::new().code(format!("{name}:{}", shown(other))),
            name = Text::new().code(name),
            example = Text::new().code(format!("{name}:@someone"))
        )),
    }
}

/// Reads a role option: its id.
pub(super) fn read_role(name: &str, value: &OptionValue) -> Result<u64, Text> {
    match value {
        OptionValue::Role { id, .. } => Ok(*id),
        other => Err(t!(
            "takes-role",
            typed = Text::new().code(format!("{name}:{}", shown(other))),
            name = Text::new().code(name),
            example = Text::new().code(format!("{name}:@role"))
        )),
    }
}

/// Reads a game id: a number, with or without `#` in the console.
pub(super) fn read_id(value: &OptionValue) -> Result<i64, Text> {
    let id = match value {
        OptionValue::Integer(n) => Some(*n),
        OptionValue::Text(s) => s.trim().trim_start_matches('#').parse::<i64>().ok(),
        _ => None,
    };
    id.filter(|&n| n > 0)
        .ok_or_else(|| t!("not-an-id", typed = Text::new().code(format!("id:{}", shown(value)))))
}

pub(super) use super::buttons::{ask_abort_button, challenge_buttons, offer_buttons, rematch_buttons};
pub use super::commands::{Request, parse_request};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::commands::{Play, ShowGame, main_option, option_kind};

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
            Request::Play(Play {
                game: GameKind::Tablut,
                opponents: vec![bob],
                variant: Some("standard".into()),
                side: SidePref::Second,
                level: Some(4),
                rated: true,
                clock: None,
                thread: None,
            })
        );
        // The console gives numbers as text.
        assert!(matches!(
            parse_request("play", &[("game", text("tzaar")), ("level", text("2"))]),
            Ok(Request::Play(Play { level: Some(2), .. }))
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
                Request::ShowGame(ShowGame { id: 1042, replay: false })
            );
        }
        assert_eq!(
            parse_request("game", &[("id", text("#7")), ("replay", text("true"))]).unwrap(),
            Request::ShowGame(ShowGame { id: 7, replay: true })
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
}
