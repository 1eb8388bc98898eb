//! `/notify dm:on|off digest:on|off digest_hour:N`: where a member's reminders go (by direct message, or in the
//! game's channel), and whether a daily digest of the games waiting for their move comes by direct message, at
//! which hour (UTC).

use super::super::request::{OptionKind, OptionValue, read_switch};
use super::super::text::Text;
use super::{Args, Context, Declaration, Failure, Opt, Request, Run};
use crate::session::{Actor, Reply, Sessions};
use crate::t;

/// The hour (UTC) a digest comes at when the member names none.
const DIGEST_HOUR: u8 = 8;

pub fn declaration() -> Declaration {
    Declaration::new("notify", parse)
        .option(Opt::new("dm", OptionKind::Boolean))
        .option(Opt::new("digest", OptionKind::Boolean))
        .option(Opt::new("digest_hour", OptionKind::Integer).range(0, Some(23)))
}

/// `/notify`: reminders by direct message (`true`) or in the channel, and the daily digest at an hour
/// (`Some(None)`: no more digests; `None` leaves it as it is).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Notify {
    pub dm: Option<bool>,
    pub digest: Option<Option<u8>>,
}

impl Run for Notify {
    const LOCKS_CHANNEL: bool = false;

    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        self::run(cx.sessions, cx.actor, self).await
    }
}

fn read_hour(value: &OptionValue) -> Result<u8, Text> {
    let hour = match value {
        OptionValue::Integer(n) => u8::try_from(*n).ok(),
        OptionValue::Text(s) => s.trim().trim_end_matches(":00").parse().ok(),
        _ => None,
    };
    hour.filter(|h| *h < 24).ok_or_else(|| {
        t!(
            "notify-bad-hour",
            typed = Text::new().typed(&format!("digest_hour:{}", super::super::request::shown(value))),
            example = Text::new().code("/notify digest:on digest_hour:18")
        )
    })
}

fn parse(args: &Args<'_>) -> Result<Request, Text> {
    let dm = args.get("dm").map(|v| read_switch("dm", v)).transpose()?;
    let on = args.get("digest").map(|v| read_switch("digest", v)).transpose()?;
    let hour = args.get("digest_hour").map(read_hour).transpose()?;
    let digest = match (on, hour) {
        (Some(false), Some(_)) => {
            return Err(t!("notify-digest-both", off = Text::new().code("digest:off")));
        }
        (Some(false), None) => Some(None),
        (Some(true), hour) => Some(Some(hour.unwrap_or(DIGEST_HOUR))),
        (None, Some(hour)) => Some(Some(hour)),
        (None, None) => None,
    };
    if dm.is_none() && digest.is_none() {
        return Err(t!(
            "notify-where",
            on = Text::new().code("/notify dm:on"),
            off = Text::new().code("/notify dm:off"),
            digest = Text::new().code("/notify digest:on digest_hour:18")
        ));
    }
    Ok(Notify { dm, digest }.into())
}

pub(super) async fn run(sessions: &Sessions, actor: &Actor, notify: Notify) -> Result<Reply, Failure> {
    let mut said = Text::new();
    if let Some(dm) = notify.dm {
        sessions.store.set_notify_dm(actor.member.id, dm).await.map_err(Failure::Store)?;
        said = said.key(if dm { "notify-dm" } else { "notify-channel" });
    }
    if let Some(digest) = notify.digest {
        let lang = actor.locales.user.code();
        sessions
            .store
            .set_digest(actor.member.id, digest, lang, sessions.now())
            .await
            .map_err(Failure::Store)?;
        if !said.is_empty() {
            said = said.plain(" ");
        }
        said = said.then(match digest {
            Some(hour) => t!("notify-digest-on", hour = format!("{hour:02}:00")),
            None => Text::new().key("notify-digest-off"),
        });
    }
    Ok(Reply::private(said))
}
