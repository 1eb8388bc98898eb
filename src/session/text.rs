//! Reply text as structure, not markup: spans of plain prose, emphasis, code, display names and mentions.
//! Each adapter renders it its own way (Discord markdown with escaped names and `<@id>` mentions; plain text with
//! `@name` in the console), so the session layer never writes or parses a platform's markup.

use std::fmt;

/// One piece of a reply's text.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// A line break.
    Break,
}

/// A reply's text: a list of spans.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Text {
    spans: Vec<Span>,
}

/// Most characters of typed input echoed back in a reply; longer input is cut and marked with "…".
pub const EXCERPT_CHARS: usize = 40;

/// At most [`EXCERPT_CHARS`] characters of `typed` (trimmed), cut at a character boundary, with "…" when cut.
pub fn excerpt(typed: &str) -> String {
    cut(typed.trim(), EXCERPT_CHARS + 1)
}

use crate::text::cut;

impl Text {
    pub fn new() -> Self {
        Text::default()
    }

    pub fn spans(&self) -> &[Span] {
        &self.spans
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
    pub fn strong(self, text: impl Into<String>) -> Self {
        self.push(Span::Strong(text.into()))
    }

    #[must_use]
    pub fn name(self, name: impl Into<String>) -> Self {
        self.push(Span::Name { name: name.into(), strong: false })
    }

    #[must_use]
    pub fn strong_name(self, name: impl Into<String>) -> Self {
        self.push(Span::Name { name: name.into(), strong: true })
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

    /// Appends another text.
    #[must_use]
    pub fn then(mut self, other: Text) -> Self {
        self.spans.extend(other.spans);
        self
    }

    /// Appends `items`, separated by `separator`, each written by `each`.
    #[must_use]
    pub fn join<T>(
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

    /// The users this text mentions, in order of first mention.
    pub fn mentions(&self) -> Vec<u64> {
        let mut ids = Vec::new();
        for span in &self.spans {
            if let Span::Mention { id, .. } = span
                && !ids.contains(id)
            {
                ids.push(*id);
            }
        }
        ids
    }

    /// The text as a person reads it without markup: mentions as `@name`, code in backquotes.
    pub fn to_plain(&self) -> String {
        self.to_string()
    }

    pub fn contains(&self, needle: &str) -> bool {
        self.to_string().contains(needle)
    }
}

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

/// The plain rendering (what the console prints).
impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for span in &self.spans {
            match span {
                Span::Plain(s) | Span::Strong(s) | Span::Name { name: s, .. } => f.write_str(s)?,
                Span::Code(s) => write!(f, "`{s}`")?,
                Span::Mention { name, .. } => write!(f, "@{name}")?,
                Span::Channel { name: Some(name), .. } => write!(f, "#{name}")?,
                Span::Channel { id, name: None } => write!(f, "#{id}")?,
                Span::Break => f.write_str("\n")?,
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
