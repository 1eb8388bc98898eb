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

/// What a move did beyond moving ("captured d3 and f3"); shown as the engine wrote it when not recognized.
pub(super) fn effect(english: &str) -> Text {
    Text::new().plain(english)
}

/// Why a game ended ("the king escaped to a1"); shown as the engine wrote it when not recognized.
pub(super) fn reason(english: &str) -> Text {
    Text::new().plain(english)
}

/// Why an engine refused a move ("can't read `e5-e99`", "the path is blocked"); shown as the engine wrote it when
/// not recognized.
pub(super) fn refusal(english: &str) -> Text {
    Text::new().plain(english)
}
