//! `/privacy`: what Tabula stores about the member who asks (games, ratings, preferences, the names kept for
//! them); `/privacy forget:true` asks them to confirm, with a button ([`super::forget`]), that it should forget
//! them.

use crate::session::{Button, ButtonStyle, Reply};
use crate::store::MemberData;
use crate::t;

use super::super::request::{OptionKind, read_bool};
use super::super::text::Text;
use super::{Args, Context, Declaration, Failure, Opt, Request, Run};

/// The most names `/privacy` lists (a member renamed often has many).
const MAX_NAMES: usize = 10;

pub fn declaration() -> Declaration {
    Declaration::new("privacy", parse)
        .option(Opt::new("forget", OptionKind::Boolean))
        .option(Opt::new("tactics", OptionKind::Boolean))
}

/// `/privacy`: shows what is stored about the sender; with `forget`, asks them to confirm forgetting it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Privacy {
    pub forget: bool,
    /// Lets tactics be made from the sender's finished games (`true`), or no more (`false`).
    pub tactics: Option<bool>,
}

fn parse(args: &Args<'_>) -> Result<Request, Text> {
    let forget = args.read("forget", |v| read_bool("forget", v))?.unwrap_or(false);
    let tactics = args.read("tactics", |v| read_bool("tactics", v))?;
    Ok(Privacy { forget, tactics }.into())
}

impl Run for Privacy {
    const LOCKS_CHANNEL: bool = false;

    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        if self.forget {
            return Ok(confirm(cx.channel, cx.actor.member.id));
        }
        if let Some(shares) = self.tactics {
            let now = cx.sessions.now();
            cx.sessions
                .store
                .set_shares_games(cx.actor.member.id, shares, now)
                .await
                .map_err(|e| Failure::Own { error: e, key: "puzzle-failed" })?;
            let key = if shares { "privacy-tactics-on" } else { "privacy-tactics-off" };
            return Ok(Reply::private(Text::new().key(key)));
        }
        let data = cx.sessions.store.member_data(cx.actor.member.id).await.map_err(Failure::Read)?;
        Ok(Reply::private(shown(&cx.actor.member.name, &data)))
    }
}

/// The button a member presses to be forgotten; its id names them, so that it forgets nobody else.
pub(super) fn forget_button(channel: u64, user: u64) -> Button {
    Button::new(
        Text::new().key("button-forget"),
        crate::session::ComponentId::new(channel, crate::session::component::Action::Forget { user }),
        ButtonStyle::Danger,
    )
}

fn confirm(channel: u64, user: u64) -> Reply {
    let mut reply = Reply::private(t!("privacy-confirm", button = Text::new().key("button-forget")));
    reply.buttons.push(forget_button(channel, user));
    reply
}

fn shown(name: &str, data: &MemberData) -> Text {
    let player = Text::new().strong_name(name);
    if data.is_empty() {
        return t!("privacy-nothing", player = player);
    }
    let notify = match data.notify_dm {
        Some(true) => "privacy-notify-dm",
        Some(false) => "privacy-notify-channel",
        None => "privacy-notify-unset",
    };
    let mut names = Text::new().join(data.names.iter().take(MAX_NAMES), ", ", Text::name);
    if data.names.len() > MAX_NAMES {
        names = names.plain(", …");
    }
    if data.names.is_empty() {
        names = names.plain("—");
    }
    t!(
        "privacy-data",
        player = player,
        sessions = data.sessions,
        finished = data.finished,
        ratings = data.ratings,
        tournaments = data.tournaments,
        puzzles = data.puzzles,
        notify = Text::new().key(notify),
        digest = match data.digest_hour {
            Some(hour) => t!("privacy-digest-at", hour = format!("{hour:02}:00")),
            None => Text::new().key("privacy-digest-none"),
        },
        tactics =
            Text::new().key(if data.shares_games { "privacy-tactics-yes" } else { "privacy-tactics-no" }),
        names = names,
        forget = Text::new().code("/privacy forget:true")
    )
}
