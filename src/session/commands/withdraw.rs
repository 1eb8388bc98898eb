//! `/withdraw`: withdraws one's own challenge in this channel (or the one its button names).

use crate::session::text::Text;
use crate::session::{Actor, Reply, Sessions, Slot};
use crate::store::{SessionState, Store};
use crate::t;

use super::super::request::Request;
use super::{Declaration, Failure};

pub(super) fn declaration() -> Declaration {
    Declaration::without_options("withdraw", Request::Withdraw { session: None })
}

/// `/withdraw`: the challenger takes the challenge back.
pub(super) async fn run<S: Store>(
    sessions: &Sessions<S>,
    actor: &Actor,
    slot: &mut Slot,
    session: Option<i64>,
) -> Result<Reply, Failure> {
    let live = match Sessions::<S>::challenge(slot, session) {
        Ok(live) => live,
        Err(why) => return Ok(Reply::private(why)),
    };
    if live.record.challenger != actor.member.id {
        return Ok(Reply::private(Text::new().key("withdraw-not-yours")));
    }
    sessions
        .store
        .transition(live.record.id, SessionState::Challenge, SessionState::Withdrawn, None, sessions.now())
        .await?;
    let text =
        t!("withdrew", player = Text::new().strong_name(&actor.member.name), game = live.record.game.title());
    let (id, message) = (live.record.id, live.record.message);
    *slot = Slot::Free;
    Ok(Reply::public(text).for_challenge(id, message))
}
