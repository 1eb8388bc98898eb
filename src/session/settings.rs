//! Each server's house rules (`/settings`): the language of public messages, the channels where games may be
//! started, whether games start in threads, the default clock and how long a challenge waits. Stored per server;
//! every setting left unset follows the bot's config (the language follows the platform's server locale).

use std::collections::HashMap;
use std::sync::PoisonError;
use std::time::Duration;

use crate::store::{ServerSettings, Store};

use super::clocks::ClockChoice;
use super::request::{OptionKind, OptionValue, clock_of, or_list, shown, switch_of};
use super::text::Text;
use super::{Actor, Reply, Sessions};
use crate::t;

/// The languages public messages can be set to: code and name (in that language).
pub const LANGUAGES: [(&str, &str); 3] =
    [("en", "English"), ("pt-BR", "Português (Brasil)"), ("cs", "Čeština")];

/// What `language:` takes to follow the platform's server locale again.
pub const FOLLOW_SERVER: &str = "server";

/// What `threads:` and `clock:` take to follow the bot's config again.
pub const DEFAULT: &str = "default";

/// The longest a challenge may be set to wait, in minutes (one week).
pub const MAX_CHALLENGE_MINUTES: i64 = 7 * 24 * 60;

/// The options of `/settings`.
pub(super) const OPTIONS: &[(&str, OptionKind)] = &[
    ("language", OptionKind::Text),
    ("allow_channel", OptionKind::Channel),
    ("disallow_channel", OptionKind::Channel),
    ("all_channels", OptionKind::Boolean),
    ("threads", OptionKind::Text),
    ("clock", OptionKind::Text),
    ("challenge_minutes", OptionKind::Integer),
];

/// The changes a `/settings` command asks for; `Some(None)` sets a setting back to its default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsChange {
    pub language: Option<Option<String>>,
    /// A channel to add to the channels where games may be started.
    pub allow_channel: Option<u64>,
    /// A channel to take off that list.
    pub disallow_channel: Option<u64>,
    /// Allow games in every channel again (done before `allow_channel`).
    pub all_channels: bool,
    pub threads: Option<Option<bool>>,
    pub clock: Option<Option<ClockChoice>>,
    /// Minutes a challenge waits.
    pub challenge_minutes: Option<Option<i64>>,
}

impl SettingsChange {
    pub fn is_empty(&self) -> bool {
        *self == SettingsChange::default()
    }
}

fn read_language(value: &OptionValue) -> Result<Option<String>, Text> {
    let wrong = || {
        let codes: Vec<&str> = LANGUAGES.iter().map(|(code, _)| *code).collect();
        t!(
            "settings-bad-language",
            typed = Text::new().code(format!("language:{}", shown(value))),
            codes = codes.join(", "),
            server = Text::new().code(FOLLOW_SERVER)
        )
    };
    let OptionValue::Text(typed) = value else { return Err(wrong()) };
    let typed = typed.trim().replace('_', "-");
    if typed.eq_ignore_ascii_case(FOLLOW_SERVER) || typed.eq_ignore_ascii_case(DEFAULT) {
        return Ok(None);
    }
    let typed = if typed.eq_ignore_ascii_case("pt") { "pt-BR".to_string() } else { typed };
    LANGUAGES
        .iter()
        .find(|(code, _)| code.eq_ignore_ascii_case(&typed))
        .map(|(code, _)| Some((*code).to_string()))
        .ok_or_else(wrong)
}

fn read_channel(name: &str, value: &OptionValue) -> Result<u64, Text> {
    match value {
        OptionValue::Channel { id, .. } => Ok(*id),
        other => Err(t!(
            "settings-bad-channel",
            typed = Text::new().code(format!("{name}:{}", shown(other))),
            name = Text::new().code(name),
            example = Text::new().code(format!("{name}:#games"))
        )),
    }
}

fn is_default(value: &OptionValue) -> bool {
    matches!(value, OptionValue::Text(s) if s.trim().eq_ignore_ascii_case(DEFAULT))
}

fn read_threads(value: &OptionValue) -> Result<Option<bool>, Text> {
    if is_default(value) {
        return Ok(None);
    }
    switch_of(value).map(Some).ok_or_else(|| {
        t!(
            "settings-bad-threads",
            typed = Text::new().code(format!("threads:{}", shown(value))),
            choices = or_list(&["threads:on", "threads:off", &format!("threads:{DEFAULT}")])
        )
    })
}

fn read_clock(value: &OptionValue) -> Result<Option<ClockChoice>, Text> {
    if is_default(value) {
        return Ok(None);
    }
    clock_of(value).map(Some).ok_or_else(|| {
        let names: Vec<&str> = ClockChoice::ALL.iter().map(|c| c.name()).collect();
        t!(
            "settings-bad-clock",
            typed = Text::new().code(format!("clock:{}", shown(value))),
            choices = or_list(&names),
            default = Text::new().code(DEFAULT)
        )
    })
}

