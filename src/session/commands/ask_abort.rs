//! The button under `/abort`'s private answer after the first move: asks the opponent to agree.

use crate::session::text::Text;
use crate::session::{Actor, Reply, Sessions, Slot};
use crate::store::{OfferKind, Store};

use super::Failure;

impl<S: Store> Sessions<S> {
    /// `/abort` by a player after the first move: an offer the opponent must accept.
    pub(super) async fn offer_abort(&self, actor: &Actor, slot: &mut Slot) -> Result<Reply, Failure> {
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
