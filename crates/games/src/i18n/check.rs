//! The translations' own tests: every shipped language has every message English has (and no other), each
//! message takes the same variables in every language, and every key the code uses exists in English.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use fluent_syntax::parser;

use super::{Lang, SOURCES};

/// Each message, term and attribute (`key`, `-term`, `key.attr`) of a language, with the variables it uses.
fn entries(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let mut out = BTreeMap::new();
    let index = Lang::ALL.iter().position(|l| *l == lang).unwrap();
    for (file, source) in SOURCES[index] {
        let resource = parser::parse(*source)
            .unwrap_or_else(|(_, errors)| panic!("{}/{file} does not parse: {errors:?}", lang.code()));
        for entry in resource.body {
            let (id, value, attributes) = match entry {
                Entry::Message(m) => (m.id.name.to_string(), m.value, m.attributes),
                Entry::Term(t) => (format!("-{}", t.id.name), Some(t.value), t.attributes),
                Entry::Junk { content } => panic!("{}/{file}: cannot read {content:?}", lang.code()),
                _ => continue,
            };
            if let Some(value) = value {
                let previous = out.insert(id.clone(), variables(&value));
                assert!(previous.is_none(), "{}/{file}: {id} is defined twice", lang.code());
            }
            for attribute in attributes {
                out.insert(format!("{id}.{}", attribute.id.name), variables(&attribute.value));
            }
        }
    }
    out
}

fn variables(pattern: &Pattern<&str>) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    walk_pattern(pattern, &mut found);
    found
}

fn walk_pattern(pattern: &Pattern<&str>, found: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            walk_expression(expression, found);
        }
    }
}

fn walk_expression(expression: &Expression<&str>, found: &mut BTreeSet<String>) {
    match expression {
        Expression::Select { selector, variants } => {
            walk_inline(selector, found);
            for variant in variants {
                walk_pattern(&variant.value, found);
            }
        }
        Expression::Inline(inline) => walk_inline(inline, found),
    }
}

fn walk_inline(inline: &InlineExpression<&str>, found: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            found.insert(id.name.to_string());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                walk_inline(argument, found);
            }
            for argument in &arguments.named {
                walk_inline(&argument.value, found);
            }
        }
        InlineExpression::Placeable { expression } => walk_expression(expression, found),
        _ => {}
    }
}

#[test]
fn every_language_has_every_message_with_the_same_variables() {
    let english = entries(Lang::En);
    assert!(english.len() > 50, "the English messages are read ({} found)", english.len());
    let mut problems = Vec::new();
    for lang in &Lang::ALL[1..] {
        let translated = entries(*lang);
        for (key, vars) in &english {
            match translated.get(key) {
                None => problems.push(format!("{}: {key} is missing", lang.code())),
                Some(theirs) if theirs != vars => problems.push(format!(
                    "{}: {key} uses the variables {theirs:?}, English uses {vars:?}",
                    lang.code()
                )),
                Some(_) => {}
            }
        }
        for key in translated.keys().filter(|k| !english.contains_key(*k)) {
            problems.push(format!("{}: {key} is not an English message", lang.code()));
        }
    }
    assert!(problems.is_empty(), "translation problems:\n{}", problems.join("\n"));
}

/// The ways code names a message: `t!("key"`, `.key("key"` and an engine's `Phrase::new("key"`.
const USES: [&str; 3] = ["t!(\"", ".key(\"", "Phrase::new(\""];

fn used_keys(dir: &Path, keys: &mut BTreeSet<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            used_keys(&path, keys);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let source = std::fs::read_to_string(&path).unwrap();
            for prefix in USES {
                for (at, _) in source.match_indices(prefix) {
                    let before = source[..at].chars().next_back().unwrap_or(' ');
                    if before.is_alphanumeric() || before == '_' {
                        continue;
                    }
                    let rest = &source[at + prefix.len()..];
                    let key: String = rest
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '.')
                        .collect();
                    if !key.is_empty() && rest[key.len()..].starts_with('"') {
                        keys.insert((key, path.display().to_string()));
                    }
                }
            }
        }
    }
}

#[test]
fn every_key_the_code_uses_is_an_english_message() {
    let english = entries(Lang::En);
    let mut keys = BTreeSet::new();
    for dir in code_folders() {
        used_keys(&dir, &mut keys);
    }
    assert!(keys.len() > 20, "the code's keys are found ({} found)", keys.len());
    // The games' rules keys are checked by the games (`games::info`), which this leaf does not know.
    let missing: Vec<String> = keys
        .iter()
        .filter(|(key, _)| !english.contains_key(key.as_str()) && key != "key")
        .map(|(key, file)| format!("{key} (in {file})"))
        .collect();
    assert!(missing.is_empty(), "keys missing from English:\n{}", missing.join("\n"));
}

/// The folders of the workspace's code that may use a message: the adapters' `src/` and every crate's.
fn code_folders() -> [std::path::PathBuf; 2] {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    [root.join("src"), root.join("crates")]
}

/// Every Rust source file under `dir`, with its text.
fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push((path.display().to_string(), std::fs::read_to_string(&path).unwrap()));
        }
    }
}

#[test]
fn every_picture_message_is_drawn_and_every_drawn_one_exists() {
    let index = Lang::ALL.iter().position(|l| *l == Lang::En).unwrap();
    let (_, pictures) =
        SOURCES[index].iter().find(|(file, _)| *file == "pictures.ftl").expect("pictures.ftl is shipped");
    let resource = parser::parse(*pictures).expect("en/pictures.ftl parses");
    let keys: BTreeSet<String> = resource
        .body
        .iter()
        .filter_map(|entry| match entry {
            Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect();
    assert!(keys.len() > 40, "the pictures' messages are read ({} found)", keys.len());
    let mut files = Vec::new();
    for dir in code_folders() {
        sources(&dir, &mut files);
    }
    // The code outside this file (which names no message).
    let code: Vec<&(String, String)> = files.iter().filter(|(path, _)| !path.ends_with("check.rs")).collect();
    let mut problems = Vec::new();
    for key in &keys {
        if !key.starts_with("picture-") {
            problems.push(format!("{key}: a picture's message is named `picture-…`"));
        }
        let quoted = format!("\"{key}\"");
        if !code.iter().any(|(_, source)| source.contains(&quoted)) {
            problems.push(format!("{key} is never drawn"));
        }
    }
    let english = entries(Lang::En);
    for (path, source) in &code {
        for (at, _) in source.match_indices("\"picture-") {
            let key: String =
                source[at + 1..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
            if !english.contains_key(&key) {
                problems.push(format!("{path} draws {key}, which English lacks"));
            }
            if !keys.contains(&key) {
                problems.push(format!("{path} draws {key}, which is not in pictures.ftl"));
            }
        }
    }
    assert!(problems.is_empty(), "pictures' messages:\n{}", problems.join("\n"));
}
