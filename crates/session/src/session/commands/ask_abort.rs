//! The button under `/abort`'s private answer after the first move: asks the opponent to agree.

use crate::session::text::Text;
use crate::session::{Actor, Reply, Sessions, Slot};
use crate::store::OfferKind;

use super::{Context, Failure, Run};

/// Asks the opponent to agree to abort game `session` (the button under `/abort`'s answer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AskAbort {
    pub session: i64,
}

impl Run for AskAbort {
    const NEW_MESSAGE: bool = true;
    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        match &*cx.slot {
            Slot::Open(live) if live.row.id == self.session => {
                cx.sessions.offer_abort(cx.actor, cx.slot).await
            }
            _ => Ok(Reply::private(Text::new().key("abort-over"))),
        }
    }
}

impl Sessions {
    /// `/abort` by a player after the first move: an offer the opponent must accept.
    async fn offer_abort(&self, actor: &Actor, slot: &mut Slot) -> Result<Reply, Failure> {
        let (live, _, seat) = match Self::offer_game(slot, actor) {
            Ok(found) => found,
            Err(why) => return Ok(Reply::private(why)),
        };
        let Some(opponent) = Self::opponent(live, seat).filter(|o| o.level.is_none()) else {
            return Ok(Reply::private(Text::new().key("abort-too-late")));
        };
        if let Some(why) = self.make_offer(live, OfferKind::Abort, actor.member.id).await? {
            return Ok(Reply::private(why));
        }
        Ok(Self::offer_reply(live, actor, &opponent, OfferKind::Abort))
    }
}
