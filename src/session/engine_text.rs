//! The engines' own sentences (turn prompts, what a move did, why a game ended) in the reader's language. The
//! engines stay pure and write English; the forms they use are recognized here and given a message, and anything
//! not recognized is shown as the engine wrote it.

use crate::t;

use super::text::Text;

/// What the player to move must do now (TZAAR's phases, Tantrix's forced spaces).
pub(super) fn prompt(english: &str) -> Text {
    match english {
        "White's opening turn is a single capture." => Text::new().key("prompt-opening-capture"),
        "Start the turn with a capture; you may send both moves at once (`E4xD4 F4-F5`)." => {
            t!("prompt-turn-capture", example = Text::new().code("E4xD4 F4-F5"))
        }
        "Second move of the turn: a capture, stacking onto your own stack, or `pass`." => {
            t!("prompt-second-move", pass = Text::new().code("pass"))
        }
        _ => forced_spaces(english).unwrap_or_else(|| Text::new().plain(english)),
    }
}

/// "Forced spaces to fill first: (1,-1), (0,2); the suggestions start with them."
fn forced_spaces(english: &str) -> Option<Text> {
    let rest = english.strip_prefix("Forced space")?;
    let (_, rest) = rest.split_once(" to fill first: ")?;
    let cells = rest.strip_suffix("; the suggestions start with them.")?;
    let count = cells.split("), (").count();
    Some(t!("prompt-forced-spaces", count = count, cells = cells))
}

/// What a move did beyond moving ("captured d3 and f3, the king escaped to a1"); shown as the engine wrote it
/// when not recognized.
pub(super) fn effect(english: &str) -> Text {
    let plain = || Text::new().plain(english);
    for joint in [", captured the king on ", ", the king escaped to "] {
        if let Some(at) = english.find(joint) {
            let (first, second) = (&english[..at], &english[at + 2..]);
            return match (phrase(first), phrase(second)) {
                (Some(a), Some(b)) => a.plain(", ").then(b),
                _ => plain(),
            };
        }
    }
    phrase(english).unwrap_or_else(plain)
}

/// Why a game ended ("the king escaped to a1"); shown as the engine wrote it when not recognized.
pub(super) fn reason(english: &str) -> Text {
    phrase(english).unwrap_or_else(|| Text::new().plain(english))
}

/// One phrase of the engines' that has a message.
fn phrase(english: &str) -> Option<Text> {
    if let Some(square) = english.strip_prefix("captured the king on ") {
        return Some(t!("effect-captured-king", square = square));
    }
    if let Some(square) = english.strip_prefix("the king was captured on ") {
        return Some(t!("effect-king-captured", square = square));
    }
    if let Some(square) = english.strip_prefix("the king escaped to ") {
        return Some(t!("effect-king-escaped", square = square));
    }
    if let Some(squares) = english.strip_prefix("captured ") {
        let captured: Vec<&str> =
            squares.split([',', ' ']).filter(|s| !s.is_empty() && *s != "and").collect();
        if captured.iter().any(|s| s.len() > 3) {
            return None;
        }
        let shown = match captured.split_last() {
            Some((last, rest)) if !rest.is_empty() => t!("list-and", first = rest.join(", "), last = *last),
            _ => Text::new().plain(squares),
        };
        return Some(t!("effect-captured", squares = shown));
    }
    if let Some(side) = english.strip_suffix(" had no legal move") {
        return Some(t!("end-no-moves", side = super::messages::seat_text(side)));
    }
    if let Some(time) = english.strip_prefix("the same position occurred a ") {
        let n: u32 = match time {
            "second time" => 2,
            "third time" => 3,
            "fourth time" => 4,
            _ => time.trim_end_matches(" time").trim_end_matches(char::is_alphabetic).parse().ok()?,
        };
        return Some(t!("end-repetition", count = n));
    }
    None
}

/// Why an engine refused a move ("can't read `e5-e99`", "the path is blocked"); shown as the engine wrote it when
/// not recognized.
pub(super) fn refusal(english: &str) -> Text {
    Text::new().plain(english)
}
