//! Reply text as structure, not markup: spans of plain prose, emphasis, code, display names and mentions.
//! Each adapter renders it its own way (Discord markdown with escaped names and `<@id>` mentions; plain text with
//! `@name` in the console), so the session layer never writes or parses a platform's markup.

use std::fmt;

/// One piece of a reply's text.
#[derive(Clone, Debug, PartialEq)]
pub enum Span {
    /// Prose written by Tabula (or an engine).
    Plain(String),
    /// Prose written by Tabula, emphasized (a game's title).
    Strong(String),
    /// A person's display name: shown as written, never as markup or a mention.
    Name { name: String, strong: bool },
    /// Notation or an excerpt of what someone typed, shown literally (in a code span where the platform has one).
    Code(String),
    /// A user to address (and notify, in public messages); `name` is how platforms without mentions show them.
    Mention { id: u64, name: String },
    /// A channel, by id; `name` is how platforms without channel links show it (`#name`, else `#id`).
    Channel { id: u64, name: Option<String> },
    /// A role of the server, by id: linked where the platform can (never notifying its members); `name` is how
    /// platforms without role links show it (`@&name`, else `@&id`).
    Role { id: u64, name: Option<String> },
    /// A line break.
    Break,
    /// A translated message, formatted when the adapter knows the reader's language ([`Text::localized`]).
    Msg(Box<Msg>),
}

/// A message of the translation files by key, with its arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct Msg {
    pub(crate) key: &'static str,
    pub(crate) args: Vec<(&'static str, Arg)>,
}

impl Eq for Msg {}

/// A message argument: a number (Fluent formats it and picks plurals by it), a string shown as written, or a text
/// of its own (names, mentions, code, nested messages), which keeps its spans.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Number(f64),
    Str(String),
    Text(Text),
}

macro_rules! from_number {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Self {
                Arg::Number(n as f64)
            }
        }
    )*};
}
from_number!(i32, i64, u8, u16, u32, u64, usize, f64);

impl From<&str> for Arg {
    fn from(s: &str) -> Self {
        Arg::Str(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Self {
        Arg::Str(s)
    }
}

impl From<Text> for Arg {
    fn from(t: Text) -> Self {
        Arg::Text(t)
    }
}

/// A translated message as a [`Text`]: `t!("key", name = value, …)`; each value is anything that converts into
/// an [`Arg`] (numbers, strings, texts).
#[macro_export]
macro_rules! t {
    ($key:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::session::Text::msg($key, vec![$((stringify!($name), $crate::session::Arg::from($value))),*])
    };
}

/// The first private-use character that stands for an argument's spans while Fluent formats a message.
const MARKER: u32 = 0xF0000;

/// The name the computer plays under at `level`, as a game stores it (for the stores' tables and the records'
/// tags); every view shows the computer's seat by its level instead (see [`Text::player`]), never by this name.
pub(crate) fn ai_name(level: u8) -> String {
    format!("Tabula (level {level})")
}

fn ai_name_text(level: u8) -> Text {
    Text::msg("tabula-level", vec![("level", Arg::from(level))])
}

/// A reply's text: a list of spans.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Text {
    spans: Vec<Span>,
}

/// Most characters of typed input echoed back in a reply; longer input is cut and marked with "…".
pub(crate) const EXCERPT_CHARS: usize = 40;

/// At most [`EXCERPT_CHARS`] characters of `typed` (trimmed), cut at a character boundary, with "…" when cut.
pub(crate) fn excerpt(typed: &str) -> String {
    cut(typed.trim(), EXCERPT_CHARS + 1)
}

use crate::i18n::{self, Lang, Value};
use crate::text::cut;

impl Msg {
    fn localized(&self, lang: Lang) -> Text {
        let mut spans: Vec<Text> = Vec::new();
        let args: Vec<(&str, Value<'_>)> = self
            .args
            .iter()
            .map(|(name, arg)| {
                let value = match arg {
                    Arg::Number(n) => Value::Number(*n),
                    Arg::Str(s) => Value::Str(s.as_str().into()),
                    Arg::Text(t) => {
                        let marker = char::from_u32(MARKER + spans.len() as u32).unwrap_or('\u{FFFD}');
                        spans.push(t.localized(lang));
                        Value::Str(marker.to_string().into())
                    }
                };
                (*name, value)
            })
            .collect();
        let formatted = i18n::format(lang, self.key, &args);
        let mut out = Text::new();
        let mut prose = String::new();
        let flush = |out: Text, prose: &mut String| {
            if prose.is_empty() { out } else { out.plain(std::mem::take(prose)) }
        };
        for c in formatted.chars() {
            let index = (c as u32).wrapping_sub(MARKER) as usize;
            if index < spans.len() {
                out = flush(out, &mut prose).then(spans[index].clone());
            } else if c == '\n' {
                out = flush(out, &mut prose).line();
            } else {
                prose.push(c);
            }
        }
        let out = flush(out, &mut prose);
        if self.key == super::engine_text::SENTENCE { out.into_sentence() } else { out }
    }
}

impl Text {
    pub fn new() -> Self {
        Text::default()
    }

