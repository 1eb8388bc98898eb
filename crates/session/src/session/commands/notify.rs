//! `/notify dm:on|off`: where a member's reminders go (by direct message, or in the game's channel).

use super::super::request::{OptionKind, read_switch};
use super::super::text::Text;
use super::{Args, Context, Declaration, Failure, Opt, Request, Run};
use crate::session::{Actor, Reply, Sessions};
use crate::t;

pub fn declaration() -> Declaration {
    Declaration::new("notify", parse).option(Opt::new("dm", OptionKind::Boolean).required())
}

/// `/notify`: reminders by direct message (`true`) or in the channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Notify {
    pub dm: bool,
}

impl Run for Notify {
    const LOCKS_CHANNEL: bool = false;

    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        self::run(cx.sessions, cx.actor, self.dm).await
    }
}

fn parse(args: &Args<'_>) -> Result<Request, Text> {
    match args.get("dm") {
        Some(value) => Ok(Notify { dm: read_switch("dm", value)? }.into()),
        None => Err(t!(
            "notify-where",
            on = Text::new().code("/notify dm:on"),
            off = Text::new().code("/notify dm:off")
        )),
    }
}

pub(super) async fn run(sessions: &Sessions, actor: &Actor, dm: bool) -> Result<Reply, Failure> {
    sessions.store.set_notify_dm(actor.member.id, dm).await.map_err(Failure::Store)?;
    Ok(Reply::private(Text::new().key(if dm { "notify-dm" } else { "notify-channel" })))
}
