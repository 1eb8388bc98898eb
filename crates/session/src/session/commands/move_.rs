//! `/move`: plays a move in this channel's game (Discord suggests the legal ones while it is typed); without a
//! move it opens the move picker.

use crate::session::{Actor, MAX_INPUT_CHARS, Reply, Sessions, Slot, engine_text};
use crate::t;

use super::super::request::{OptionKind, read_text};
use super::super::text::Text;
use super::{Args, Context, Declaration, Failure, Opt, Request, Run};

pub fn declaration() -> Declaration {
    Declaration::new("move", parse).option(Opt::new("move", OptionKind::Text).autocomplete())
}

/// `/move`: the move as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayMove {
    pub text: String,
}

fn parse(args: &Args<'_>) -> Result<Request, Text> {
    Ok(PlayMove { text: args.read("move", |v| read_text("move", v))?.unwrap_or_default() }.into())
}

impl Run for PlayMove {
    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        // Someone who plays no game here and works on a tactic plays in the tactic.
        let playing = matches!(&*cx.slot, Slot::Open(live) if live.seat_of(cx.actor.member.id).is_some());
        if !playing && let Some(reply) = cx.sessions.move_in_tactic(cx.channel, cx.actor, &self.text).await? {
            return Ok(reply);
        }
        cx.sessions.move_(cx.actor, cx.slot, &self.text).await
    }
}

impl Sessions {
    pub(super) async fn move_(&self, actor: &Actor, slot: &mut Slot, text: &str) -> Result<Reply, Failure> {
        let (live, mut game) = match Self::game_for(slot, actor.member.id) {
            Ok(found) => found,
            Err(why) => return Ok(Reply::private(why)),
        };
        if let Err(why) = Self::may_move(live, &game, actor.member.id) {
            return Ok(Reply::private(why));
        }
        if text.trim().is_empty() {
            // `/move` without a move opens the move picker.
            let (channel, session) = (live.row.channel, live.row.id);
            return Ok(crate::session::picker::open(live, &game, channel, session));
        }
        if text.trim() == crate::session::NO_MOVE_CHOICE {
            return Ok(Reply::private(Text::new().key("move-empty")));
        }
        if text.chars().count() > MAX_INPUT_CHARS {
            return Ok(Reply::private(t!("move-too-long", typed = Text::new().typed(text))));
        }
        let played = match game.play_text(text) {
            Ok(played) => played,
            Err(e) => return Ok(Reply::private(engine_text::refusal(&e))),
        };
        self.commit(slot, game, &played).await
    }
}

/// The command, to name in a sentence.
pub(crate) fn bare() -> Text {
    Text::new().code("/move")
}

/// The command playing `m`, as an example.
pub(crate) fn example(m: &str) -> Text {
    Text::new().code(format!("/move {m}"))
}