    /// The spans as they read in English: messages formatted, their names, mentions and code kept as spans.
    pub fn spans(&self) -> Vec<Span> {
        self.localized(Lang::En).spans
    }

    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    fn push(mut self, span: Span) -> Self {
        self.spans.push(span);
        self
    }

    #[must_use]
    pub fn plain(self, text: impl Into<String>) -> Self {
        self.push(Span::Plain(text.into()))
    }

    #[must_use]
    pub(crate) fn strong(self, text: impl Into<String>) -> Self {
        self.push(Span::Strong(text.into()))
    }

    /// A member's display name, shown as written, whatever it says.
    #[must_use]
    pub fn name(self, name: impl Into<String>) -> Self {
        self.push(Span::Name { name: name.into(), strong: false })
    }

    #[must_use]
    pub fn strong_name(self, name: impl Into<String>) -> Self {
        self.push(Span::Name { name: name.into(), strong: true })
    }

    /// A seat's player: the computer by its level (in the reader's language) when the computer plays the seat
    /// from the start, otherwise the member's name as written. The computer is a kind of seat, never a name.
    #[must_use]
    pub(crate) fn player(self, p: &crate::store::PlayerRow) -> Self {
        match p.level.filter(|_| p.is_computer()) {
            Some(level) => self.then(ai_name_text(level)),
            None => self.name(p.name.clone()),
        }
    }

    /// The computer playing at `level`, in the reader's language.
    #[must_use]
    pub(crate) fn computer(self, level: u8) -> Self {
        self.then(ai_name_text(level))
    }

    /// [`Text::player`], emphasized.
    #[must_use]
    pub(crate) fn strong_player(self, p: &crate::store::PlayerRow) -> Self {
        match p.level.filter(|_| p.is_computer()) {
            Some(level) => self.then(ai_name_text(level)),
            None => self.strong_name(p.name.clone()),
        }
    }

    /// Texts as a list in the reader's language ("a, b and c"): each item keeps its spans, so a name with a comma
    /// in it stays one name.
    #[must_use]
    pub(crate) fn list(self, items: impl IntoIterator<Item = Text>) -> Self {
        let mut items: Vec<Text> = items.into_iter().collect();
        let Some(last) = items.pop() else { return self };
        if items.is_empty() {
            return self.then(last);
        }
        let first = Text::new().join(items, ", ", Text::then);
        self.then(crate::t!("list-and", first = first, last = last))
    }

    #[must_use]
    pub fn code(self, text: impl Into<String>) -> Self {
        self.push(Span::Code(text.into()))
    }

    /// Echoes what someone typed: a short excerpt, as code.
    #[must_use]
    pub fn typed(self, typed: &str) -> Self {
        self.push(Span::Code(excerpt(typed)))
    }

    #[must_use]
    pub fn mention(self, id: u64, name: impl Into<String>) -> Self {
        self.push(Span::Mention { id, name: name.into() })
    }

    /// A channel, linked where the platform can (`<#id>` on Discord).
    #[must_use]
    pub fn channel(self, id: u64) -> Self {
        self.push(Span::Channel { id, name: None })
    }

    /// A role, linked where the platform can (`<@&id>` on Discord, which notifies nobody: see `allowed_mentions`).
    #[must_use]
    pub fn role(self, id: u64) -> Self {
        self.push(Span::Role { id, name: None })
    }

    /// The same text with the roles that `name_of` knows named (for platforms without role links).
    #[must_use]
    pub fn name_roles(mut self, name_of: impl Fn(u64) -> Option<String>) -> Self {
        for span in &mut self.spans {
            if let Span::Role { id, name } = span
                && name.is_none()
            {
                *name = name_of(*id);
            }
        }
        self
    }

    /// The same text with the channels that `name_of` knows named (for platforms without channel links).
    #[must_use]
    pub fn name_channels(mut self, name_of: impl Fn(u64) -> Option<String>) -> Self {
        for span in &mut self.spans {
            if let Span::Channel { id, name } = span
                && name.is_none()
            {
                *name = name_of(*id);
            }
        }
        self
    }

    #[must_use]
    pub fn line(self) -> Self {
        self.push(Span::Break)
    }

    /// A translated message (see the [`t!`](crate::t) macro).
    pub fn msg(key: &'static str, args: Vec<(&'static str, Arg)>) -> Self {
        Text::new().push(Span::Msg(Box::new(Msg { key, args })))
    }

    /// Appends a translated message without arguments.
    #[must_use]
    pub fn key(self, key: &'static str) -> Self {
        self.then(Text::msg(key, Vec::new()))
    }

    /// The text in `lang`: every message formatted, its arguments' spans kept (a name stays a name, a mention a
    /// mention), line breaks as breaks. Spans pass through Fluent as private-use markers.
    #[must_use]
    pub fn localized(&self, lang: Lang) -> Text {
        let mut out = Text::new();
        for span in &self.spans {
            match span {
                Span::Msg(msg) => out = out.then(msg.localized(lang)),
                other => out.spans.push(other.clone()),
            }
        }
        out
    }

