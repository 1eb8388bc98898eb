//! `/resign`: resigns this channel's game.

use crate::session::endings::Leaving;
use crate::session::{Reply, Sessions, messages};
use crate::t;

use super::{Context, Declaration, Failure, Run};

/// `/resign`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resign;

pub fn declaration() -> Declaration {
    Declaration::without_options("resign", Resign.into())
}

impl Run for Resign {
    /// `/resign`: the sender gives up; the other wins, or, with more players, the computer takes the seat and the
    /// others play on (the game ends when no person is left).
    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        let Context { sessions, actor, slot, .. } = cx;
        let (live, game) = match Sessions::game_for(slot, actor.member.id) {
            Ok(found) => found,
            Err(why) => return Ok(Reply::private(why)),
        };
        let Some(seat) = live.seat_of(actor.member.id) else {
            return Ok(Reply::private(t!("not-playing", players = messages::vs_line(live))));
        };
        Ok(sessions.leave(slot, &game, seat, Leaving::Resigned).await?)
    }
}
