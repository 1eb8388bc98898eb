//! Languages: the shipped translations (Project Fluent files under `assets/locales/<lang>/`, embedded in the
//! binary), the choice of a language from a Discord locale, and the formatting of one message.
//!
//! Messages are looked up by key; a key missing in a language falls back to English. Plurals and numbers are
//! Fluent's job (`{ $count -> [one] … *[other] … }`). Reply texts keep their structure through formatting: see
//! [`crate::session::Text::localized`], which passes names, mentions and code as private-use markers and splits
//! the formatted string back into spans.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{LazyLock, RwLock};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

mod phrase;

pub use phrase::{Describe, Phrase, PhraseArg};

/// A shipped language.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English, the fallback for any missing key and any unknown locale.
    #[default]
    En,
    /// Brazilian Portuguese.
    PtBr,
    /// Czech.
    Cs,
}

impl Lang {
    /// Every shipped language, English first.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::PtBr, Lang::Cs];

    /// The folder under `assets/locales/` and the language tag.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::PtBr => "pt-BR",
            Lang::Cs => "cs",
        }
    }

    /// Discord's name for the locale (the keys of `description_localizations`); English has no localization of
    /// its own (it is the default text).
    pub fn discord_locale(self) -> Option<&'static str> {
        match self {
            Lang::En => None,
            Lang::PtBr => Some("pt-BR"),
            Lang::Cs => Some("cs"),
        }
    }

    /// The language for a locale tag (`pt-BR`, `cs-CZ`, `en-GB`, `es-ES`…): an exact match, then a match of the
    /// language alone (`pt-PT` is answered in Brazilian Portuguese, `cs-CZ` in Czech), then English.
    pub fn from_locale(locale: &str) -> Lang {
        let Ok(wanted) = locale.trim().replace('_', "-").parse::<LanguageIdentifier>() else {
            return Lang::En;
        };
        let shipped = |lang: Lang| lang.code().parse::<LanguageIdentifier>().expect("shipped tags parse");
        if let Some(exact) = Lang::ALL.into_iter().find(|l| shipped(*l) == wanted) {
            return exact;
        }
        Lang::ALL.into_iter().find(|l| shipped(*l).language == wanted.language).unwrap_or(Lang::En)
    }

    fn index(self) -> usize {
        match self {
            Lang::En => 0,
            Lang::PtBr => 1,
            Lang::Cs => 2,
        }
    }
}

impl std::str::FromStr for Lang {
    type Err = String;

    /// A language named by a shipped code or a locale with the same language (`cs`, `cs-CZ`, `pt-BR`, `pt`, `en`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lang = Lang::from_locale(s);
        let parsed = s.trim().replace('_', "-").parse::<LanguageIdentifier>().map_err(|e| e.to_string())?;
        if lang == Lang::En && parsed.language.as_str() != "en" {
            let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
            return Err(format!("no translation for `{s}`: choose {}", codes.join(", ")));
        }
        Ok(lang)
    }
}

/// The translation files of each language, in `Lang::ALL` order: (file name, contents).
pub(crate) const SOURCES: [&[(&str, &str)]; 3] = [
    &[
        ("main.ftl", include_str!("../../../../assets/locales/en/main.ftl")),
        ("games.ftl", include_str!("../../../../assets/locales/en/games.ftl")),
        ("commands.ftl", include_str!("../../../../assets/locales/en/commands.ftl")),
        ("engine.ftl", include_str!("../../../../assets/locales/en/engine.ftl")),
        ("pictures.ftl", include_str!("../../../../assets/locales/en/pictures.ftl")),
    ],
    &[
        ("main.ftl", include_str!("../../../../assets/locales/pt-BR/main.ftl")),
        ("games.ftl", include_str!("../../../../assets/locales/pt-BR/games.ftl")),
        ("commands.ftl", include_str!("../../../../assets/locales/pt-BR/commands.ftl")),
        ("engine.ftl", include_str!("../../../../assets/locales/pt-BR/engine.ftl")),
        ("pictures.ftl", include_str!("../../../../assets/locales/pt-BR/pictures.ftl")),
    ],
    &[
        ("main.ftl", include_str!("../../../../assets/locales/cs/main.ftl")),
        ("games.ftl", include_str!("../../../../assets/locales/cs/games.ftl")),
        ("commands.ftl", include_str!("../../../../assets/locales/cs/commands.ftl")),
        ("engine.ftl", include_str!("../../../../assets/locales/cs/engine.ftl")),
        ("pictures.ftl", include_str!("../../../../assets/locales/cs/pictures.ftl")),
    ],
];