fn read_minutes(value: &OptionValue) -> Result<Option<i64>, Text> {
    if is_default(value) {
        return Ok(None);
    }
    let minutes = match value {
        OptionValue::Integer(n) => Some(*n),
        OptionValue::Text(s) => s.trim().parse::<i64>().ok(),
        _ => None,
    };
    match minutes {
        Some(0) => Ok(None),
        Some(m) if (1..=MAX_CHALLENGE_MINUTES).contains(&m) => Ok(Some(m)),
        _ => Err(t!(
            "settings-bad-minutes",
            typed = Text::new().code(format!("challenge_minutes:{}", shown(value))),
            max = MAX_CHALLENGE_MINUTES
        )),
    }
}

/// Reads `/settings`'s options into the changes they ask for.
pub(super) fn read_change<'a>(get: &dyn Fn(&str) -> Option<&'a OptionValue>) -> Result<SettingsChange, Text> {
    let all_channels = match get("all_channels") {
        None => false,
        Some(OptionValue::Boolean(true)) => true,
        Some(OptionValue::Text(s)) if matches!(s.trim(), "true" | "yes" | "on") => true,
        Some(other) => {
            return Err(t!(
                "settings-bad-all-channels",
                typed = Text::new().code(format!("all_channels:{}", shown(other))),
                all = Text::new().code("all_channels:true"),
                allow = Text::new().code("allow_channel:#channel")
            ));
        }
    };
    Ok(SettingsChange {
        language: get("language").map(read_language).transpose()?,
        allow_channel: get("allow_channel").map(|v| read_channel("allow_channel", v)).transpose()?,
        disallow_channel: get("disallow_channel").map(|v| read_channel("disallow_channel", v)).transpose()?,
        all_channels,
        threads: get("threads").map(read_threads).transpose()?,
        clock: get("clock").map(read_clock).transpose()?,
        challenge_minutes: get("challenge_minutes").map(read_minutes).transpose()?,
    })
}

/// The settings cache of [`Sessions`]: server → its settings as last read or written.
pub(super) type SettingsCache = std::sync::Mutex<HashMap<u64, ServerSettings>>;

impl<S: Store> Sessions<S> {
    /// The settings of `guild` (the defaults outside servers, or when the store cannot be read). Public replies
    /// in that server are written in `language` when it is set (see [`ServerSettings::language`]).
    pub async fn server_settings(&self, guild: Option<u64>) -> ServerSettings {
        let Some(guild) = guild else { return ServerSettings::default() };
        if !self.config.shared_store
            && let Some(cached) = self.settings.lock().unwrap_or_else(PoisonError::into_inner).get(&guild)
        {
            return cached.clone();
        }
        match self.store.server_settings(guild).await {
            Ok(settings) => {
                let mut cache = self.settings.lock().unwrap_or_else(PoisonError::into_inner);
                cache.insert(guild, settings.clone());
                settings
            }
            Err(e) => {
                tracing::error!(guild, error = %e, "cannot read a server's settings; using the defaults");
                ServerSettings::default()
            }
        }
    }

    /// The language public messages in `guild` are written in, when the server chose one (`None`: follow the
    /// platform's server locale).
    pub async fn public_language(&self, guild: Option<u64>) -> Option<String> {
        self.server_settings(guild).await.language
    }

    /// The language set for public messages in the server of `channel` (as known from the channel's session),
    /// for messages sent without an interaction; `None` when the server follows its platform locale or the
    /// channel's server is not known.
    pub async fn channel_language(&self, channel: u64) -> Option<String> {
        let guild = self.guilds.lock().unwrap_or_else(PoisonError::into_inner).get(&channel).copied()?;
        self.public_language(Some(guild)).await
    }

    /// How long a challenge waits under `settings`.
    pub(super) fn challenge_expiry(&self, settings: &ServerSettings) -> Duration {
        settings
            .challenge_expiry
            .map_or(self.config.challenge_expiry, |secs| Duration::from_secs(secs.max(0) as u64))
    }

    /// The clock `/play` uses when it names none, under `settings`.
    pub(super) fn default_clock(&self, settings: &ServerSettings) -> ClockChoice {
        settings.default_clock.as_deref().and_then(|c| c.parse().ok()).unwrap_or(self.config.default_clock)
    }

    /// Whether `/play` opens a thread when it does not say, under `settings`.
    pub(super) fn games_in_threads(&self, settings: &ServerSettings) -> bool {
        settings.games_in_threads.unwrap_or(self.config.games_in_threads)
    }

    /// Whether games may be started in `channel` of `guild` (a game thread counts as the channel it was opened
    /// under); otherwise the sentence that says where they may.
    pub(super) async fn check_channel(&self, guild: Option<u64>, channel: u64) -> Result<(), Text> {
        let settings = self.server_settings(guild).await;
        if settings.channels.is_empty() || settings.channels.contains(&channel) {
            return Ok(());
        }
        match self.store.thread_parent(channel).await {
            Ok(Some(parent)) if settings.channels.contains(&parent) => return Ok(()),
            Ok(_) => {}
            Err(e) => tracing::warn!(channel, error = %e, "cannot read a thread's parent channel"),
        }
        Err(t!(
            "channel-not-allowed",
            channels = Text::new().join(&settings.channels, ", ", |t, &c| t.channel(c))
        ))
    }

