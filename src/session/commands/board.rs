//! `/board`: shows this channel's game.

use crate::session::text::Text;
use crate::session::{Board, Reply, Sessions, Slot, messages};
use crate::store::Store;
use crate::t;

use super::super::request::Request;
use super::Declaration;

pub(super) fn declaration() -> Declaration {
    Declaration::without_options("board", Request::Board)
}

/// The channel's board with its clock line, or why there is none.
pub(super) fn run<S: Store>(sessions: &Sessions<S>, slot: &Slot) -> Reply {
    let mut reply = board(slot);
    if let (Slot::Open(live), Some(board)) = (slot, &reply.board)
        && let Some(line) = sessions.clock_caption(live, &board.game)
    {
        reply.text = reply.text.line().then(t!("clock-line", clock = line));
    }
    reply
}

/// The channel's board, or why there is none.
fn board(slot: &Slot) -> Reply {
    match slot {
        Slot::Open(live) => match &live.game {
            Some(game) => Reply::public(messages::board_caption(live, game)).with_board(Board {
                game: game.clone(),
                names: live.names(),
                id: live.record.id,
                ended: None,
            }),
            None => Reply::private(Text::new().key("not-started")),
        },
        _ => Reply::private(Text::new().key("no-game-here")),
    }
}
