//! What adding a game takes: its own folder `crates/games/src/games/<folder>/`, its module declaration and one line in the
//! registry of `crates/games/src/games/mod.rs` (see the `games::registry` module docs). This test reads the source tree and checks that no
//! code outside a game's folder names the game: no path into its module, no string that says its name. Comments may
//! mention games; code may not.

use std::path::{Path, PathBuf};

use tabula::games::GameKind;

/// The registry's lines: (enum variant, folder).
fn registry() -> Vec<(String, String)> {
    let text =
        std::fs::read_to_string("crates/games/src/games/mod.rs").expect("crates/games/src/games/mod.rs");
    let start = text.find("registry::games! {").expect("the registry macro call");
    let body = &text[start..text[start..].find("\n}").map(|e| start + e).expect("its end")];
    body.lines()
        .filter_map(|l| l.trim().strip_suffix(','))
        .filter_map(|l| l.split_once("=>"))
        .map(|(kind, folder)| (kind.trim().to_string(), folder.trim().to_string()))
        .collect()
}

/// The source folders of the workspace's library crates, from the lowest layer up.
pub(crate) const CRATES: [&str; 3] = ["crates/games/src", "crates/session/src", "src"];

/// Every Rust file of the library crates.
pub(crate) fn library_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for src in CRATES {
        rust_files(Path::new(src), &mut files);
    }
    files
}

pub(crate) fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Splits Rust source into its code (comments removed, string contents blanked) and its string literals.
pub(crate) fn code_and_strings(source: &str) -> (String, Vec<String>) {
    let mut code = String::new();
    let mut strings = Vec::new();
    let chars: Vec<char> = source.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            code.push_str("' '");
            i += 3;
        } else if c == '"' || (c == 'r' && (next == Some('"') || next == Some('#'))) {
            // A string literal, plain or raw.
            let mut hashes = 0;
            if c == 'r' {
                i += 1;
                while chars.get(i) == Some(&'#') {
                    hashes += 1;
                    i += 1;
                }
                if chars.get(i) != Some(&'"') {
                    code.push('r');
                    continue;
                }
            }
            i += 1;
            let mut literal = String::new();
            while i < chars.len() {
                if hashes == 0 && chars[i] == '\\' {
                    literal.push(chars[i]);
                    literal.extend(chars.get(i + 1));
                    i += 2;
                    continue;
                }
                if chars[i] == '"' && (0..hashes).all(|h| chars.get(i + 1 + h) == Some(&'#')) {
                    i += 1 + hashes;
                    break;
                }
                literal.push(chars[i]);
                i += 1;
            }
            code.push_str("\"\"");
            strings.push(literal);
        } else {
            code.push(c);
            i += 1;
        }
    }
    (code, strings)
}

fn names_word(text: &str, word: &str) -> bool {
    let text = text.to_ascii_lowercase();
    let word = word.to_ascii_lowercase();
    text.match_indices(&word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
            && !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

#[test]
fn the_registry_lists_every_game_once() {
    let lines = registry();
    assert_eq!(lines.len(), GameKind::ALL.len(), "{lines:?}");
    for ((kind, folder), game) in lines.iter().zip(GameKind::ALL) {
        assert_eq!(format!("{game:?}"), *kind);
        assert!(
            Path::new("crates/games/src/games").join(folder).join("mod.rs").is_file(),
            "crates/games/src/games/{folder}/mod.rs"
        );
    }
}

#[test]
fn every_game_folder_is_declared_as_a_plain_module() {
    // Declared outside the registry macro, so that rustfmt reaches the folder.
    let text =
        std::fs::read_to_string("crates/games/src/games/mod.rs").expect("crates/games/src/games/mod.rs");
    let declared: Vec<&str> =
        text.lines().filter_map(|l| l.trim().strip_prefix("pub mod")?.trim().strip_suffix(';')).collect();
    for (_, folder) in registry() {
        assert!(
            declared.contains(&folder.as_str()),
            "crates/games/src/games/mod.rs lacks `pub mod {folder};`"
        );
    }
}

#[test]
fn adding_a_game_touches_only_its_folder() {
    let files = library_files();
    let mut offences = Vec::new();
    for (kind, folder) in registry() {
        let game: GameKind = folder.parse().expect("a folder named after its game");
        let own = Path::new("crates/games/src/games").join(&folder);
        // Unit-test files (`*_tests.rs`, included under `#[cfg(test)]`) may name games too.
        let is_tests =
            |f: &Path| f.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with("_tests.rs"));
        for file in files.iter().filter(|f| !f.starts_with(&own) && !is_tests(f)) {
            let source = std::fs::read_to_string(file).expect("a readable source file");
            // Unit tests may name games: they are tests, not the code a new game would have to touch.
            let source = source.split("#[cfg(test)]").next().unwrap_or_default();
            let (code, strings) = code_and_strings(source);
            let registry_line = format!("{kind} => {folder},");
            let declaration = format!("pub mod {folder};");
            let code = code.replace(&registry_line, "").replace(&declaration, "");
            if names_word(&code, &folder)
                || code.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| w == kind)
            {
                offences.push(format!("{}: code names `{folder}` or `{kind}`", file.display()));
            }
            for s in &strings {
                if names_word(s, game.name()) || names_word(s, game.title()) {
                    offences.push(format!("{}: the string {s:?} names {}", file.display(), game.title()));
                }
            }
        }
    }
    assert!(offences.is_empty(), "outside a game's folder, code names the game:\n{}", offences.join("\n"));
}

/// The web board draws every game from the views its engine sends: its script names no game, so a new game needs
/// no JavaScript.
#[test]
fn the_web_board_knows_no_game() {
    for file in ["web/board.js", "web/game.html", "web/board.css"] {
        let source = std::fs::read_to_string(file).expect("the web board's files");
        for &game in GameKind::ALL {
            for word in [game.name(), game.title()] {
                assert!(!names_word(&source.to_lowercase(), &word.to_lowercase()), "{file} names {word}");
            }
        }
    }
}
