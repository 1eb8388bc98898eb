//! Modules that point one way. Between crates the compiler sees to it (`tabula-games` below `tabula-session`
//! below `tabula`); within a crate, every module sits on a layer of the table in the crate docs (`src/lib.rs`,
//! "Layers"), and uses only modules of its own layer or below. This test reads every `crate::…`
//! path (and `super::` paths that climb to the crate root) in the code of `src/` (comments, strings and unit
//! tests aside) and fails for each that reaches up.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::registry::{CRATES, code_and_strings, rust_files};

/// The layers table of the crate docs: each module and its layer (0 the lowest).
fn layers() -> BTreeMap<String, usize> {
    let lib = std::fs::read_to_string("src/lib.rs").expect("src/lib.rs");
    let mut table = BTreeMap::new();
    for line in lib.lines() {
        let Some(rest) = line.trim_start_matches("//!").trim().strip_prefix("layer ") else { continue };
        let Some((number, rest)) = rest.split_once(':') else { continue };
        let layer: usize = number.trim().parse().expect("a layer number");
        let modules = rest.split("  ").next().unwrap_or_default();
        for module in modules.split_whitespace() {
            assert!(table.insert(module.to_string(), layer).is_none(), "{module} is on two layers");
        }
    }
    assert!(table.len() > 5, "the layers table of src/lib.rs is read: {table:?}");
    table
}

/// The modules a crate's `lib.rs` declares.
fn declared_modules(src: &str) -> Vec<String> {
    let lib = std::fs::read_to_string(format!("{src}/lib.rs")).expect("a crate's lib.rs");
    lib.lines()
        .filter_map(|l| l.trim().trim_start_matches("pub ").strip_prefix("mod ")?.strip_suffix(';'))
        .map(str::to_string)
        .collect()
}

/// The module path of a file under a crate's `src`: `crates/games/src/games/tablut/ai.rs` is
/// `games::tablut::ai`.
fn module_path(src: &str, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).expect("a file of the crate");
    let mut path: Vec<String> =
        relative.with_extension("").iter().map(|c| c.to_string_lossy().into_owned()).collect();
    if path.last().is_some_and(|l| l == "mod") {
        path.pop();
    }
    path
}

fn ident(text: &str) -> &str {
    let end = text.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(text.len());
    &text[..end]
}

/// The crate-root modules a piece of code names: `crate::x`, `crate::{x, y::z}`, and `super::` chains that climb
/// out of `own` (the file's module path) to the root.
fn used_modules(code: &str, own: &[String]) -> Vec<String> {
    let mut used = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        if code[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 1;
            let mut item = String::new();
            let mut items = Vec::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 1 => items.push(std::mem::take(&mut item)),
                    _ => {}
                }
                if depth == 0 {
                    break;
                }
                if depth == 1 && c != ',' {
                    item.push(c);
                }
            }
            items.push(item);
            used.extend(items.iter().map(|i| ident(i.trim()).to_string()));
        } else {
            used.push(ident(rest).to_string());
        }
    }
    for (at, _) in code.match_indices("super::") {
        if code[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let mut rest = &code[at..];
        let mut climbs = 0;
        while let Some(r) = rest.strip_prefix("super::") {
            climbs += 1;
            rest = r;
        }
        if climbs >= own.len() {
            used.push(ident(rest).to_string());
        }
    }
    used
}

#[test]
fn every_module_uses_only_its_layer_and_those_below() {
    let table = layers();
    let mut offences = Vec::new();
    let mut lowest_above = 0;
    for src in CRATES {
        let declared = declared_modules(src);
        assert!(!declared.is_empty(), "{src}/lib.rs declares its modules");
        for module in &declared {
            match table.get(module) {
                None => offences.push(format!("{src}/lib.rs declares `{module}`, which the layers table does not list")),
                Some(&layer) if layer < lowest_above => offences.push(format!(
                    "{src}: `{module}` (layer {layer}) sits below a layer of the crates under it; move it down a crate"
                )),
                Some(_) => {}
            }
        }
        lowest_above =
            declared.iter().filter_map(|m| table.get(m)).max().map_or(lowest_above, |&top| top + 1);
        let mut files: Vec<PathBuf> = Vec::new();
        rust_files(Path::new(src), &mut files);
        for file in files {
            let own = module_path(src, &file);
            let Some(top) = own.first() else { continue };
            // The crate root and the binary sit above every layer.
            let Some(&layer) = table.get(top) else { continue };
            if file.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with("_tests.rs")) {
                continue;
            }
            let source = std::fs::read_to_string(&file).expect("a readable source file");
            // Unit tests may reach up (a leaf's test over every game); the shipped code may not.
            let source = source.split("#[cfg(test)]").next().unwrap_or_default();
            let (code, _) = code_and_strings(source);
            for used in used_modules(&code, &own) {
                match table.get(&used) {
                    Some(&above) if above > layer => offences.push(format!(
                        "{}: `{top}` (layer {layer}) uses `{used}` (layer {above})",
                        file.display()
                    )),
                    None if declared.contains(&used) => {
                        offences.push(format!("{}: uses `{used}`, which has no layer", file.display()));
                    }
                    _ => {}
                }
            }
        }
    }
    offences.sort();
    offences.dedup();
    assert!(offences.is_empty(), "modules reach up the layers (see src/lib.rs):\n{}", offences.join("\n"));
}

#[test]
fn the_reader_sees_every_form_of_path() {
    let own = vec!["games".to_string(), "tablut".to_string()];
    let code = "use crate::{ai::search::{Node, WIN}, i18n};\nlet x = crate::session::Text;\nuse super::super::store;\nuse super::Game;";
    assert_eq!(used_modules(code, &own), ["ai", "i18n", "session", "store"]);
}
