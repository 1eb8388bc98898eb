//! The Accept and Decline buttons under an offer (a draw, a takeback, an abort).

use crate::session::offers::offer_name;
use crate::session::text::Text;
use crate::session::{Actor, Reply, Sessions, Slot, messages};
use crate::t;

use super::{Context, Failure, Run};

/// Answers the pending offer of game `session` (its Accept or Decline button).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    pub session: i64,
    /// The offer's nonce: the buttons of an older offer do not answer a newer one.
    pub offer: u32,
    pub accept: bool,
}

impl Run for Answer {
    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        cx.sessions.answer(cx.actor, cx.slot, self.session, self.offer, self.accept).await
    }
}

impl Sessions {
    /// An answer to the pending offer, from its buttons (`session` names the game they were made for).
    async fn answer(
        &self,
        actor: &Actor,
        slot: &mut Slot,
        session: i64,
        nonce: u32,
        accept: bool,
    ) -> Result<Reply, Failure> {
        let expired = || Reply::private(Text::new().key("offer-closed"));
        let Slot::Open(live) = slot else { return Ok(expired()) };
        if live.row.id != session || live.game.is_none() {
            return Ok(expired());
        }
        let Some(offer) = self.pending_offer(live).filter(|o| o.nonce == nonce) else {
            return Ok(expired());
        };
        if offer.by == actor.member.id {
            return Ok(Reply::private(t!("offer-own", offer = offer_name(offer.kind))));
        }
        let Some(seat) = live.seat_of(actor.member.id) else {
            return Ok(Reply::private(t!("offer-for-players", players = messages::vs_line(live))));
        };
        let player = live.row.players[seat].clone();
        self.settle_offer(slot, &player, accept).await
    }
}
