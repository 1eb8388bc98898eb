//! What adding a command takes: its module `crates/session/src/session/commands/<name>.rs` and one line in the list of requests
//! (see the `session::commands` module docs). These tests check that every declared command is registered on
//! Discord within Discord's limits, read by the console and listed in `/help`, that no code outside the commands'
//! folder types a command, and that a request's type is named only in its module and in the list.

use std::path::Path;

use serde_json::Value;
use tabula::i18n::Lang;
use tabula::session::commands::{Help, Play, declarations, no_such_command, parse_request};
use tabula::session::{Actor, Member, OptionValue, Request, SessionConfig, Sessions};
use tabula::store::SqliteStore;

use super::registry::{code_and_strings, library_files};

fn registered() -> Vec<Value> {
    tabula::discord::commands()
        .iter()
        .map(|c| serde_json::to_value(c).expect("a command serializes"))
        .collect()
}

fn names(list: &[Value]) -> Vec<String> {
    list.iter().filter_map(|c| c["name"].as_str().map(str::to_string)).collect()
}

#[test]
fn every_declared_command_is_registered_on_discord() {
    let declared: Vec<&str> = declarations().iter().map(|d| d.name).collect();
    assert_eq!(names(&registered()), declared);
}

/// Discord refuses names over 32 characters or not lowercase, descriptions over 100, more than 25 options or
/// choices (Discord's limits; the fake Discord checks them too).
#[test]
fn every_declaration_keeps_within_discords_limits() {
    let commands = registered();
    assert!(commands.len() <= 100, "{} commands", commands.len());
    let check_name = |what: &str, name: &str| {
        assert!(
            (1..=32).contains(&name.chars().count())
                && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-'),
            "{what} name {name:?}"
        );
    };
    let check_description = |what: &str, item: &Value| {
        let english = item["description"].as_str().unwrap_or_default();
        assert!((1..=100).contains(&english.chars().count()), "{what}: {english:?}");
        for (locale, text) in item["description_localizations"].as_object().into_iter().flatten() {
            let n = text.as_str().unwrap_or_default().chars().count();
            assert!((1..=100).contains(&n), "{what} in {locale}: {text}");
        }
    };
    for command in &commands {
        let name = command["name"].as_str().unwrap();
        check_name("command", name);
        check_description(name, command);
        let options = command["options"].as_array().cloned().unwrap_or_default();
        assert!(options.len() <= 25, "/{name} has {} options", options.len());
        for option in &options {
            let option_name = option["name"].as_str().unwrap();
            check_name("option", option_name);
            check_description(&format!("/{name} {option_name}"), option);
            let choices = option["choices"].as_array().cloned().unwrap_or_default();
            assert!(choices.len() <= 25, "/{name} {option_name} has {} choices", choices.len());
            for choice in &choices {
                let shown = choice["name"].as_str().unwrap_or_default().chars().count();
                assert!((1..=100).contains(&shown), "/{name} {option_name}: {choice}");
            }
        }
        // Required options come first, as Discord requires.
        let required: Vec<bool> = options.iter().map(|o| o["required"] == true).collect();
        assert!(required.windows(2).all(|w| w[0] || !w[1]), "/{name}: required options first");
    }
}

