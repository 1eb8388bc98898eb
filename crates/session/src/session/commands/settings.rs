//! `/settings`: shows a server's house rules and changes them, for members who may manage the server.

use std::sync::PoisonError;

use crate::session::clocks::duration;
use crate::session::daily::DEFAULT_HOUR as DAILY_HOUR;
use crate::session::settings::{
    DEFAULT, FOLLOW_SERVER, LANGUAGES, MAX_CHALLENGE_MINUTES, SettingsChange, read_change,
};
use crate::session::{Actor, Reply, Sessions};
use crate::store::ServerSettings;
use crate::t;

use super::super::clocks::ClockChoice;
use super::super::request::OptionKind;
use super::super::text::Text;
use super::{Args, Choice, Context, Declaration, Failure, Opt, Request, Run};

pub fn declaration() -> Declaration {
    let language = Opt::new("language", OptionKind::Text)
        .choices(LANGUAGES.iter().map(|(code, name)| Choice::plain(*name, *code)))
        .choices([Choice::message("language", FOLLOW_SERVER)]);
    let threads = Opt::new("threads", OptionKind::Text)
        .choices(["on", "off"].map(|v| Choice::message("threads", v)))
        .choices([Choice::message("default", DEFAULT)]);
    let clock = Opt::new("clock", OptionKind::Text)
        .choices(ClockChoice::ALL.iter().map(|c| Choice::plain(c.name(), c.name())))
        .choices([Choice::message("default", DEFAULT)]);
    let mut settings = Declaration::new("settings", parse)
        .option(language)
        .option(Opt::new("allow_channel", OptionKind::Channel))
        .option(Opt::new("disallow_channel", OptionKind::Channel))
        .option(Opt::new("all_channels", OptionKind::Boolean))
        .option(threads)
        .option(clock)
        .option(
            Opt::new("challenge_minutes", OptionKind::Integer).range(0, Some(MAX_CHALLENGE_MINUTES as u64)),
        )
        .option(Opt::new("organiser_role", OptionKind::Role))
        .option(Opt::new("no_organiser_role", OptionKind::Boolean))
        .option(Opt::new("daily_channel", OptionKind::Channel))
        .option(Opt::new("daily_hour", OptionKind::Integer).range(0, Some(23)))
        .option(Opt::new("no_daily", OptionKind::Boolean));
    settings.server_only = Some("settings-in-dm");
    settings.managers = true;
    settings
}

/// `/settings`: shows the server's settings, after making the changes it names (if any).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub change: SettingsChange,
}

fn parse(args: &Args<'_>) -> Result<Request, Text> {
    Ok(Settings { change: read_change(&|name| args.get(name))? }.into())
}

impl Run for Settings {
    const LOCKS_CHANNEL: bool = false;

    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        self::run(cx.sessions, cx.actor, self.change).await
    }
}

/// `/settings`: shows the server's settings, after making the changes asked for (moderators only).
pub(super) async fn run(
    sessions: &Sessions,
    actor: &Actor,
    change: SettingsChange,
) -> Result<Reply, Failure> {
    let Some(guild) = actor.guild else {
        return Ok(Reply::private(Text::new().key("settings-in-dm")));
    };
    if !actor.can_manage_server {
        return Ok(Reply::private(Text::new().key("settings-not-allowed")));
    }
    let current = sessions.store.server_settings(guild).await.map_err(Failure::Read)?;
    if change.is_empty() {
        return Ok(Reply::private(Text::new().key("settings-current").then(shown(sessions, &current))));
    }
    // Disallowing a channel while every channel is allowed means every channel but that one: say so first.
    let blocked = change.disallow_channel.filter(|_| current.channels.is_empty());
    let was = (current.daily_channel, current.daily_hour);
    let mut settings = match apply(current, &change) {
        Ok(settings) => settings,
        Err(why) => return Ok(Reply::private(why)),
    };
    // A daily puzzle set (or moved to another hour) starts at its next hour: never at once, never twice a day.
    if (settings.daily_channel, settings.daily_hour) != was && settings.daily_channel.is_some() {
        settings.daily_since = Some(sessions.now());
    }
    sessions.store.put_server_settings(guild, &settings, sessions.now()).await.map_err(Failure::Store)?;
    sessions.settings.lock().unwrap_or_else(PoisonError::into_inner).insert(guild, settings.clone());
    let first = match blocked {
        Some(channel) => t!("settings-blocked-now", channel = Text::new().channel(channel)).plain(" "),
        None => Text::new(),
    };
    Ok(Reply::private(first.key("settings-changed").then(shown(sessions, &settings))))
}

