//! The words drawn on pictures, in the reader's language: the messages of `assets/locales/<lang>/pictures.ftl`
//! (all named `picture-…`). Player names, notation and coordinates are passed in as they are.

use std::borrow::Cow;

use crate::i18n::{Lang, Value};

/// Message `key` of the pictures' messages in `lang`, with its arguments.
pub fn say(lang: Lang, key: &str, args: &[(&str, Value<'_>)]) -> String {
    crate::i18n::format(lang, key, args)
}

/// A text argument (a name, a number already written, a phrase).
pub fn text(s: &str) -> Value<'_> {
    Value::Str(Cow::Borrowed(s))
}

/// A number argument: Fluent picks the plural form from it ("1 tile", "2 tiles"; Czech one, few, other).
pub fn number(n: usize) -> Value<'static> {
    Value::Number(n as f64)
}
