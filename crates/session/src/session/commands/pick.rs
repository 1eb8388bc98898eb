//! The move picker's presses (the Move button, a choice in its select menu, Back, Play): a request without a
//! slash command. The steps themselves are `session::picker`'s, which `/move` without a move opens too.

use crate::session::picker::{self, Answer, Press};
use crate::session::{Reply, Sessions};

use super::{Context, Failure, Run};

/// A press on the picker of game `session` when `ply` moves had been played, after the values `chosen`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pick {
    pub session: i64,
    pub ply: usize,
    pub chosen: Vec<String>,
    pub(crate) press: Press,
}

impl Run for Pick {
    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        let (live, game) = match Sessions::game_for(cx.slot, cx.actor.member.id) {
            Ok(found) => found,
            Err(why) => return Ok(Reply::private(why)),
        };
        if live.row.id != self.session {
            return Ok(Reply::private(crate::session::text::Text::new().key("pick-other-game")));
        }
        if live.seat_of(cx.actor.member.id).is_none() {
            return Ok(Reply::private(picker::spectator(live, &game)));
        }
        if let Err(why) = Sessions::may_move(live, &game, cx.actor.member.id) {
            return Ok(Reply::private(why));
        }
        match picker::press(live, &game, self.ply, &self.chosen, &self.press) {
            Answer::Reply(reply) => Ok(*reply),
            Answer::Play(text) => cx.sessions.move_(cx.actor, cx.slot, &text).await,
        }
    }
}