type Bundle = FluentBundle<FluentResource>;

fn bundle(lang: Lang) -> Bundle {
    let tag: LanguageIdentifier = lang.code().parse().expect("shipped tags parse");
    let mut bundle = FluentBundle::new_concurrent(vec![tag]);
    // Names and notation are kept apart by the span markers, not by Unicode isolation marks.
    bundle.set_use_isolating(false);
    for (file, source) in SOURCES[lang.index()] {
        let resource = FluentResource::try_new((*source).to_string())
            .unwrap_or_else(|(_, errors)| panic!("{}/{file} does not parse: {errors:?}", lang.code()));
        bundle.add_resource(resource).unwrap_or_else(|e| panic!("{}/{file}: {e:?}", lang.code()));
    }
    bundle
}

static BUNDLES: LazyLock<[Bundle; 3]> = LazyLock::new(|| Lang::ALL.map(bundle));

/// A message argument as Fluent sees it.
#[derive(Clone, Debug)]
pub enum Value<'a> {
    Number(f64),
    Str(Cow<'a, str>),
}

/// Whether `lang` has a message `key`.
pub fn has(lang: Lang, key: &str) -> bool {
    BUNDLES[lang.index()].has_message(key)
}

/// Message `key` in `lang` (English when the language lacks it; the key itself when English lacks it too).
pub fn format(lang: Lang, key: &str, args: &[(&str, Value<'_>)]) -> String {
    let lang = if has(lang, key) { lang } else { Lang::En };
    let bundle = &BUNDLES[lang.index()];
    let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) else {
        tracing::error!(key, "a message is missing from the English translation");
        return key.to_string();
    };
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        match value {
            Value::Number(n) => fluent_args.set(*name, FluentValue::from(*n)),
            Value::Str(s) => fluent_args.set(*name, FluentValue::from(s.to_string())),
        }
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
    if !errors.is_empty() {
        tracing::warn!(key, lang = lang.code(), ?errors, "a message formatted with errors");
    }
    text.into_owned()
}

/// An engine's sentence in `lang` as plain text, for what is drawn on pictures (notation and typed text as
/// written, without code marks). Replies go through [`crate::session::Text`] instead, which keeps the spans.
pub(crate) fn phrase(lang: Lang, phrase: &Phrase) -> String {
    let args: Vec<(&str, Value<'_>)> = phrase
        .args()
        .iter()
        .map(|(name, arg)| {
            let value = match arg {
                PhraseArg::Str(s) | PhraseArg::Code(s) | PhraseArg::Typed(s) => Value::Str(s.as_str().into()),
                PhraseArg::Number(n) => Value::Number(*n as f64),
                PhraseArg::Phrase(p) => Value::Str(self::phrase(lang, p).into()),
            };
            (*name, value)
        })
        .collect();
    format(lang, phrase.key(), &args)
}

/// A message without arguments.
pub fn plain(lang: Lang, key: &str) -> String {
    format(lang, key, &[])
}

/// The languages to answer in, as an adapter knows them for one interaction: the person's own (private replies)
/// and the server's (public messages).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Locales {
    /// The language of the person who acted (Discord's interaction `locale`).
    pub user: Lang,
    /// The language of public messages: the server setting `language` when set, else Discord's `guild_locale`.
    pub public: Lang,
}

impl Locales {
    /// The language of a message: private replies in the person's language, public ones in the server's.
    pub fn of(self, ephemeral: bool) -> Lang {
        if ephemeral { self.user } else { self.public }
    }
}

/// The language of public messages in a server: the server's own setting when it has one, else the locale
/// Discord reports for the server, else English. This is the one place the server setting overrides Discord.
pub fn public_lang(setting: Option<&str>, guild_locale: Option<&str>) -> Lang {
    setting.or(guild_locale).map_or(Lang::En, Lang::from_locale)
}

/// The languages last seen, for messages sent without an interaction (AI moves, clock notices, reminders): each
/// channel's public language and each member's own. Kept in memory; after a restart English is used until the
/// channel or member is seen again.
#[derive(Debug, Default)]
pub struct LangBook {
    channels: RwLock<HashMap<u64, Lang>>,
    users: RwLock<HashMap<u64, Lang>>,
}

impl LangBook {
    /// Remembers the languages of an interaction by `user` in `channel`.
    pub fn saw(&self, channel: u64, user: u64, locales: Locales) {
        if let Ok(mut channels) = self.channels.write() {
            channels.insert(channel, locales.public);
        }
        if let Ok(mut users) = self.users.write() {
            users.insert(user, locales.user);
        }
    }

    /// The public language of `channel` (English when never seen).
    pub fn channel(&self, channel: u64) -> Lang {
        self.channels.read().ok().and_then(|c| c.get(&channel).copied()).unwrap_or_default()
    }

    /// The language of a direct message to `user`: their own last known language, else the public language of
    /// the channel the message is about.
    pub fn user(&self, user: u64, channel: u64) -> Lang {
        self.users.read().ok().and_then(|u| u.get(&user).copied()).unwrap_or_else(|| self.channel(channel))
    }
}

#[cfg(test)]
mod check;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locales_fall_back_by_language_then_to_english() {
        assert_eq!(Lang::from_locale("pt-BR"), Lang::PtBr);
        assert_eq!(Lang::from_locale("pt-PT"), Lang::PtBr);
        assert_eq!(Lang::from_locale("cs"), Lang::Cs);
        assert_eq!(Lang::from_locale("cs-CZ"), Lang::Cs);
        assert_eq!(Lang::from_locale("en-GB"), Lang::En);
        assert_eq!(Lang::from_locale("en-US"), Lang::En);
        assert_eq!(Lang::from_locale("es-ES"), Lang::En);
        assert_eq!(Lang::from_locale("not a locale!"), Lang::En);
        assert_eq!("cs".parse::<Lang>(), Ok(Lang::Cs));
        assert_eq!("pt-br".parse::<Lang>(), Ok(Lang::PtBr));
        assert!("es".parse::<Lang>().is_err());
    }

    #[test]
    fn the_server_setting_wins_over_discords_locale() {
        assert_eq!(public_lang(None, Some("pt-BR")), Lang::PtBr);
        assert_eq!(public_lang(Some("cs"), Some("pt-BR")), Lang::Cs);
        assert_eq!(public_lang(None, None), Lang::En);
    }

    #[test]
    fn plurals_follow_each_language() {
        let moves = |lang, n: f64| format(lang, "n-moves", &[("count", Value::Number(n))]);
        assert_eq!(moves(Lang::En, 1.0), "1 move");
        assert_eq!(moves(Lang::En, 2.0), "2 moves");
        assert_eq!(moves(Lang::PtBr, 1.0), "1 lance");
        assert_eq!(moves(Lang::PtBr, 5.0), "5 lances");
        assert_eq!(moves(Lang::Cs, 1.0), "1 tah");
        assert_eq!(moves(Lang::Cs, 3.0), "3 tahy");
        assert_eq!(moves(Lang::Cs, 5.0), "5 tahů");
    }
}
