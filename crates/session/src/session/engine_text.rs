//! The engines' sentences (why a move or a setup is refused, turn prompts, what a move did, why a game ended) in
//! the reader's language. The engines stay pure and say them as [`Phrase`]s: a message key with typed arguments.
//! This is the one mapping from a phrase to a [`Text`]: notation becomes code spans, what a player typed is echoed
//! as a short excerpt, counts stay numbers for the plurals, and names inside a sentence (sides, colours) are
//! messages of their own.

use crate::games::{Describe, Phrase, PhraseArg};

use super::text::{Arg, Text};

/// An engine's sentence as a translated text.
pub(crate) fn text(phrase: &Phrase) -> Text {
    build(phrase, Text::typed)
}

/// Why an engine refused something (a move, a setup), as a translated sentence: its first letter a capital, a
/// full stop at its end (the engines' phrases are clauses, to be put in sentences of their own).
pub(super) fn refusal(error: &impl Describe) -> Text {
    sentence(&error.describe())
}

/// An engine's clause as a sentence of its own (a capital, a full stop), translated.
pub(super) fn sentence(phrase: &Phrase) -> Text {
    Text::msg(SENTENCE, vec![("text", Arg::Text(text(phrase)))])
}

/// The message that makes a clause a sentence of its own (see [`Text::localized`]).
pub(crate) const SENTENCE: &str = "sentence";

/// The text with typed input echoed by `typed` (an excerpt for players; whole in the tests that compare it with
/// the engine's English).
fn build(phrase: &Phrase, typed: fn(Text, &str) -> Text) -> Text {
    let args = phrase
        .args()
        .iter()
        .map(|(name, arg)| {
            let arg = match arg {
                PhraseArg::Str(s) => Arg::Str(s.clone()),
                PhraseArg::Code(s) => Arg::Text(Text::new().code(s)),
                PhraseArg::Typed(s) => Arg::Text(typed(Text::new(), s)),
                PhraseArg::Number(n) => Arg::from(*n),
                PhraseArg::Phrase(p) => Arg::Text(build(p, typed)),
            };
            (*name, arg)
        })
        .collect();
    Text::msg(phrase.key(), args)
}

/// The text with typed input whole, as the engine's English has it (for the tests).
#[cfg(test)]
pub(crate) fn whole(phrase: &Phrase) -> Text {
    build(phrase, |t, s| t.code(s))
}

#[cfg(test)]
#[path = "engine_text_tests.rs"]
mod tests;
