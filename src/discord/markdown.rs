//! Discord's side of a reply: markdown from the session layer's [`Text`], display names escaped so they can
//! neither format nor mention, the exact users to notify, and Discord's size limits guaranteed.

use std::fmt::Write as _;

use serenity::all::{CreateAllowedMentions, CreateAutocompleteResponse, UserId};

use crate::session::{Reply, Span, Text};

/// Most characters of a message's content.
pub(crate) const MAX_CONTENT: usize = 2000;
/// Most autocomplete choices.
pub(crate) const MAX_CHOICES: usize = 25;
/// Most characters of a choice's name (and value).
pub(crate) const MAX_CHOICE_NAME: usize = 100;

const ZERO_WIDTH_SPACE: char = '\u{200B}';

/// The first `max` characters of `text`, with "…" in place of the last one when it is cut.
pub(crate) fn truncate(text: &str, max: usize) -> String {
    crate::text::cut(text, max)
}

/// Escapes a display name: markdown characters are shown as themselves, and no mention (`@everyone`, `@here`,
/// `<@id>`, `<@&role>`, `<#channel>`) can form.
pub(crate) fn escape_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 8);
    for c in name.chars() {
        match c {
            // Emphasis, code, spoilers, quotes, headings and masked links; `<` starts every mention form.
            '\\' | '*' | '_' | '~' | '`' | '|' | '>' | '<' | '#' | '[' | ']' => {
                out.push('\\');
                out.push(c);
            }
            '@' => {
                out.push('@');
                out.push(ZERO_WIDTH_SPACE);
            }
            '\n' | '\r' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

/// Keeps prose from forming mentions (it may quote what someone typed): `@everyone`, `@here`, `<@…>`, `<#…>`.
fn neutralize(prose: &str) -> String {
    prose
        .replace("@everyone", "@\u{200B}everyone")
        .replace("@here", "@\u{200B}here")
        .replace("<@", "<\u{200B}@")
        .replace("<#", "<\u{200B}#")
}

/// Notation in a code span; backquotes inside are replaced so the span cannot be closed early.
fn code(text: &str) -> String {
    let inner: String = text
        .chars()
        .map(|c| match c {
            '`' => 'ˋ',
            '\n' | '\r' => ' ',
            c => c,
        })
        .collect();
    if inner.is_empty() { "` `".to_string() } else { format!("`{inner}`") }
}

/// The message content for `text`, within [`MAX_CONTENT`] characters.
pub(crate) fn markdown(text: &Text) -> String {
    // Texts not yet put in a language by the caller are shown in English.
    let spans = text.spans();
    let mut out = String::new();
    for span in &spans {
        match span {
            Span::Plain(s) => out.push_str(&neutralize(s)),
            Span::Strong(s) => {
                out.push_str("**");
                out.push_str(&neutralize(s));
                out.push_str("**");
            }
            Span::Name { name, strong } => {
                if *strong {
                    out.push_str("**");
                }
                out.push_str(&escape_name(name));
                if *strong {
                    out.push_str("**");
                }
            }
            Span::Code(s) => out.push_str(&code(s)),
            Span::Mention { id, .. } => {
                let _ = write!(out, "<@{id}>");
            }
            Span::Channel { id, .. } => {
                let _ = write!(out, "<#{id}>");
            }
            Span::Role { id, .. } => {
                let _ = write!(out, "<@&{id}>");
            }
            Span::Break => out.push('\n'),
            Span::Msg(_) => {}
        }
    }
    truncate(&out, MAX_CONTENT)
}

/// Exactly who a reply may notify: the users its text mentions when it is public, nobody otherwise; never
/// `@everyone`, `@here` or a role.
pub(crate) fn allowed_mentions(reply: &Reply) -> CreateAllowedMentions {
    CreateAllowedMentions::new().users(reply.pings().into_iter().map(UserId::new)).replied_user(false)
}

/// Notifies nobody (private replies and texts without mentions).
pub(crate) fn no_mentions() -> CreateAllowedMentions {
    CreateAllowedMentions::new().replied_user(false)
}

/// The autocomplete answer: at most [`MAX_CHOICES`] choices, names and values within [`MAX_CHOICE_NAME`].
pub(crate) fn choices(suggestions: impl IntoIterator<Item = String>) -> CreateAutocompleteResponse {
    named_choices(suggestions.into_iter().map(|s| (s.clone(), s)))
}

/// Autocomplete choices shown under a name of their own (`(name, value)`), within the same limits; a name too long
/// is cut, a value too long is left out (it could not be sent back).
pub(crate) fn named_choices(
    choices: impl IntoIterator<Item = (String, String)>,
) -> CreateAutocompleteResponse {
    choices
        .into_iter()
        .filter(|(_, value)| !value.is_empty() && value.chars().count() <= MAX_CHOICE_NAME)
        .take(MAX_CHOICES)
        .fold(CreateAutocompleteResponse::new(), |r, (name, value)| {
            r.add_string_choice(truncate(&name, MAX_CHOICE_NAME), value)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_cannot_format_or_mention() {
        for hostile in ["@everyone", "@here", "<@&123456789012345678>", "<@42>", "<#99>", "**bold** _x_ `c`"]
        {
            let shown = markdown(&Text::new().strong_name(hostile).plain(" challenges ").mention(7, "bob"));
            assert!(!shown.contains("@everyone") && !shown.contains("@here"), "{shown}");
            assert!(!shown.contains("<@&") && !shown.contains("<@42>") && !shown.contains("<#"), "{shown}");
            assert!(shown.contains("<@7>"), "the real mention stays: {shown}");
        }
        assert_eq!(escape_name("a*b_c"), "a\\*b\\_c");
        assert_eq!(escape_name("Tabula (level 1)"), "Tabula (level 1)", "plain names stay as written");
    }

    #[test]
    fn prose_and_code_do_not_form_mentions() {
        let shown = markdown(&Text::new().plain("can't read `@everyone <@1>`").code("x`@here"));
        assert!(!shown.contains("@everyone") && !shown.contains("<@1>"), "{shown}");
        // Inside a code span nothing renders; a backquote in it cannot end the span early.
        assert!(shown.ends_with("`x\u{2cb}@here`"), "{shown}");
        assert_eq!(markdown(&Text::new().code("23@1,-1:4")), "`23@1,-1:4`", "notation stays as written");
    }

    #[test]
    fn content_and_choices_stay_within_discord_limits() {
        let long = Text::new().plain("é".repeat(5_000)).code("x".repeat(5_000));
        let shown = markdown(&long);
        assert_eq!(shown.chars().count(), MAX_CONTENT);
        assert!(shown.ends_with('…'));
        let many = (0..100).map(|i| format!("{i}-{}", "m".repeat(i * 3)));
        let json = serde_json::to_value(choices(many)).unwrap();
        let list = json["choices"].as_array().unwrap();
        assert_eq!(list.len(), MAX_CHOICES);
        assert!(list.iter().all(|c| c["name"].as_str().unwrap().chars().count() <= MAX_CHOICE_NAME));
    }

    #[test]
    fn only_the_mentioned_users_are_notified() {
        let text = Text::new().mention(1, "a").plain(" and ").mention(2, "b").name("@everyone");
        let public = serde_json::to_value(allowed_mentions(&Reply::public(text.clone()))).unwrap();
        assert_eq!(public["parse"], serde_json::json!([]));
        assert_eq!(public["users"], serde_json::json!(["1", "2"]));
        let private = serde_json::to_value(allowed_mentions(&Reply::private(text))).unwrap();
        assert_eq!(private["users"], serde_json::json!([]));
        assert_eq!(private["parse"], serde_json::json!([]));
    }
}
