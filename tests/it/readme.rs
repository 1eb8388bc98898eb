//! README.md's examples work when typed as shown: its console lines, played through the console in order (each
//! `/play` in a channel of its own), and its command lines of `tabula`.

use std::sync::Arc;

use tabula::local::Console;
use tabula::session::{SessionConfig, Sessions};
use tabula_testkit::MemoryStore;

/// The spans of README.md written in backticks.
fn code_spans() -> Vec<String> {
    let readme = std::fs::read_to_string("README.md").expect("README.md");
    readme.split('`').skip(1).step_by(2).map(str::to_string).collect()
}

#[tokio::test]
async fn the_readme_console_lines_work_as_typed() {
    let lines: Vec<String> = code_spans().into_iter().filter(|s| s.starts_with('@')).collect();
    assert!(lines.len() >= 4, "README shows console lines: {lines:?}");
    let dir = tempfile::tempdir().unwrap();
    let sessions = Arc::new(Sessions::new(MemoryStore::default(), SessionConfig::default()));
    let mut console = Console::new(sessions, dir.path());
    let mut channel = 0;
    for line in &lines {
        if line.contains(" /play ") {
            channel += 1;
        }
        let out = console.line(&format!("#readme{channel} {line}")).await;
        assert!(!out.is_empty(), "`{line}` got no answer");
        assert!(!out.contains(" only) "), "`{line}` was refused: {out}");
    }
}

#[test]
fn the_readme_command_lines_work_as_typed() {
    let dir = tempfile::tempdir().unwrap();
    let commands: Vec<String> =
        code_spans().into_iter().filter(|s| s.starts_with("tabula ") && !s.contains("--help")).collect();
    assert!(commands.len() >= 3, "README shows command lines: {commands:?}");
    for command in &commands {
        let words = split_quoted(command.strip_prefix("tabula ").unwrap());
        if matches!(words[0].as_str(), "run" | "serve" | "local" | "match" | "tablut-challenge")
            || words.iter().any(|w| w == "|" || w == "URL")
        {
            continue; // a bot, an endpoint, a console, a long match, a client that needs the Tablut Challenge's server
            // (tests/it/tablut_challenge.rs plays it against a fake) and the list of commands: tried elsewhere; a
            // check of the reader's own database (`URL`), which `tests/it/backup.rs` runs on real ones
        }
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(&words)
            .current_dir(dir.path())
            .output()
            .expect("tabula runs");
        assert!(out.status.success(), "`{command}`: {}", String::from_utf8_lossy(&out.stderr));
    }
}

/// Splits a command line on spaces, keeping "quoted words" together.
fn split_quoted(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => words.extend((!word.is_empty()).then(|| std::mem::take(&mut word))),
            c => word.push(c),
        }
    }
    words.extend((!word.is_empty()).then_some(word));
    words
}
