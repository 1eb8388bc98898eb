//! `/board`: shows this channel's game.

use crate::session::text::Text;
use crate::session::{Reply, Sessions, Slot, messages};
use crate::t;

use super::{Context, Declaration, Failure, Run};

/// `/board`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShowBoard;

pub fn declaration() -> Declaration {
    Declaration::without_options("board", ShowBoard.into())
}

impl Run for ShowBoard {
    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        Ok(self::run(cx.sessions, cx.slot))
    }
}

/// The channel's board with its clock line, or why there is none.
pub(super) fn run(sessions: &Sessions, slot: &Slot) -> Reply {
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
            Some(game) => {
                Reply::public(messages::board_caption(live, game)).with_board(live.picture(game.clone()))
            }
            None => Reply::private(Text::new().key("not-started")),
        },
        _ => Reply::private(Text::new().key("no-game-here")),
    }
}
