//! Each server's house rules (`/settings`): the language of public messages, the channels where games may be
//! started, whether games start in threads, the default clock and how long a challenge waits. Stored per server;
//! every setting left unset follows the bot's config (the language follows the platform's server locale).

use std::collections::HashMap;
use std::sync::PoisonError;
use std::time::Duration;

use crate::store::ServerSettings;

use super::Sessions;
use super::clocks::ClockChoice;
use super::request::{OptionValue, clock_of, or_list, shown, switch_of};
use super::text::Text;
use crate::t;

/// The languages public messages can be set to: code and name (in that language).
pub(crate) const LANGUAGES: [(&str, &str); 3] =
    [("en", "English"), ("pt-BR", "Português (Brasil)"), ("cs", "Čeština")];

/// What `language:` takes to follow the platform's server locale again.
pub(crate) const FOLLOW_SERVER: &str = "server";

/// What `threads:` and `clock:` take to follow the bot's config again.
pub(crate) const DEFAULT: &str = "default";

/// The longest a challenge may be set to wait, in minutes (one week).
pub(crate) const MAX_CHALLENGE_MINUTES: i64 = 7 * 24 * 60;

/// The changes a `/settings` command asks for; `Some(None)` sets a setting back to its default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[expect(clippy::option_option, reason = "`None` leaves a setting alone, `Some(None)` resets it")]
pub struct SettingsChange {
    pub(crate) language: Option<Option<String>>,
    /// A channel to add to the channels where games may be started (or, while every channel but some is
    /// allowed, one of those to allow again).
    pub(crate) allow_channel: Option<u64>,
    /// A channel to take off that list; while every channel is allowed, the one to except ("all but #x").
    pub(crate) disallow_channel: Option<u64>,
    /// Allow games in every channel again (done before `allow_channel`).
    pub(crate) all_channels: bool,
    pub(crate) threads: Option<Option<bool>>,
    pub(crate) clock: Option<Option<ClockChoice>>,
    /// Minutes a challenge waits.
    pub(crate) challenge_minutes: Option<Option<i64>>,
    /// The role whose members may run tournaments (`Some(None)`: only those who may manage the server).
    pub(crate) organiser_role: Option<Option<u64>>,
    /// The channel of the daily puzzle (`Some(None)`: no daily puzzle).
    pub(crate) daily_channel: Option<Option<u64>>,
    /// The hour (UTC) the daily puzzle is posted at.
    pub(crate) daily_hour: Option<u8>,
}

impl SettingsChange {
    pub(crate) fn is_empty(&self) -> bool {
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
        // `organiser_role:@role`, or `no_organiser_role:true` to go back to those who may manage the server.
        organiser_role: set_or_clear(get, "organiser_role", "no_organiser_role", super::request::read_role)?,
        // `daily_channel:#channel`, or `no_daily:true` to stop the daily puzzle.
        daily_channel: set_or_clear(get, "daily_channel", "no_daily", read_channel)?,
        daily_hour: get("daily_hour").map(read_hour).transpose()?,
    })
}

/// A setting given by `name:<value>` (read by `read`), or cleared by `off:true`, never both: `None` leaves it
/// alone, `Some(None)` clears it.
#[expect(clippy::option_option, reason = "`None` leaves the setting alone, `Some(None)` clears it")]
fn set_or_clear<'a>(
    get: &dyn Fn(&str) -> Option<&'a OptionValue>,
    name: &str,
    off: &str,
    read: fn(&str, &OptionValue) -> Result<u64, Text>,
) -> Result<Option<Option<u64>>, Text> {
    let value = get(name).map(|v| read(name, v)).transpose()?;
    let cleared = match get(off) {
        None => false,
        Some(v) => switch_of(v).ok_or_else(|| {
            t!(
                "settings-bad-off",
                typed = Text::new().code(format!("{off}:{}", shown(v))),
                example = Text::new().code(format!("{off}:true"))
            )
        })?,
    };
    match (value, cleared) {
        (Some(_), true) => Err(t!(
            "settings-either",
            set = Text::new().code(format!("{name}:")),
            off = Text::new().code(format!("{off}:true"))
        )),
        (Some(value), false) => Ok(Some(Some(value))),
        (None, true) => Ok(Some(None)),
        (None, false) => Ok(None),
    }
}

/// `daily_hour:N`, an hour of the day (UTC) from 0 to 23.
fn read_hour(value: &OptionValue) -> Result<u8, Text> {
    let hour = match value {
        OptionValue::Integer(n) => u8::try_from(*n).ok(),
        OptionValue::Text(s) => s.trim().trim_end_matches(":00").parse::<u8>().ok(),
        _ => None,
    };
    hour.filter(|h| *h < 24).ok_or_else(|| {
        t!(
            "settings-bad-hour",
            typed = Text::new().code(format!("daily_hour:{}", shown(value))),
            example = Text::new().code("daily_hour:18")
        )
    })
}

/// The settings cache of [`Sessions`]: server → its settings as last read or written.
pub(super) type SettingsCache = std::sync::Mutex<HashMap<u64, ServerSettings>>;

impl Sessions {
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
    /// Every channel but the `blocked` ones (and the threads opened under them) allows games.
    async fn check_blocked(&self, blocked: &[u64], channel: u64) -> Result<(), Text> {
        let refused = || Err(t!("channel-blocked", channel = Text::new().channel(channel)));
        if blocked.contains(&channel) {
            return refused();
        }
        if blocked.is_empty() {
            return Ok(());
        }
        match self.store.thread_parent(channel).await {
            Ok(Some(parent)) if blocked.contains(&parent) => refused(),
            Ok(_) => Ok(()),
            Err(e) => {
                tracing::warn!(channel, error = %e, "cannot read a thread's parent channel");
                Ok(())
            }
        }
    }

    pub(super) async fn check_channel(&self, guild: Option<u64>, channel: u64) -> Result<(), Text> {
        let settings = self.server_settings(guild).await;
        if settings.channels.is_empty() {
            return self.check_blocked(&settings.blocked, channel).await;
        }
        if settings.channels.contains(&channel) {
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
}
