//! The words drawn on pictures, in the reader's language: the messages of `assets/locales/<lang>/pictures.ftl`
//! (all named `picture-…`). Player names, notation and coordinates are passed in as they are.

use std::borrow::Cow;

use crate::i18n::{Lang, Value};

/// Message `key` of the pictures' messages in `lang`, with its arguments.
pub(crate) fn say(lang: Lang, key: &str, args: &[(&str, Value<'_>)]) -> String {
    crate::i18n::format(lang, key, args)
}

/// A text argument (a name, a number already written, a phrase).
pub(crate) fn text(s: &str) -> Value<'_> {
    Value::Str(Cow::Borrowed(s))
}

/// A number argument: Fluent picks the plural form from it ("1 tile", "2 tiles"; Czech one, few, other).
pub(crate) fn number(n: usize) -> Value<'static> {
    Value::Number(n as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_on_pictures_take_each_languages_plurals() {
        let bag = |lang, n| say(lang, "picture-tantrix-status", &[("count", number(n)), ("step", text("…"))]);
        assert!(bag(Lang::En, 1).starts_with("bag: 1 tile ·"), "{}", bag(Lang::En, 1));
        assert!(bag(Lang::En, 40).starts_with("bag: 40 tiles ·"));
        assert!(bag(Lang::PtBr, 1).starts_with("saco: 1 peça ·"));
        assert!(bag(Lang::PtBr, 2).starts_with("saco: 2 peças ·"));
        assert!(bag(Lang::Cs, 1).starts_with("pytlík: 1 kámen ·"));
        assert!(bag(Lang::Cs, 3).starts_with("pytlík: 3 kameny ·"));
        assert!(bag(Lang::Cs, 12).starts_with("pytlík: 12 kamenů ·"), "{}", bag(Lang::Cs, 12));
    }
}