/// The options the parser reads are the ones Discord shows (`setup` is the console's other name for `variant`).
#[test]
fn the_parser_and_discord_read_the_same_options() {
    let commands = registered();
    for declaration in declarations() {
        let command = commands.iter().find(|c| c["name"] == declaration.name).unwrap();
        let shown: Vec<&str> =
            command["options"].as_array().into_iter().flatten().filter_map(|o| o["name"].as_str()).collect();
        let read: Vec<&str> =
            declaration.options.iter().filter(|o| !o.console_only).map(|o| o.name.as_str()).collect();
        assert_eq!(shown, read, "/{}", declaration.name);
    }
    // The seats of the registry, not a hard-coded list: one opponent option per seat beyond the player's own.
    let most = tabula::games::GameKind::ALL.iter().map(|g| *g.seats().end()).max().unwrap();
    let play = commands.iter().find(|c| c["name"] == "play").unwrap();
    let opponents = play["options"].as_array().unwrap().iter().filter(|o| o["type"] == 6).count();
    assert_eq!(opponents, most - 1);
    let bob = Member::new(2, "bob");
    let last = format!("opponent{}", most - 1);
    let options = [
        ("game".to_string(), OptionValue::Text("tantrix".into())),
        ("opponent".to_string(), OptionValue::User(bob.clone())),
        (last, OptionValue::User(bob)),
    ];
    assert!(
        matches!(parse_request("play", &options), Ok(Request::Play(Play { opponents, .. })) if opponents.len() == 2)
    );
    // The levels of the AI's table.
    let level = play["options"].as_array().unwrap().iter().find(|o| o["name"] == "level").unwrap();
    assert_eq!(level["min_value"], u64::from(*tabula::ai::LEVELS.start()));
    assert_eq!(level["max_value"], u64::from(*tabula::ai::LEVELS.end()));
}

#[test]
fn the_console_reads_every_declared_command() {
    for declaration in declarations() {
        let line =
            tabula::local::parse_line(&format!("@alice /{}", declaration.name), "local").unwrap().unwrap();
        let unknown = no_such_command(&line.command).to_plain();
        let read = parse_request::<&str>(&line.command, &[]).map_err(|e| e.to_plain());
        assert_ne!(read.err().as_deref(), Some(unknown.as_str()), "/{}", declaration.name);
    }
}

#[tokio::test]
async fn help_lists_every_declared_command() {
    let sessions = Sessions::new(SqliteStore::in_memory().await.unwrap(), SessionConfig::default());
    let actor = Actor::in_guild(Member::new(1, "alice"), Some(1));
    for lang in Lang::ALL {
        let help = sessions.handle(5, &actor, Help { game: None }).await.text.plain_in(lang);
        for declaration in declarations() {
            let named = help.match_indices(&format!("/{}", declaration.name)).any(|(at, found)| {
                !help[at + found.len()..]
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
            });
            assert!(named, "/help in {lang:?} lists /{}: {help}", declaration.name);
        }
    }
}

/// Whether `text` starts with `/name` as a command would be typed (`/game id:1`, `/play`).
fn invokes(text: &str, name: &str) -> bool {
    text.strip_prefix('/')
        .and_then(|rest| rest.strip_prefix(name))
        .is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
}

/// Whether `code` names `name` as a whole path (`Request::Play`, not `Request::Playing`).
fn names_path(code: &str, name: &str) -> bool {
    code.match_indices(name).any(|(at, found)| {
        let before = code[..at].chars().next_back();
        let after = code[at + found.len()..].chars().next();
        let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !ident(before) && !ident(after)
    })
}

/// Whether `line` holds `word` as a whole identifier.
fn has_word(line: &str, word: &str) -> bool {
    line.split(|c: char| !(c.is_alphanumeric() || c == '_')).any(|w| w == word)
}

