//! Small text helpers shared by the engines' messages, the pictures and the adapters.

/// At most `max` characters of `text`: when longer, its first `max - 1` characters and "…", cut at a character
/// boundary.
pub fn cut(text: &str, max: usize) -> String {
    if text.char_indices().nth(max).is_none() {
        return text.to_string();
    }
    let end = text.char_indices().nth(max.saturating_sub(1)).map_or(text.len(), |(i, _)| i);
    format!("{}…", &text[..end])
}
