//! The Play in browser button under a game's messages: answers the player, privately, with their own signed link
//! to the game's web board.

use crate::session::text::Text;
use crate::session::{Button, Reply, Slot};
use crate::store::SessionState;

use super::{Context, Failure, Run};

/// Asks for a private link to game `session`'s web board (its Play in browser button).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WebLink {
    pub session: i64,
}

impl Run for WebLink {
    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        let Some(links) = cx.sessions.links() else {
            return Ok(Reply::private(Text::new().key("web-off")));
        };
        let Slot::Open(live) = &*cx.slot else {
            return Ok(Reply::private(Text::new().key("web-game-over")));
        };
        if live.row.id != self.session || live.row.state != SessionState::Playing {
            return Ok(Reply::private(Text::new().key("web-game-over")));
        }
        if live.seat_of(cx.actor.member.id).is_none() {
            return Ok(Reply::private(Text::new().key("web-not-player")));
        }
        let url =
            links.play_url(cx.actor.member.id, self.session, cx.sessions.now_secs(), cx.actor.locales.user);
        let reply = Reply::private(Text::new().key("web-your-link").line().code(url.clone()));
        Ok(reply.with_buttons(vec![Button::link(Text::new().key("web-open"), url)]))
    }
}
