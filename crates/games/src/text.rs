//! Small text helpers shared by the engines' messages, the pictures and the adapters.

use unicode_segmentation::UnicodeSegmentation;

/// At most `max` characters of `text`: when longer, as many of its first whole graphemes (a letter with its
/// marks, a joined emoji, a syllable) as leave room for "…", then "…". A grapheme is never cut in two, so a
/// limit counted in characters (Discord's) holds and nothing half-drawn is shown.
pub fn cut(text: &str, max: usize) -> String {
    if text.char_indices().nth(max).is_none() {
        return text.to_string();
    }
    let room = max.saturating_sub(1);
    let mut end = 0;
    let mut chars = 0;
    for (at, grapheme) in text.grapheme_indices(true) {
        chars += grapheme.chars().count();
        if chars > room {
            break;
        }
        end = at + grapheme.len();
    }
    format!("{}…", &text[..end])
}

/// `name` set apart from the sentence around it (Unicode's first-strong isolate, U+2068 … U+2069): drawn in a
/// picture, a right-to-left name keeps its own order without turning the sentence's around, and the sentence's
/// punctuation stays outside it.
pub fn isolate(name: &str) -> String {
    format!("\u{2068}{name}\u{2069}")
}

/// The UTC calendar date of a day counted from 1970-01-01, as (year, month, day): Howard Hinnant's
/// days-to-civil algorithm (records' dates, puzzles of the day).
pub fn civil(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

#[cfg(test)]
mod tests {
    use super::cut;

    #[test]
    fn cuts_fall_between_graphemes() {
        assert_eq!(cut("alice", 10), "alice");
        assert_eq!(cut("alexandria", 5), "alex…");
        // "é" written as e and a combining acute: the mark stays with its letter or both go.
        assert_eq!(cut("cafe\u{301}s", 5), "caf…");
        assert_eq!(cut("cafe\u{301}s!", 6), "cafe\u{301}…");
        // A family emoji is five characters joined into one: whole or not at all.
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}";
        assert_eq!(cut(&format!("{family}{family}"), 8), format!("{family}…"));
        assert_eq!(cut(&format!("{family}x"), 5), "…");
    }
}