/// The settings, one per line, saying which follow the defaults, and how to change them.
fn shown(sessions: &Sessions, s: &ServerSettings) -> Text {
    let language = match LANGUAGES.iter().find(|(code, _)| Some(*code) == s.language.as_deref()) {
        Some((code, name)) => t!("settings-language", name = *name, code = Text::new().code(*code)),
        None => Text::new().key("settings-language-follow"),
    };
    let channels = if s.channels.is_empty() && !s.blocked.is_empty() {
        t!("settings-every-channel-but", channels = Text::new().join(&s.blocked, ", ", |t, &c| t.channel(c)))
    } else if s.channels.is_empty() {
        Text::new().key("settings-every-channel")
    } else {
        Text::new().join(&s.channels, ", ", |t, &c| t.channel(c))
    };
    let threads = Text::new().key(if sessions.games_in_threads(s) { "settings-yes" } else { "settings-no" });
    let clock = sessions.default_clock(s);
    let clock_name = Text::new().code(clock.name());
    let clock = match clock.seconds() {
        Some(per) => {
            t!("settings-clock-per-move", time = duration(per), name = clock_name)
        }
        None => t!("settings-no-clock", name = clock_name),
    };
    let expiry = duration(sessions.challenge_expiry(s).as_secs() as i64);
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
        .then(match s.organiser_role {
            Some(role) => t!("settings-line-organisers-role", role = Text::new().role(role)),
            None => Text::new().key("settings-line-organisers"),
        })
        .line()
        .then(match s.daily_channel {
            Some(channel) => t!(
                "settings-line-daily",
                channel = Text::new().channel(channel),
                hour = format!("{:02}:00", s.daily_hour.unwrap_or(DAILY_HOUR))
            ),
            None => Text::new().key("settings-line-no-daily"),
        })
        .line()
        .then(t!(
            "settings-how",
            command = Text::new().code(
                "/settings language: allow_channel: disallow_channel: all_channels:true threads: clock: \
                 challenge_minutes: organiser_role: no_organiser_role:true daily_channel: daily_hour: \
                 no_daily:true"
            ),
            default = Text::new().code(DEFAULT),
            zero = Text::new().code("challenge_minutes:0")
        ))
}

/// The settings after `change`, or the sentence saying why it cannot be made.
fn apply(mut s: ServerSettings, change: &SettingsChange) -> Result<ServerSettings, Text> {
    if let Some(language) = &change.language {
        s.language.clone_from(language);
    }
    if change.all_channels {
        s.channels.clear();
        s.blocked.clear();
    }
    if let Some(channel) = change.allow_channel {
        if s.blocked.contains(&channel) {
            // Every channel but some: allowing one of those takes it off that list.
            s.blocked.retain(|&c| c != channel);
        } else if !s.channels.contains(&channel) {
            s.channels.push(channel);
            s.blocked.clear();
        }
    }
    if let Some(channel) = change.disallow_channel {
        if s.channels.is_empty() {
            // Every channel is allowed: disallowing one means every channel but it.
            if s.blocked.contains(&channel) {
                return Err(t!("settings-disallow-absent", channel = Text::new().channel(channel)));
            }
            s.blocked.push(channel);
            return Ok(apply_rest(s, change));
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
    Ok(apply_rest(s, change))
}

/// The settings other than the channels, after `change`.
fn apply_rest(mut s: ServerSettings, change: &SettingsChange) -> ServerSettings {
    if let Some(threads) = change.threads {
        s.games_in_threads = threads;
    }
    if let Some(clock) = change.clock {
        s.default_clock = clock.map(|c| c.name().to_string());
    }
    if let Some(minutes) = change.challenge_minutes {
        s.challenge_expiry = minutes.map(|m| m * 60);
    }
    if let Some(role) = change.organiser_role {
        s.organiser_role = role;
    }
    if let Some(channel) = change.daily_channel {
        s.daily_channel = channel;
    }
    if let Some(hour) = change.daily_hour {
        s.daily_hour = Some(hour);
    }
    s
}