    /// `/settings`: shows the server's settings, after making the changes asked for (moderators only).
    pub(super) async fn settings_command(&self, actor: &Actor, change: SettingsChange) -> Reply {
        let Some(guild) = actor.guild else {
            return Reply::private(Text::new().key("settings-in-dm"));
        };
        if !actor.can_manage_server {
            return Reply::private(Text::new().key("settings-not-allowed"));
        }
        let current = match self.store.server_settings(guild).await {
            Ok(settings) => settings,
            Err(e) => {
                tracing::error!(guild, error = %e, "cannot read a server's settings");
                return Reply::private(Text::new().key("lookup-failed"));
            }
        };
        if change.is_empty() {
            return Reply::private(Text::new().key("settings-current").then(self.shown(&current)));
        }
        let settings = match apply(current, &change) {
            Ok(settings) => settings,
            Err(why) => return Reply::private(why),
        };
        if let Err(e) = self.store.put_server_settings(guild, &settings, self.now()).await {
            tracing::error!(guild, error = %e, "cannot store a server's settings");
            return Reply::private(Text::new().key("store-failed"));
        }
        self.settings.lock().unwrap_or_else(PoisonError::into_inner).insert(guild, settings.clone());
        Reply::private(Text::new().key("settings-changed").then(self.shown(&settings)))
    }

    /// The settings, one per line, saying which follow the defaults, and how to change them.
    fn shown(&self, s: &ServerSettings) -> Text {
        let language = match LANGUAGES.iter().find(|(code, _)| Some(*code) == s.language.as_deref()) {
            Some((code, name)) => t!("settings-language", name = *name, code = Text::new().code(*code)),
            None => Text::new().key("settings-language-follow"),
        };
        let channels = if s.channels.is_empty() {
            Text::new().key("settings-every-channel")
        } else {
            Text::new().join(&s.channels, ", ", |t, &c| t.channel(c))
        };
        let threads = Text::new().key(if self.games_in_threads(s) { "settings-yes" } else { "settings-no" });
        let clock = self.default_clock(s);
        let clock_name = Text::new().code(clock.name());
        let clock = match clock.seconds() {
            Some(per) => {
                t!("settings-clock-per-move", time = super::clocks::duration(per), name = clock_name)
            }
            None => t!("settings-no-clock", name = clock_name),
        };
        let expiry = super::clocks::duration(self.challenge_expiry(s).as_secs() as i64);
        let mark = |set: bool| if set { Text::new() } else { Text::new().key("settings-default-mark") };
        Text::new()
            .line()
            .then(t!("settings-line-language", value = language))
            .line()
            .then(t!("settings-line-channels", value = channels))
            .line()
            .then(t!("settings-line-threads", value = threads, mark = mark(s.games_in_threads.is_some())))
            .line()
            .then(t!("settings-line-clock", value = clock, mark = mark(s.default_clock.is_some())))
            .line()
            .then(t!("settings-line-expiry", time = expiry, mark = mark(s.challenge_expiry.is_some())))
            .line()
            .then(t!(
                "settings-how",
                command = Text::new().code(
                    "/settings language: allow_channel: disallow_channel: all_channels:true threads: clock: \
                     challenge_minutes:"
                ),
                default = Text::new().code(DEFAULT),
                zero = Text::new().code("challenge_minutes:0")
            ))
    }
}

/// The settings after `change`, or the sentence saying why it cannot be made.
fn apply(mut s: ServerSettings, change: &SettingsChange) -> Result<ServerSettings, Text> {
    if let Some(language) = &change.language {
        s.language.clone_from(language);
    }
    if change.all_channels {
        s.channels.clear();
    }
    if let Some(channel) = change.allow_channel
        && !s.channels.contains(&channel)
    {
        s.channels.push(channel);
    }
    if let Some(channel) = change.disallow_channel {
        if s.channels.is_empty() {
            return Err(t!("settings-disallow-none", allow = Text::new().code("allow_channel:#channel")));
        }
        if !s.channels.contains(&channel) {
            return Err(t!("settings-disallow-absent", channel = Text::new().channel(channel)));
        }
        if s.channels == [channel] {
            return Err(t!(
                "settings-disallow-last",
                channel = Text::new().channel(channel),
                all = Text::new().code("all_channels:true")
            ));
        }
        s.channels.retain(|&c| c != channel);
    }
    if let Some(threads) = change.threads {
        s.games_in_threads = threads;
    }
    if let Some(clock) = change.clock {
        s.default_clock = clock.map(|c| c.name().to_string());
    }
    if let Some(minutes) = change.challenge_minutes {
        s.challenge_expiry = minutes.map(|m| m * 60);
    }
    Ok(s)
}
