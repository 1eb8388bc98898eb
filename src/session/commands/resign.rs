//! `/resign`: resigns this channel's game.

use crate::session::endings::Leaving;
use crate::session::{Actor, Reply, Sessions, Slot, messages};
use crate::store::Store;
use crate::t;

use super::super::request::Request;
use super::{Declaration, Failure};

pub(super) fn declaration() -> Declaration {
    Declaration::without_options("resign", Request::Resign)
}

/// `/resign`: the sender gives up; the other wins, or, with more players, the computer takes the seat and the
/// others play on (the game ends when no person is left).
pub(super) async fn run<S: Store>(
    sessions: &Sessions<S>,
    actor: &Actor,
    slot: &mut Slot,
) -> Result<Reply, Failure> {
    let (live, game) = match Sessions::<S>::game_of(slot) {
        Ok(found) => found,
        Err(why) => return Ok(Reply::private(why)),
    };
    let Some(seat) = live.seat_of(actor.member.id) else {
        return Ok(Reply::private(t!("not-playing", players = messages::vs_line(live))));
    };
    Ok(sessions.leave(slot, &game, seat, Leaving::Resigned).await?)
}
