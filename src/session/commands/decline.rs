//! `/decline`: declines the challenge in this channel (or the one its button names).

use crate::session::text::Text;
use crate::session::{Actor, Reply, Sessions, Slot, messages};
use crate::store::{SessionState, Store};
use crate::t;

use super::super::request::Request;
use super::{Declaration, Failure};

pub(super) fn declaration() -> Declaration {
    Declaration::without_options("decline", Request::Decline { session: None })
}

/// `/decline`: an invited player turns the challenge down (its challenger withdraws it).
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
    let user = actor.member.id;
    if live.record.challenger == user {
        return super::withdraw::run(sessions, actor, slot, session).await;
    }
    if live.seat_of(user).is_none() {
        return Ok(Reply::private(t!("decline-not-yours", players = messages::vs_line(live))));
    }
    sessions
        .store
        .transition(live.record.id, SessionState::Challenge, SessionState::Declined, None, sessions.now())
        .await?;
    let challenger = live.record.players.iter().find(|p| p.id == live.record.challenger);
    let text = t!(
        "declined",
        player = Text::new().strong_name(&actor.member.name),
        game = live.record.game.title(),
        challenger = Text::new().mention(live.record.challenger, challenger.map_or("", |p| p.name.as_str()))
    );
    let (id, message) = (live.record.id, live.record.message);
    *slot = Slot::Free;
    Ok(Reply::public(text).for_challenge(id, message))
}
