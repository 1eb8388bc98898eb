//! One name, one meaning: a public type's name is defined once in the library crates' `src/`, except the words the crate docs'
//! glossary (`src/lib.rs`, "Words") marks as each game's own, which every game's folder under `crates/games/src/games/` may
//! define for itself (its `Game`, `Position`, `Move`, `Side`...: the same idea in each game).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::registry::{code_and_strings, library_files};

/// The glossary's words marked "(each game's own)".
fn per_game_words() -> Vec<String> {
    let lib = std::fs::read_to_string("src/lib.rs").expect("src/lib.rs");
    let mut words = Vec::new();
    for line in lib.lines().filter(|l| l.contains("(each game's own")) {
        let Some(cell) = line.trim_start_matches("//!").trim().strip_prefix('|') else { continue };
        let first = cell.split('|').next().unwrap_or_default();
        words.extend(first.split('`').skip(1).step_by(2).map(str::to_string));
    }
    assert!(words.len() >= 5, "the glossary marks each game's own words: {words:?}");
    words
}

/// Every public type, trait and alias defined in `src/` (unit tests aside), by name, with the files defining it.
fn public_types() -> BTreeMap<String, Vec<PathBuf>> {
    let files = library_files();
    let mut defined: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
    for file in files {
        let source = std::fs::read_to_string(&file).expect("a source file");
        let (code, _) = code_and_strings(&source);
        let code = code.split("#[cfg(test)]").next().unwrap_or_default();
        for line in code.lines() {
            let line = line.trim_start();
            let Some(rest) = line.strip_prefix("pub ") else { continue };
            let Some(rest) =
                ["struct ", "enum ", "trait ", "type "].iter().find_map(|k| rest.strip_prefix(k))
            else {
                continue;
            };
            let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            defined.entry(name).or_default().push(file.clone());
        }
    }
    defined
}

/// The game folder a file is in (`crates/games/src/games/tablut/...`), if any.
fn game_folder(file: &Path) -> Option<String> {
    let relative = file.strip_prefix("crates/games/src/games").ok()?;
    let mut parts = relative.iter();
    let first = parts.next()?.to_string_lossy().into_owned();
    // A file directly under crates/games/src/games/ is shared by the games: it counts as a place of its own.
    Some(if parts.next().is_some() { first } else { format!("games::{first}") })
}

#[test]
fn a_public_type_name_says_one_thing() {
    let per_game = per_game_words();
    let defined = public_types();
    assert!(defined.len() > 100, "the public types of src/ are read: {}", defined.len());
    let mut clashes = Vec::new();
    for (name, files) in &defined {
        if files.len() < 2 {
            continue;
        }
        let folders: Vec<Option<String>> = files.iter().map(|f| game_folder(f)).collect();
        let one_per_game = folders.iter().all(Option::is_some)
            && folders.iter().collect::<std::collections::BTreeSet<_>>().len() == folders.len();
        if !(per_game.contains(name) && one_per_game) {
            clashes.push(format!(
                "{name}: {}",
                files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(", ")
            ));
        }
    }
    assert!(
        clashes.is_empty(),
        "public types sharing a name (rename one, or mark the word as each game's own in src/lib.rs):\n{}",
        clashes.join("\n")
    );
}