    /// The text as a sentence of its own: its first letter a capital, a full stop at its end unless it ends with
    /// one already (or a question or exclamation mark).
    fn into_sentence(mut self) -> Self {
        if let Some(Span::Plain(first)) = self.spans.first_mut() {
            let mut chars = first.chars();
            if let Some(c) = chars.next() {
                *first = c.to_uppercase().chain(chars).collect();
            }
        }
        let ends = match self.spans.last() {
            Some(Span::Plain(last)) => last.trim_end().ends_with(['.', '!', '?', '…']),
            _ => false,
        };
        if ends { self } else { self.plain(".") }
    }

    /// The plain rendering in `lang` (what the console prints).
    pub fn plain_in(&self, lang: Lang) -> String {
        self.localized(lang).to_string()
    }

    /// Appends another text.
    #[must_use]
    pub fn then(mut self, other: Text) -> Self {
        self.spans.extend(other.spans);
        self
    }

    /// Appends `items`, separated by `separator`, each written by `each`.
    #[must_use]
    pub(crate) fn join<T>(
        self,
        items: impl IntoIterator<Item = T>,
        separator: &str,
        each: impl Fn(Text, T) -> Text,
    ) -> Self {
        let mut text = self;
        for (i, item) in items.into_iter().enumerate() {
            if i > 0 {
                text = text.plain(separator);
            }
            text = each(text, item);
        }
        text
    }

    /// The users this text mentions, in order of first mention (in a message, in the order of its arguments).
    pub fn mentions(&self) -> Vec<u64> {
        let mut ids = Vec::new();
        self.collect_mentions(&mut ids);
        ids
    }

    fn collect_mentions(&self, ids: &mut Vec<u64>) {
        for span in &self.spans {
            match span {
                Span::Mention { id, .. } if !ids.contains(id) => ids.push(*id),
                Span::Msg(msg) => {
                    for (_, arg) in &msg.args {
                        if let Arg::Text(text) = arg {
                            text.collect_mentions(ids);
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// The text as a person reads it without markup: mentions as `@name`, code in backquotes.
    pub fn to_plain(&self) -> String {
        self.to_string()
    }

    pub fn contains(&self, needle: &str) -> bool {
        self.to_string().contains(needle)
    }
}

impl Eq for Span {}
impl Eq for Text {}

impl From<&str> for Text {
    fn from(text: &str) -> Self {
        Text::new().plain(text)
    }
}

impl From<String> for Text {
    fn from(text: String) -> Self {
        Text::new().plain(text)
    }
}

/// The plain rendering, in English (what the console prints when no language is chosen).
impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_plain(f, false)
    }
}

impl Text {
    /// The plain rendering in `lang` as a picture or the web page shows it: each name isolated from the sentence
    /// around it ([`crate::text::isolate`]), so that a right-to-left name keeps its order and the sentence its
    /// own.
    pub fn isolated_in(&self, lang: Lang) -> String {
        struct Isolated<'a>(&'a Text);
        impl fmt::Display for Isolated<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.write_plain(f, true)
            }
        }
        Isolated(&self.localized(lang)).to_string()
    }

    fn write_plain(&self, f: &mut fmt::Formatter<'_>, isolated: bool) -> fmt::Result {
        for span in &self.spans {
            if let Span::Msg(msg) = span {
                msg.localized(Lang::En).write_plain(f, isolated)?;
                continue;
            }
            match span {
                Span::Name { name, .. } if isolated => f.write_str(&crate::text::isolate(name))?,
                Span::Mention { name, .. } if isolated => {
                    f.write_str(&crate::text::isolate(&format!("@{name}")))?;
                }
                Span::Plain(s) | Span::Strong(s) | Span::Name { name: s, .. } => f.write_str(s)?,
                Span::Code(s) => write!(f, "`{s}`")?,
                Span::Mention { name, .. } => write!(f, "@{name}")?,
                Span::Channel { name: Some(name), .. } => write!(f, "#{name}")?,
                Span::Channel { id, name: None } => write!(f, "#{id}")?,
                Span::Role { name: Some(name), .. } => write!(f, "@&{name}")?,
                Span::Role { id, name: None } => write!(f, "@&{id}")?,
                Span::Break => f.write_str("\n")?,
                Span::Msg(_) => {}
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_are_short_and_cut_at_characters() {
        assert_eq!(excerpt("e8-d8"), "e8-d8");
        let long = "é".repeat(4_000);
        let cut = excerpt(&long);
        assert_eq!(cut.chars().count(), EXCERPT_CHARS + 1);
        assert!(cut.ends_with('…'));
    }

    #[test]
    fn plain_rendering_and_mentions() {
        let text =
            Text::new().strong_name("alice").plain(" challenges ").mention(2, "bob").line().code("e8-d8");
        assert_eq!(text.to_plain(), "alice challenges @bob\n`e8-d8`");
        assert_eq!(text.mentions(), vec![2]);
        let joined = Text::new().join([1_u64, 2, 1], ", ", |t, id| t.mention(id, format!("u{id}")));
        assert_eq!(joined.to_plain(), "@u1, @u2, @u1");
        assert_eq!(joined.mentions(), vec![1, 2]);
    }
}
