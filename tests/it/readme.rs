//! README.md's examples work when typed as shown: its console lines, played through the console in order (each
//! `/play` in a channel of its own), and its command lines of `tabula`.

use std::sync::Arc;

use tabula::local::Console;
use tabula::session::{SessionConfig, Sessions};
use tabula_testkit::MemoryStore;

/// README.md and the guides it leads to, whose examples are tried as typed.
const PAGES: [&str; 4] = ["README.md", "docs/players.md", "docs/admins.md", "docs/operators.md"];

/// The spans of `page` written in backticks.
fn code_spans(page: &str) -> Vec<String> {
    let text = std::fs::read_to_string(page).unwrap_or_else(|e| panic!("{page}: {e}"));
    text.split('`').skip(1).step_by(2).map(str::to_string).collect()
}

#[tokio::test]
async fn the_readme_console_lines_work_as_typed() {
    let lines: Vec<String> = code_spans("README.md").into_iter().filter(|s| s.starts_with('@')).collect();
    assert!(lines.len() >= 4, "README shows console lines: {lines:?}");
    for page in PAGES {
        let lines: Vec<String> = code_spans(page).into_iter().filter(|s| s.starts_with('@')).collect();
        let dir = tempfile::tempdir().unwrap();
        let sessions = Arc::new(Sessions::new(MemoryStore::default(), SessionConfig::default()));
        let mut console = Console::new(sessions, dir.path());
        let mut channel = 0;
        for line in &lines {
            assert!(!line.contains('\n'), "{page}: `{line}` is cut by a line break");
            if line.contains(" /play ") {
                channel += 1;
            }
            let out = console.line(&format!("#readme{channel} {line}")).await;
            assert!(!out.is_empty(), "{page}: `{line}` got no answer");
            // `/settings` answers its member alone, whatever it says, and a puzzle's steps are private (each with
            // its picture); every other example is public.
            let private = line.contains(" /settings");
            let puzzle = line.contains(" /puzzle")
                || line.contains(" /press Hint")
                || line.contains(" /press Put")
                || line.contains(" /select Tile");
            assert!(private || puzzle || !out.contains(" only) "), "{page}: `{line}` was refused: {out}");
            assert!(!private || out.contains("Settings changed"), "{page}: `{line}` was refused: {out}");
            assert!(!puzzle || out.contains("picture: "), "{page}: `{line}` was refused: {out}");
        }
    }
}

#[test]
fn the_readme_command_lines_work_as_typed() {
    let dir = tempfile::tempdir().unwrap();
    let readme = code_spans("README.md").into_iter().filter(|s| s.starts_with("tabula ")).count();
    assert!(readme >= 3, "README shows command lines");
    let commands: Vec<String> = PAGES
        .iter()
        .flat_map(|page| code_spans(page))
        .filter(|s| s.starts_with("tabula ") && !s.contains("--help"))
        .collect();
    for command in &commands {
        let words = split_quoted(command.strip_prefix("tabula ").unwrap());
        // A command named in prose (`tabula check`), or an example of a shell line or a path of the reader's own
        // (`/backups/tabula-$(date +%F).db`, `<discord user id>`), is not an example to run here.
        let prose = words.len() == 1 || words.iter().any(|w| w.contains("$(") || w.starts_with(['/', '<']));
        if prose
            || matches!(words[0].as_str(), "run" | "serve" | "local" | "match" | "tablut-challenge")
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
