//! A sentence as data: a message key of the translation files with named, typed arguments, plus its English
//! wording. The engines stay free of IO and of any language machinery: they say *which* sentence and *with
//! what*; the session layer formats it in the reader's language, and `Display` gives the English the command
//! line, the logs and the records keep.

use std::fmt;

/// One sentence of an engine's: a message key, its arguments, and the engine's English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phrase {
    key: &'static str,
    args: Vec<(&'static str, PhraseArg)>,
    english: String,
}

/// A phrase's argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PhraseArg {
    /// Shown as written in every language: squares, points, cells, tile numbers, notation read as prose.
    Str(String),
    /// Notation shown literally (in a code span where the platform has one; the English has it in backquotes).
    Code(String),
    /// What the player typed, shown literally (in backquotes in English); the reader may see a short excerpt.
    Typed(String),
    /// A count: translations pick their plural forms by it.
    Number(u64),
    /// A sentence or a name of its own, translated too (a side, a colour, a list).
    Phrase(Phrase),
}

impl Phrase {
    /// The phrase of message `key`, which reads `english` in English.
    pub fn new(key: &'static str, english: impl Into<String>) -> Self {
        Phrase { key, args: Vec::new(), english: english.into() }
    }

    fn arg(mut self, name: &'static str, arg: PhraseArg) -> Self {
        self.args.push((name, arg));
        self
    }

    /// Adds an argument shown as written.
    #[must_use]
    pub(crate) fn str(self, name: &'static str, value: impl fmt::Display) -> Self {
        self.arg(name, PhraseArg::Str(value.to_string()))
    }

    /// Adds notation shown literally.
    #[must_use]
    pub fn code(self, name: &'static str, value: impl fmt::Display) -> Self {
        self.arg(name, PhraseArg::Code(value.to_string()))
    }

    /// Adds what the player typed.
    #[must_use]
    pub fn typed(self, name: &'static str, value: impl Into<String>) -> Self {
        self.arg(name, PhraseArg::Typed(value.into()))
    }

    /// Adds a count.
    #[must_use]
    pub(crate) fn number(self, name: &'static str, value: usize) -> Self {
        self.arg(name, PhraseArg::Number(value as u64))
    }

    /// Adds a phrase of its own (a side's or a colour's name, a list).
    #[must_use]
    pub(crate) fn phrase(self, name: &'static str, value: Phrase) -> Self {
        self.arg(name, PhraseArg::Phrase(value))
    }

    /// The message key.
    pub fn key(&self) -> &'static str {
        self.key
    }

    /// The arguments, in order.
    pub fn args(&self) -> &[(&'static str, PhraseArg)] {
        &self.args
    }

    /// Every phrase in this one, itself first (for the checks that every phrase is translated).
    pub fn all(&self) -> Vec<&Phrase> {
        let mut out = vec![self];
        for (_, arg) in &self.args {
            if let PhraseArg::Phrase(p) = arg {
                out.extend(p.all());
            }
        }
        out
    }

    /// Items joined as English lists them ("d3", "d3 and f3", "c3, d3 and f3"), through the list message so
    /// every language joins them its own way.
    pub(crate) fn list(items: &[String]) -> Phrase {
        match items.split_last() {
            Some((last, rest)) if !rest.is_empty() => {
                let first = rest.join(", ");
                Phrase::new("list-and", format!("{first} and {last}")).str("first", first).str("last", last)
            }
            _ => Phrase::as_written(items.concat()),
        }
    }

    /// Text shown as written in every language: one square of a list, or a tool's own report that no player
    /// reads (the arena's unfinished games).
    pub fn as_written(text: impl Into<String>) -> Phrase {
        let text = text.into();
        Phrase::new("engine-as-written", text.clone()).str("text", text)
    }

    /// Sentences joined by `separator` in every language ("captured d3, the king escaped to a1").
    pub(crate) fn joined(parts: Vec<Phrase>, separator: &'static str) -> Option<Phrase> {
        let mut parts = parts.into_iter();
        let first = parts.next()?;
        Some(parts.fold(first, |a, b| {
            let english = format!("{a}{separator}{b}");
            let key = if separator == "; " { "engine-semicolon" } else { "engine-comma" };
            Phrase::new(key, english).phrase("first", a).phrase("second", b)
        }))
    }
}

/// The engine's English.
impl fmt::Display for Phrase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.english)
    }
}

/// An engine's error (or any engine sentence) as a [`Phrase`]; its `Display` is the phrase's English.
pub trait Describe {
    /// The sentence, for the reader's language.
    fn describe(&self) -> Phrase;
}

impl Describe for Phrase {
    fn describe(&self) -> Phrase {
        self.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_joins_read_as_english() {
        assert_eq!(Phrase::list(&["d3".into()]).to_string(), "d3");
        assert_eq!(Phrase::list(&["c3".into(), "d3".into(), "f3".into()]).to_string(), "c3, d3 and f3");
        let a = Phrase::as_written("one");
        let b = Phrase::as_written("two");
        assert_eq!(Phrase::joined(vec![a, b], ", ").unwrap().to_string(), "one, two");
        assert!(Phrase::joined(Vec::new(), ", ").is_none());
    }
}
