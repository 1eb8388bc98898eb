//! `/takeback`: asks to take back one's last move.

use crate::session::text::Text;
use crate::session::{Reply, Sessions};
use crate::store::OfferKind;
use crate::t;

use super::{Context, Declaration, Failure, Run};

/// `/takeback`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Takeback;

pub fn declaration() -> Declaration {
    Declaration::without_options("takeback", Takeback.into())
}

/// Levels of the computer that grant a takeback at once; above them it refuses.
const TAKEBACK_LEVELS: std::ops::RangeInclusive<u8> = 1..=3;

impl Run for Takeback {
    /// `/takeback`: asks to take back one's last turn (the computer agrees at its lower levels).
    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        let Context { sessions, actor, slot, .. } = cx;
        let (live, _, seat) = match Sessions::offer_game(slot, actor) {
            Ok(found) => found,
            Err(why) => return Ok(Reply::private(why)),
        };
        let Some(opponent) = Sessions::opponent(live, seat) else {
            return Ok(Reply::private(Text::new().key("takeback-two-players")));
        };
        // A game with hidden tiles has none: the tiles drawn since the move were seen.
        if live.row.game.shuffles() {
            return Ok(Reply::private(t!("takeback-hidden", game = live.row.game.title())));
        }
        let turns = Sessions::turns(live)?;
        let Some(mine) = turns.iter().rposition(|&(_, s)| s == seat) else {
            return Ok(Reply::private(Text::new().key("takeback-nothing")));
        };
        if turns.len() - mine > 2 {
            return Ok(Reply::private(t!("takeback-too-late", player = Text::new().player(&opponent))));
        }
        if let Some(level) = opponent.level {
            if !TAKEBACK_LEVELS.contains(&level) {
                return Ok(Reply::private(t!(
                    "takeback-refused",
                    player = Text::new().player(&opponent),
                    level = level
                )));
            }
            if let Some(why) = sessions.make_offer(live, OfferKind::Takeback, actor.member.id).await? {
                return Ok(Reply::private(why));
            }
            return sessions.settle_offer(slot, &opponent, true).await;
        }
        if let Some(why) = sessions.make_offer(live, OfferKind::Takeback, actor.member.id).await? {
            return Ok(Reply::private(why));
        }
        Ok(Sessions::offer_reply(live, actor, &opponent, OfferKind::Takeback))
    }
}