#[test]
fn adding_a_command_touches_only_its_module() {
    let own = Path::new("crates/session/src/session/commands");
    let option_names: Vec<&str> =
        declarations().iter().flat_map(|d| d.options.iter().map(|o| o.name.as_str())).collect();
    let files = library_files();
    let list = own.join("mod.rs");
    let mut offences = Vec::new();
    for file in &files {
        let source = std::fs::read_to_string(file).expect("a readable source file");
        // Unit tests may name commands: they are tests, not the code a new command would have to touch.
        let source = source.split("#[cfg(test)]").next().unwrap_or_default();
        let (code, strings) = code_and_strings(source);
        if !file.starts_with(own) {
            let adapter = file.starts_with("src/discord") || file.starts_with("src/local");
            for s in &strings {
                for d in declarations() {
                    // Text that types the command, anywhere; in the adapters, the bare name too (a dispatch on
                    // names), unless it is also an option's name.
                    let bare = adapter && s == d.name && !option_names.contains(&d.name);
                    if invokes(s, d.name) || bare {
                        offences.push(format!("{}: the string {s:?} names /{}", file.display(), d.name));
                    }
                }
            }
        }
        // A request's type is named only in its module and in the one list: no other code matches on its variant
        // or reaches into its module for it.
        for (module, request) in Request::LIST {
            if *file == own.join(format!("{module}.rs")) || *file == list {
                continue;
            }
            let paths = [
                format!("Request::{request}"),
                format!("commands::{module}::{request}"),
                format!("super::{module}::{request}"),
            ];
            for path in paths {
                if names_path(&code, &path) {
                    offences.push(format!("{}: names {path}", file.display()));
                }
            }
        }
    }
    // Each request has its module, which defines its type, and one line in the list besides its `mod` line.
    let (list_code, _) = code_and_strings(&std::fs::read_to_string(&list).expect("the command list"));
    for (module, request) in Request::LIST {
        let path = own.join(format!("{module}.rs"));
        let source = std::fs::read_to_string(&path).unwrap_or_default();
        if !source.contains(&format!("pub struct {request}"))
            && !source.contains(&format!("pub enum {request}"))
        {
            offences.push(format!("{} does not define the request type {request}", path.display()));
        }
        let lines: Vec<&str> = list_code
            .lines()
            .filter(|l| has_word(l, module) || has_word(l, request))
            .map(str::trim)
            .collect();
        let expected = [format!("mod {module};"), format!("{module} => {request},")];
        let is_expected = |l: &&str| expected.iter().any(|e| l.ends_with(e.as_str()) && !l.contains("::"));
        if lines.len() != 2 || !lines.iter().all(is_expected) {
            offences.push(format!("{}: {module} and {request} appear in {lines:?}", list.display()));
        }
    }
    assert!(
        offences.is_empty(),
        "only a command's module and the one list name it:\n{}",
        offences.join("\n")
    );
}

async fn console(dir: &Path) -> tabula::local::Console {
    let sessions = Sessions::new(SqliteStore::in_memory().await.unwrap(), SessionConfig::default());
    tabula::local::Console::new(std::sync::Arc::new(sessions), &dir.join("boards"))
}

/// A value with spaces is quoted, as a shell would take it: a TZAAR position in notation.
#[tokio::test]
async fn the_console_takes_quoted_values() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = console(dir.path()).await;
    let position = "ZAT.t/....../......./......../......../......../......./....../zat.. w o";
    let out = console.line(&format!("@alice /play game:tzaar opponent:@bob setup:\"{position}\"")).await;
    assert!(out.contains("[Accept]") && !out.contains("twice"), "{out}");
    let out = console.line("@bob /accept").await;
    assert!(out.contains("picture:"), "{out}");
    let words = tabula::session::commands::words("@a /play \"x y\":z setup:\"a: b\" \"c d");
    let shown: Vec<(&str, Option<(&str, &str)>)> =
        words.iter().map(|w| (w.text.as_str(), w.option())).collect();
    assert_eq!(
        shown,
        [
            ("@a", None),
            ("/play", None),
            ("x y:z", None),
            ("setup:a: b", Some(("setup", "a: b"))),
            ("c d", None),
        ],
        "a quoted colon does not split, an unclosed quote runs to the end"
    );
}

/// An unknown command is unknown whatever follows it.
#[tokio::test]
async fn an_unknown_command_with_a_value_is_still_unknown() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = console(dir.path()).await;
    let alone = console.line("@mod /league").await;
    let with_value = console.line("@mod /league create").await;
    assert!(alone.contains("There is no /league command"), "{alone}");
    assert_eq!(with_value, alone);
    let with_option = console.line("@mod /league name:cup").await;
    assert_eq!(with_option, alone);
}
