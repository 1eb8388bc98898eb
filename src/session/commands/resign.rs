//! `/resign`: resigns this channel's game.

use crate::session::history::Ending;
use crate::session::request::rematch_buttons;
use crate::session::{Actor, Board, Reply, Sessions, Slot, messages, records};
use crate::store::{PlayerRow, SessionState, Store};
use crate::t;

use super::super::request::Request;
use super::{Declaration, Failure};

pub(super) fn declaration() -> Declaration {
    Declaration::without_options("resign", Request::Resign)
}

/// `/resign`: the sender gives up; the others win (or, with more players, play on without them).
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
    let others: Vec<&PlayerRow> = live.record.players.iter().filter(|p| p.id != actor.member.id).collect();
    let result = messages::resigned_line(live, &game, seat, &others);
    let stored = result.to_plain();
    sessions
        .store
        .transition(
            live.record.id,
            SessionState::Playing,
            SessionState::Finished,
            Some(&stored),
            sessions.now(),
        )
        .await?;
    let mut text = result;
    if let Some(ratings) = sessions.record_result(&live.record, &game, Ending::Loser(seat)).await {
        text = text.line().then(ratings);
    }
    let board = Board { game, names: live.names(), id: live.record.id };
    let animation = records::final_replay(&live.record, &stored);
    let text = text.line().then(super::game::over_line(live.record.id));
    let buttons = rematch_buttons(live.record.channel, live.record.id);
    *slot = Slot::Free;
    let answer = Reply::public(text).with_board(board).with_buttons(buttons);
    Ok(match animation {
        Some(animation) => answer.with_replay(animation),
        None => answer,
    })
}
